# The time-predicate rewrite's oracle (test/t/README.md, test/lib/time_oracle.py): each random
# predicate runs on, then off, in one transaction (same now()). uuidx is preloaded behind
# pg_stat_statements where available, so its hook runs chained behind another planner hook.
use strict;
use warnings FATAL => 'all';
use File::Copy qw(copy);
use FindBin;
use lib "$FindBin::RealBin/lib";
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use UuidxGeneration;
use UuidxOracle;

my $seed = $ENV{UUIDX_ORACLE_SEED} // 20261123;
my $n = sized(300, 100);
my ($major) = `pg_config --version` =~ /^PostgreSQL (\d+)/;
my $pkglibdir = `pg_config --pkglibdir`;
chomp $pkglibdir;
my $preload = -f "$pkglibdir/pg_stat_statements.so" ? 'pg_stat_statements,uuidx' : 'uuidx';
my $node = started_node('time_oracle', "shared_preload_libraries = '$preload'");
$node->safe_psql('postgres', 'CREATE DATABASE oracle');
$node->safe_psql('oracle', 'CREATE EXTENSION uuidx; CREATE TABLE first (id uuid_v7 PRIMARY KEY)');
$node->safe_psql('oracle', 'CREATE EXTENSION pg_stat_statements') if $preload ne 'uuidx';

# Preloaded: the very first statement of a fresh session is rewritten (no earlier uuidx call).
my $plan = $node->safe_psql('oracle', 'EXPLAIN (COSTS OFF) SELECT * FROM first WHERE uuid_extract_time(id) >= now()');
note("shared_preload_libraries = '$preload'");
like($plan, qr/uuid_v7_lower_bound/, 'preloaded: the first statement of a session is rewritten');
# A user may turn it off (PGC_USERSET).
my ($rc, $out, $err) = $node->psql('oracle', 'CREATE ROLE plain LOGIN; GRANT SELECT ON first TO plain; SET ROLE plain;
	SET uuidx.time_predicates = off; EXPLAIN (COSTS OFF) SELECT * FROM first WHERE uuid_extract_time(id) >= now()');
ok($rc == 0 && $out !~ /uuid_v7_lower_bound/ && $err !~ /error/i, 'a non-superuser turns it off with SET')
  or diag("$out\n$err");

my $work = PostgreSQL::Test::Utils::tempdir;
my $start = time;
oracle_python('time_oracle.py', 'gen', $seed, $major, $n, "$work/oracle.sql");
# The foreign table's file, in the data directory (file_fdw reads it relative to it).
copy("$work/oracle.sql.foreign.csv", $node->data_dir . '/uuidx_oracle_foreign.csv') or die "copy: $!";
chmod 0644, $node->data_dir . '/uuidx_oracle_foreign.csv';
($rc, my $errors) = psql_script($node, 'oracle', "$work/oracle.sql", "$work/oracle.out", "$work/oracle.err");
note(sprintf('oracle script: exit code %d, %d ms (seed %s, %s predicates a table)', $rc >> 8, (time - $start) * 1000, $seed, $n));
ok($rc == 0 && $errors eq '', 'oracle script ran') or diag($errors);

my $stats = oracle_python('time_oracle.py', 'check', "$work/oracle.out");
my $tables = time_oracle_checks($stats, $n, $seed, '', "$work/oracle.sql.queries");
note('oracle: ' . join('; ', split /\n/, $stats));
is($tables, 8, 'every table checked');

# Chained: pg_stat_statements saw the plans too (its planner hook ran around ours).
SKIP:
{
	skip 'pg_stat_statements is not installed with this server', 1 if $preload eq 'uuidx';
	check_sql($node, "chained with pg_stat_statements' planner hook", q{
		SELECT count(*) > 0, count(*) || ' statements over uuid_extract_time recorded by pg_stat_statements'
		FROM pg_stat_statements WHERE query LIKE '%uuid_extract_time%'}, 'oracle');
}

# From 19 on the planner hook passes on the EXPLAIN state, which 19's pg_plan_advice reads: with
# uuidx's hook in the chain, EXPLAIN (PLAN_ADVICE) keeps its advice, and the rewrite still fires.
if ($major >= 19)
{
	($rc, $out, $err) = $node->psql('oracle', "LOAD 'pg_plan_advice';
		EXPLAIN (COSTS OFF, PLAN_ADVICE) SELECT * FROM first WHERE uuid_extract_time(id) >= now()");
	ok($out =~ /Generated Plan Advice/ && $out =~ /uuid_v7_lower_bound/,
		'pg_plan_advice: EXPLAIN (PLAN_ADVICE) keeps its advice section, the rewrite still fires')
	  or diag("$out\n$err");
}

$node->stop;
no_crash_in_log($node);
done_testing();
