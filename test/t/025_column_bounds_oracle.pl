# The column bounds' oracle (test/lib/column_oracle.py): random lookups by key over tables whose
# CHECK ties a timestamptz column to the key's time, each run with uuidx.column_bounds on and off,
# give the same rows (or table state, for UPDATE and DELETE); the bounds are added on the tables
# with a validated, zone-independent tie and never on the others. Then plan invalidation: a cached
# plan made with the constraint is not used after the constraint is dropped.
use strict;
use warnings FATAL => 'all';
use FindBin;
use lib "$FindBin::RealBin/lib";
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use UuidxGeneration;
use UuidxOracle;

my $seed = $ENV{UUIDX_ORACLE_SEED} // 20261129;
my $n = sized(300, 100);
my $node = started_node('column_oracle', "shared_preload_libraries = 'uuidx'");
$node->safe_psql('postgres', 'CREATE DATABASE oracle');

my $work = PostgreSQL::Test::Utils::tempdir;
my $start = time;
oracle_python('column_oracle.py', 'gen', $seed, $n, "$work/oracle.sql");
my ($rc, $errors) = psql_script($node, 'oracle', "$work/oracle.sql", "$work/oracle.out", "$work/oracle.err");
note(sprintf('oracle script: exit code %d, %d ms (seed %s, %s lookups a table)', $rc >> 8, (time - $start) * 1000, $seed, $n));
ok($rc == 0 && $errors eq '', 'oracle script ran') or diag($errors);

my ($major) = `pg_config --version` =~ /^PostgreSQL (\d+)/;
my %never = map { $_ => 1 } qw(c_days c_dropped c_no_tie c_not_valid);
# 17's own uuid_extract_timestamp reads v1 only: c_keyed_pg's tie holds nothing for its v7 keys.
my %few = map { $_ => 1 } ($major == 17 ? 'c_keyed_pg' : ());
my %unpartitioned = map { $_ => 1 } qw(c_inherit c_keyed c_keyed_pg c_sub_ms);
my $stats = oracle_python('column_oracle.py', 'check', "$work/oracle.out");
my $tables = 0;
for my $line (split /\n/, $stats)
{
	my ($table, $tried, $mismatched, $fired, $scans_on, $scans_off) = split ' ', $line;
	if ($table eq 'mismatched')
	{
		diag("$line (queries: $work/oracle.sql)");
		next;
	}
	$tables++;
	note("$table: $tried lookups, $mismatched mismatches (seed $seed); bounds in $fired plans; scans $scans_on on, $scans_off off");
	ok($mismatched == 0 && $tried >= $n, "$table: rows identical with the setting on and off");
	if ($never{$table})
	{
		ok($fired == 0 && $scans_on == $scans_off, "$table: never bounded");
	}
	elsif ($few{$table})
	{
		ok($fired * 100 < $tried * 30, "$table: bounded only by comparisons of that time itself");
	}
	else
	{
		# About 45 to 65 % of the lookups have a key with a time (the others: NULL, a v4, OR v < 5).
		ok($fired * 100 >= $tried * 30, "$table: bounded for many lookups");
		ok($scans_on < $scans_off, "$table: fewer partitions scanned") unless $unpartitioned{$table};
	}
}
is($tables, 13, 'every table checked');

# Controls. The check sees a changed answer: one row count altered in a copy of the output.
my $out = slurp_file("$work/oracle.out");
$out =~ s/^(R\|c_between\|\d+\|on\|)(\d+)/$1 . ($2 + 1)/me;
PostgreSQL::Test::Utils::append_to_file("$work/altered.out", $out);
like(oracle_python('column_oracle.py', 'check', "$work/altered.out"), qr/^c_between \d+ 1 /m,
	'control: the check counts an answer changed in one lookup');
# A tie moved by a day was checked in UTC: in another zone some rows lie outside the bound it
# would give, so bounding by it would have changed answers (why c_days is never bounded). Its
# rows span 2026-03-08, when New York's clocks went forward.
check_sql($node, "control: c_days' rows outside its bound in another zone", q{
	SET TimeZone = 'America/New_York';
	SELECT count(*) > 0, count(*) || ' rows before uuid_extract_time(id) - interval ''1 day'' in New York time'
	FROM c_days WHERE created_at < uuid_extract_time(id) - interval '1 day'}, 'oracle');

# Plan invalidation: plans cached with the constraint (a generic plan, PL/pgSQL's), the constraint
# dropped, a row inserted that breaks it: found by both.
$node->safe_psql('postgres', q{
	CREATE EXTENSION uuidx;
	CREATE TABLE ev (id uuid NOT NULL, created_at timestamptz NOT NULL,
	  CONSTRAINT tie CHECK (created_at BETWEEN uuid_extract_time(id) - interval '1 minute' AND uuid_extract_time(id)))
	  PARTITION BY RANGE (created_at);
	CREATE TABLE ev_old PARTITION OF ev FOR VALUES FROM ('2020-01-01') TO ('2026-01-01');
	CREATE TABLE ev_new PARTITION OF ev FOR VALUES FROM ('2026-01-01') TO ('2027-01-01');
	INSERT INTO ev VALUES ('019b76da-a800-7000-8000-000000000001', '2025-12-31 23:59:30+00');
	CREATE FUNCTION found(k uuid) RETURNS bigint LANGUAGE plpgsql AS $$ BEGIN RETURN (SELECT count(*) FROM ev WHERE id = k); END $$;});
my $late = '019858a0-f400-7000-8000-000000000002';  # 2025-07-30: its row goes to ev_new, outside its bound
my $result = $node->safe_psql('postgres', qq{
	SET plan_cache_mode = force_generic_plan;
	PREPARE q(uuid) AS SELECT count(*) FROM ev WHERE id = \$1;
	SELECT 'before', (SELECT count(*) FROM ev WHERE id = '$late'), found('$late');
	EXECUTE q('$late');
	EXPLAIN (COSTS OFF) EXECUTE q('$late');
	ALTER TABLE ev DROP CONSTRAINT tie;
	INSERT INTO ev VALUES ('$late', '2026-06-01 00:00:00+00');
	EXECUTE q('$late');
	SELECT found('$late');
	SET uuidx.column_bounds = off;
	EXECUTE q('$late');});
my @lines = split /\n/, $result;
note("plan invalidation: @lines");
is($lines[-3] . '|' . $lines[-2], '1|1', 'a generic plan and a PL/pgSQL plan made with the constraint find the row that breaks it after the drop');
is($lines[-1], '1', 'control: the row is found with the setting off');
like($result, qr/Subplans Removed: 1.*COALESCE\(\(uuid_extract_time\(\$1\)/s,
	'control: the generic plan carried the bounds before the drop (one of two partitions removed)');

# An inheritance child whose column may be NULL where the parent's may not (before 18 the child
# drops the NOT NULL; from 18 the parent's is NO INHERIT): its NULL row is found.
my $nn = $major >= 18
  ? 'CREATE TABLE inh (id uuid NOT NULL, created_at timestamptz, CONSTRAINT nn NOT NULL created_at NO INHERIT'
  : 'CREATE TABLE inh (id uuid NOT NULL, created_at timestamptz NOT NULL';
$node->safe_psql('postgres', "$nn,
	CHECK (created_at BETWEEN uuid_extract_time(id) - interval '1 minute' AND uuid_extract_time(id) + interval '1 second'));
	CREATE TABLE inh_child () INHERITS (inh);" . ($major >= 18 ? '' : ' ALTER TABLE inh_child ALTER COLUMN created_at DROP NOT NULL;') . "
	INSERT INTO inh_child VALUES ('018fd3ab-c200-7000-8000-000000000000', NULL);");
check_sql($node, 'a NULL column in an inheritance child that may hold one: found', q{
	SELECT count(*) = 1, count(*) || ' rows' FROM inh WHERE id = '018fd3ab-c200-7000-8000-000000000000'});
# The transaction's time moved far back, then by a tie's interval: no error, the same rows.
my ($orc, $oout, $oerr) = $node->psql('postgres', q{
	CREATE TABLE far (id uuid_v7 NOT NULL, created_at timestamptz,
	  CHECK (created_at <= uuid_extract_time(id) + interval '8784000 hours'));
	INSERT INTO far VALUES ('018fd3ab-c200-7000-8000-000000000000', '2024-06-01');
	SELECT count(*) FROM far WHERE created_at >= now() - interval '1000 years 366000 days'
	  - interval '1000 years 366000 days' - interval '1000 years 366000 days'});
ok($orc == 0 && $oout eq '1', 'the transaction time moved thousands of years back: no error, the row found')
  or diag("$oout $oerr");

$node->stop;
no_crash_in_log($node);
done_testing();
