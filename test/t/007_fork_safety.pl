# Fork safety (test/t/README.md). The shipped library leaves its state empty until a backend uses
# it; the fault-injection build's _PG_init fills it (random buffer, v1 node and clock_seq, last v7
# tick), so only the fork handler makes each backend and worker start afresh (without it: the same
# v4 values and v1 node in every session).
use strict;
use warnings FATAL => 'all';
use File::Basename qw(dirname);
use FindBin;
use lib "$FindBin::RealBin/lib";
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxGeneration;

plan skip_all => 'UUIDX_FAULTS_INSTALL names no fault-injection build (the lab makes it: lab/kinds/tap.sh)'
  unless $ENV{UUIDX_FAULTS_INSTALL};

my $sessions = 16;
my $per_session = 100_000;
my $parallel_rows = sized(1_000_000, 250_000);

my $node = started_node('fork_safety', qq{shared_preload_libraries = 'uuidx'
max_connections = 40
max_worker_processes = 16
max_parallel_workers = 8}, install_path => $ENV{UUIDX_FAULTS_INSTALL});

# The postmaster itself has the library mapped: every backend is forked with it already loaded.
my ($postmaster) = split /\n/, PostgreSQL::Test::Utils::slurp_file($node->data_dir . '/postmaster.pid');
my @mapped = grep { m{/uuidx\.so} } split /\n/, PostgreSQL::Test::Utils::slurp_file("/proc/$postmaster/maps");
note(sprintf("shared_preload_libraries = '%s', uuidx.so mapped in postmaster pid %s: %d mappings",
	$node->safe_psql('postgres', 'SHOW shared_preload_libraries'), $postmaster, scalar(@mapped)));
ok(scalar(@mapped) > 0, 'preloaded in the postmaster: uuidx.so mapped there');
my ($library) = map { m{(/\S*/uuidx\.so)} } @mapped;
my ($rc) = $node->psql('postgres', 'SHOW uuidx.test_random_failure');
note('the library preloaded: ' . ($library // 'none'));
ok( defined $library
	  && index($library, dirname($ENV{UUIDX_FAULTS_INSTALL}) . '/') == 0
	  && $rc == 0,
	'the test build that fills the state in _PG_init is the one preloaded');

$node->safe_psql('postgres', 'CREATE EXTENSION uuidx');
gen_tables($node);
gen_concurrent($node, $sessions, $per_session, 10_000, 'session.pgbench', 1, 4, 6, 7);
gen_checks($node, $sessions, $per_session, 'preload: ');

# ---- parallel workers
# force_parallel_mode was renamed debug_parallel_query in PostgreSQL 16.
my $force_parallel = $node->safe_psql('postgres', q{SELECT CASE WHEN current_setting('server_version_num')::int >= 160000
	THEN 'debug_parallel_query' ELSE 'force_parallel_mode' END});
my $parallel_settings = "SET $force_parallel = on; SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0;
	SET min_parallel_table_scan_size = 0; SET max_parallel_workers_per_gather = 4;";
$node->safe_psql('postgres', "CREATE UNLOGGED TABLE par_src AS SELECT i FROM generate_series(1, $parallel_rows) i");
$node->safe_psql('postgres', 'VACUUM ANALYZE par_src');
for my $v (1, 4, 6, 7)
{
	my $plan = $node->safe_psql('postgres', "$parallel_settings
		EXPLAIN (ANALYZE, VERBOSE, COSTS OFF, TIMING OFF)
		CREATE UNLOGGED TABLE par_v$v AS SELECT i, uuid_generate_v$v() u FROM par_src");
	my $launched = ($plan =~ /Workers Launched: (\d+)/)[0] // 0;
	# The generator must be evaluated in the Parallel Seq Scan (in the workers), not above Gather.
	my $in_scan = ($plan =~ /Parallel Seq Scan[^\n]*\n\s*(Output:[^\n]*)/)[0] // '';
	note("parallel v$v: Workers Launched: $launched; Parallel Seq Scan $in_scan");
	ok($launched >= 1 && index($in_scan, "uuid_generate_v$v()") >= 0, "parallel v$v plan used workers, the generator in their scan")
	  or diag($plan);
	check_sql($node, "parallel v$v duplicates", qq{
		SELECT count(*) = $parallel_rows AND count(*) = count(DISTINCT u),
		       format('%s values from a parallel scan, %s distinct, duplicates = %s', count(*), count(DISTINCT u), count(*) - count(DISTINCT u))
		FROM par_v$v});
	check_sql($node, "parallel v$v version and variant bits", qq{
		SELECT bad = 0, format('wrong version nibble or variant = %s of %s', bad, n)
		FROM (SELECT count(*) n, count(*) FILTER (WHERE substr(u::text, 15, 1) <> '$v' OR substr(u::text, 20, 1) NOT IN ('8', '9', 'a', 'b')) bad
		      FROM par_v$v) s});
	next unless $v == 1;
	# Every process (leader and each worker) picks its own node: more than one node proves the
	# values came from several processes, and no process may share a node with another.
	check_sql($node, 'parallel v1 values from several processes', qq{
		SELECT count(DISTINCT uuid_extract_node(u)) BETWEEN 2 AND $launched + 1,
		       format('%s distinct nodes for %s workers launched (+ leader)', count(DISTINCT uuid_extract_node(u)), $launched)
		FROM par_v1});
}

$node->stop;
no_crash_in_log($node);
done_testing();
