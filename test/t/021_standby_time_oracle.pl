# The time-predicate rewrite's oracle (as in 009) on a hot standby (test/t/README.md): the tables
# made on the primary and replayed; every query that reads no clock runs on the primary too.
use strict;
use warnings FATAL => 'all';
use File::Copy qw(copy);
use FindBin;
use lib "$FindBin::RealBin/lib";
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxGeneration;
use UuidxOracle;

my $seed = ($ENV{UUIDX_ORACLE_SEED} // 20261123) + 1;
my $n = sized(300, 60);
my ($major) = `pg_config --version` =~ /^PostgreSQL (\d+)/;

my $primary = started_node('oracle_primary', "shared_preload_libraries = 'uuidx'", allows_streaming => 1);
$primary->safe_psql('postgres', 'CREATE DATABASE oracle');
$primary->safe_psql('oracle', 'CREATE EXTENSION uuidx');
$primary->backup('base');
my $standby = PostgreSQL::Test::Cluster->new('oracle_standby');
$standby->init_from_backup($primary, 'base', has_streaming => 1);
$standby->start;

# The oracle's script in two: what writes (tables, roles, functions: up to the line that sets the
# plan cache mode), run on the primary; the queries, with the script's own session settings
# first, on the standby.
my $work = PostgreSQL::Test::Utils::tempdir;
oracle_python('time_oracle.py', 'gen', $seed, $major, $n, "$work/oracle.sql");
my @lines = split /\n/, slurp_file("$work/oracle.sql");
my ($split) = grep { $lines[$_] eq 'SET plan_cache_mode = force_generic_plan;' } 0 .. $#lines;
die 'the oracle script has no query part' unless defined $split;
my $settings = join "\n", grep { /^(\\set|SET )/ } @lines[ 0 .. 4 ];
append_to_file("$work/setup.sql", join("\n", @lines[ 0 .. $split - 1 ]) . "\n");
append_to_file("$work/queries.sql", join("\n", $settings, @lines[ $split .. $#lines ]) . "\n");
# The foreign table's file, in each data directory (file_fdw reads it relative to it).
for my $node ($primary, $standby)
{
	copy("$work/oracle.sql.foreign.csv", $node->data_dir . '/uuidx_oracle_foreign.csv') or die "copy: $!";
	chmod 0644, $node->data_dir . '/uuidx_oracle_foreign.csv';
}
my ($rc, $errors) = psql_script($primary, 'oracle', "$work/setup.sql", "$work/setup.out", "$work/setup.err");
ok($rc == 0 && $errors eq '', "the oracle's tables made on the primary") or diag($errors);
$primary->wait_for_catchup($standby);

# Every table the oracle reads, whole, on both servers.
my $tables = $primary->safe_psql('oracle', q{SELECT string_agg(relname, ' ' ORDER BY relname) FROM pg_class
	WHERE relname ~ '^o_' AND relkind IN ('r', 'p') AND relnamespace = 'public'::regnamespace});
my $rows_sql = join ' UNION ALL ', map { "SELECT '$_' || ' ' || count(*) || ' ' || md5(string_agg(t::text, ',' ORDER BY t::text)) FROM $_ t" } split ' ', $tables;
my $on_primary = $primary->safe_psql('oracle', $rows_sql);
note('rows on the primary: ' . join(', ', map { (split ' ')[0] . ' ' . (split ' ')[1] } split /\n/, $on_primary));
is($standby->safe_psql('oracle', $rows_sql), $on_primary, "the standby holds the primary's rows in every table of the oracle");

($rc, $errors) = psql_script($standby, 'oracle', "$work/queries.sql", "$work/oracle.out", "$work/oracle.err");
ok($rc == 0 && $errors eq '', 'the queries ran on the standby, read-only') or diag(sprintf('exit code %d; %s', $rc >> 8, $errors));
my $stats = oracle_python('time_oracle.py', 'check', "$work/oracle.out");
($rc, $errors) = psql_script($primary, 'oracle', "$work/oracle.sql.rows", "$work/primary.out", "$work/primary.err");
my ($compared, $total, $differ) = split ' ', oracle_python('time_oracle.py', 'same', "$work/oracle.out", "$work/primary.out", "$work/oracle.sql.queries");
note("queries that read no clock: $compared of $total compared, $differ differ" . ($errors ? "; $errors" : ''));
ok($rc == 0 && $compared > 0 && $differ == 0, "the standby's rows are the primary's for every query that reads no clock");
my $checked = time_oracle_checks($stats, $n, $seed, 'standby, ', "$work/oracle.sql.queries");
note('oracle: ' . join('; ', split /\n/, $stats));
is($checked, 8, 'every table checked on the standby');

$standby->stop;
$primary->stop;
no_crash_in_log($primary, 'primary: server log shows no crashed backend');
no_crash_in_log($standby, 'standby: server log shows no crashed backend');
done_testing();
