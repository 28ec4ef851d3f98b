# One v7 sequence per server (uuidx.v7_scope = 'server'; test/t/README.md): 1. refused without
# preload; 2. many sessions at once; 3. a crash restart; 4. sessions taking turns
# (test/serverscope/turns.sql) across a clock step back, session scope the control that must
# fail; 5. a crash restart after the step: values restart from the clock (docs/scale-out.md).
use strict;
use warnings FATAL => 'all';
use FindBin;
use lib "$FindBin::RealBin/lib";
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use UuidxFaketime;
use UuidxGeneration;

my $sessions = 16;
my $per_session = 100_000;
my $turns = sized(10_000, 4_000);
my $half = int($turns / 2);
my $serverscope = "$FindBin::RealBin/../serverscope";
my $needs_preload = "ERROR:  55000: uuidx.v7_scope = 'server' requires uuidx in shared_preload_libraries";

# stdout and stderr of a psql script, one string (ON_ERROR_STOP off: the script goes on).
sub psql_all
{
	my ($node, $sql) = @_;
	my ($rc, $out, $err) = $node->psql('postgres', $sql, on_error_stop => 0);
	return "$out\n$err";
}

# Kills a backend with SIGKILL: the postmaster re-creates shared memory (uuidx's startup hook runs
# again) and accepts connections after recovery (restart_after_crash is on in the nodes that crash).
sub crash_restart
{
	my ($node) = @_;
	my $sleep = 'SELECT pg_sleep(120)';
	my $sleeper = IPC::Run::start([ 'psql', '-X', '-d', $node->connstr('postgres'), '-c', $sleep ], '>', \my $o, '2>', \my $e);
	$node->poll_query_until('postgres', "SELECT count(*) > 0 FROM pg_stat_activity WHERE query = '$sleep'") or return 0;
	my $offset = -s $node->logfile;
	kill 'KILL', $node->safe_psql('postgres', "SELECT pid FROM pg_stat_activity WHERE query = '$sleep' LIMIT 1");
	$sleeper->finish;
	return (eval { $node->wait_for_log(qr/all server processes terminated; reinitializing/, $offset) }
		  && poll_sql($node, 'postgres', 'SELECT true')) ? 1 : 0;
}

# ---- 1. without shared_preload_libraries --------------------------------------------------
my $plain = started_node('no_preload');
$plain->safe_psql('postgres', 'CREATE EXTENSION uuidx');
my $out = psql_all($plain, q{SELECT uuid_generate_v7();
\set VERBOSITY verbose
ALTER SYSTEM SET uuidx.v7_scope = 'server';});
note(join(' ', $out =~ /(ERROR:.*)/g));
ok( index($out, q{ERROR:  55000: invalid value for parameter "uuidx.v7_scope": "server"}) >= 0
	  && index($out, 'shared_preload_libraries') >= 0,
	"no preload: ALTER SYSTEM SET uuidx.v7_scope = 'server' refused");

# A reload that brings 'server' reaches a session idle inside a transaction block: that session
# fails like every other one, it does not go on in session scope.
my $conf = $plain->data_dir . '/postgresql.conf';
$out = psql_all($plain, qq{\\set VERBOSITY verbose
BEGIN;
SELECT uuid_generate_v7() IS NOT NULL AS before_reload;
\\! echo "uuidx.v7_scope = 'server'" >> '$conf'
SELECT pg_reload_conf();
SELECT pg_sleep(1);
SELECT 'scope_in_transaction=' || current_setting('uuidx.v7_scope');
SELECT 'after_reload=' || uuid_generate_v7();
ROLLBACK;});
note(join(' ', $out =~ /(scope_in_transaction=[a-z]+|after_reload=[0-9a-f-]+|ERROR: [^:]*: [^\n]{0,100})/g));
ok( index($out, 'scope_in_transaction=server') >= 0
	  && index($out, $needs_preload) >= 0
	  && index($out, 'after_reload=') < 0,
	"no preload: a reload inside a transaction block brings 'server' to that session too: uuid_generate_v7() fails, no fallback");

# Parallel workers restore the leader's settings, 'server' among them: a query calling no uuidx
# function must work in a session that loaded uuidx, and in its workers.
reload_setting($plain, 'session_preload_libraries', 'uuidx');
$out = psql_all($plain, q{SET max_parallel_workers_per_gather = 2;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
CREATE TABLE parallel_rows AS SELECT g FROM generate_series(1, 100000) AS g;
ANALYZE parallel_rows;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM parallel_rows;
SELECT 'count=' || count(*) FROM parallel_rows;
SELECT 'scope=' || current_setting('uuidx.v7_scope');
DROP TABLE parallel_rows;});
note(join(' ', $out =~ /(Workers Launched: \d+|count=\d+|scope=\w+|ERROR.*)/g));
ok( index($out, 'count=100000') >= 0
	  && index($out, 'scope=server') >= 0
	  && $out =~ /Workers Launched: [12]/
	  && index($out, 'ERROR') < 0,
	"no preload, 'server' in the configuration, uuidx loaded by session_preload_libraries: a parallel query works");
# RESET: SET to '' would give the list '""'.
$plain->safe_psql('postgres', 'ALTER SYSTEM RESET session_preload_libraries');
$plain->reload;
poll_sql($plain, 'postgres', q{SELECT current_setting('session_preload_libraries') = ''}) or die 'session_preload_libraries was not reset';

$out = psql_all($plain, "\\set VERBOSITY verbose\nSELECT uuid_generate_v7();");
note(join(' ', $out =~ /(ERROR:.*)/g));
ok(index($out, $needs_preload) >= 0, "no preload: 'server' in postgresql.conf makes uuid_generate_v7() an error, no fallback");
# Qualified: on 18 an unqualified uuidv7() is PostgreSQL's own (pg_catalog is searched first).
$out = psql_all($plain, 'SELECT public.uuidv7();');
note(join(' ', $out =~ /(ERROR:.*)/g));
ok(index($out, 'requires uuidx in shared_preload_libraries') >= 0, "no preload: uuidx's uuidv7() the same error");
$out = $plain->safe_psql('postgres',
	q{SELECT uuid_generate_v7('2024-01-01 00:00:00+00') IS NOT NULL, uuidv7('-1 day') IS NOT NULL});
is($out, 't|t', 'no preload: uuid_generate_v7(at) and uuidv7(interval) still work (not in any server sequence)');
$plain->stop;
no_crash_in_log($plain);

# ---- 2. preload, server scope: many sessions at once --------------------------------------
my $node = started_node('server_scope', qq{shared_preload_libraries = 'uuidx'
uuidx.v7_scope = 'server'
max_connections = 40
restart_after_crash = on});
$node->safe_psql('postgres', 'CREATE EXTENSION uuidx');
check_sql($node, 'preload: scope is server',
	q{SELECT current_setting('uuidx.v7_scope') = 'server', 'uuidx.v7_scope = ' || current_setting('uuidx.v7_scope')});
gen_tables($node, 7);
gen_concurrent($node, $sessions, $per_session, 10_000, 'session_v7.pgbench', 7);
gen_checks($node, $sessions, $per_session, 'server scope: ', 7);
# RFC 9562 §6.2, Method 1: the 4-bit counter (top of rand_b) is in use when values share a tick.
check_sql($node, 'server scope: several values per tick carry counters 1..15', q{
	SELECT max(c) >= 1, format('%s values, %s on a tick shared with another value, counters up to %s', count(*), count(*) FILTER (WHERE n > 1), max(c))
	FROM (SELECT count(*) OVER (PARTITION BY left(h, 16)) n, (('x' || substr(h, 17, 1))::bit(4)::int & 3) * 4 + (('x' || substr(h, 18, 1))::bit(4)::int >> 2) c
	      FROM (SELECT replace(u::text, '-', '') h FROM gen_v7) a) b});

# Under load the clock read right after each value is never behind it (beyond 1 µs of rounding)
# and 99.9% of values are within 1 ms of it.
$node->safe_psql('postgres', 'CREATE UNLOGGED TABLE drift (sid int, lag_ms float8)');
{
	local $ENV{PGOPTIONS} = '-c client_min_messages=warning';
	my ($bench_out, $bench_err);
	IPC::Run::run([ 'pgbench', '-n', '-c', 16, '-j', 2, '-t', 50, '-f', "$serverscope/drift.pgbench", '-h', $node->host, '-p', $node->port, 'postgres' ],
		'>', \$bench_out, '2>', \$bench_err) or diag("pgbench:\n$bench_out\n$bench_err");
}
check_sql($node, 'server scope: values within 1 ms of the clock with 16 sessions', q{
	SELECT min(lag_ms) >= -0.001 AND percentile_cont(0.999) WITHIN GROUP (ORDER BY lag_ms) < 1,
	       format('%s values from %s sessions; clock - value: min %s ms, median %s ms, 99.9th percentile %s ms, max %s ms',
	              count(*), count(DISTINCT sid), round(min(lag_ms)::numeric, 4),
	              round(percentile_cont(0.5) WITHIN GROUP (ORDER BY lag_ms)::numeric, 4),
	              round(percentile_cont(0.999) WITHIN GROUP (ORDER BY lag_ms)::numeric, 4), round(max(lag_ms)::numeric, 3))
	FROM drift});

# ---- 3. crash restart -----------------------------------------------------------------------
no_crash_in_log($node, 'server log before the crash test: no crashed backend');
my $before = $node->safe_psql('postgres', 'SELECT uuid_generate_v7()');
ok(crash_restart($node), 'crash restart: the postmaster re-created shared memory and accepts connections again');
$node->safe_psql('postgres', 'CREATE TEMP TABLE after_crash AS SELECT uuid_generate_v7() u FROM generate_series(1, 1000);
	INSERT INTO after_crash SELECT uuid_generate_v7() FROM generate_series(1, 1000);
	CREATE TABLE after_crash_all AS SELECT * FROM after_crash');
$node->safe_psql('postgres', 'INSERT INTO after_crash_all SELECT uuid_generate_v7() FROM generate_series(1, 1000)')
  for 1 .. 3;
check_sql($node, 'crash restart: every value after it greater than the last before it', qq{
	SELECT bool_and(u > '$before'), format('last before the crash %s (%s); %s values after it in 4 sessions, smallest %s (%s), not greater = %s',
	       '$before', uuid_extract_time('$before', true), count(*), (array_agg(u ORDER BY u))[1],
	       uuid_extract_time((array_agg(u ORDER BY u))[1], true), count(*) FILTER (WHERE u <= '$before'))
	FROM after_crash_all});
$node->stop;

# ---- 4. happens-before, across a clock step back of 2 s (libfaketime) ---------------------
my $libfaketime = faketime_library();
unless ($libfaketime)
{
	SKIP: { faketime_missing($libfaketime, 1) }
	done_testing();
	exit;
}
my $faked = PostgreSQL::Test::Cluster->new('happens_before');
$faked->init;
$faked->append_conf('postgresql.conf', qq{shared_preload_libraries = 'uuidx'
max_connections = 40
restart_after_crash = on});
my $fake_clock = faketime_start($faked, $libfaketime);
$faked->safe_psql('postgres', 'CREATE EXTENSION uuidx');

# A psql of its own running SQL, in the background.
sub psql_start
{
	return IPC::Run::start([ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', $faked->connstr('postgres'), '-c', $_[0] ],
		'>', \my $o, '2>', \my $e);
}

# One run of the turns in the given scope; leaves table hb.
sub run_turns
{
	my ($scope) = @_;
	$fake_clock->('+0');
	reload_setting($faked, 'uuidx.v7_scope', $scope);
	$faked->safe_psql('postgres', 'SET client_min_messages = warning; DROP TABLE IF EXISTS hb, hb_state, hb_gate;
		DROP FUNCTION IF EXISTS hb_owner; DROP PROCEDURE IF EXISTS hb_take_turns');
	$faked->safe_psql('postgres', PostgreSQL::Test::Utils::slurp_file("$serverscope/turns.sql"));
	# The gate: held by a session of its own until the clock has been stepped.
	my $holder = psql_start('BEGIN; LOCK TABLE hb_gate IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(3600)');
	unless (poll_sql($faked, 'postgres', q{SELECT count(*) = 1 FROM pg_locks WHERE relation = 'hb_gate'::regclass AND granted}))
	{
		fail("$scope scope: the gate is held");
		$holder->kill_kill;
		return;
	}
	my $start = time;
	my @takers = map { psql_start("CALL hb_take_turns($_, $turns, $half)") } 1 .. 4;
	# Turn half - 1 is committed and sessions 3 and 4 wait for the gate, none of them asleep.
	poll_sql($faked, 'postgres', qq{SELECT (SELECT turn FROM hb_state) = $half - 1
		AND (SELECT count(*) FROM pg_locks WHERE relation = 'hb_gate'::regclass AND NOT granted) = 2});
	$fake_clock->('-2');    # the server's clock steps back 2 s
	$faked->safe_psql('postgres', q{SELECT pg_terminate_backend(pid) FROM pg_locks WHERE relation = 'hb_gate'::regclass AND granted});
	$holder->finish;
	push @takers, map { psql_start("CALL hb_take_turns($_, $turns, $half)") } 5, 6;
	my $all_done = 1;
	for my $t (@takers)
	{
		$t->finish or $all_done = 0;
	}
	$fake_clock->('+0');
	note(sprintf('%s scope: %d turns taken by 6 sessions in %.1f s', $scope, $turns, time - $start));
	ok($all_done, "$scope scope: every turn taken");
	check_sql($faked, "$scope scope: the clock stepped back 2 s between two turns, new sessions after it", qq{
		-- Back by the 2 s step less the time between the two turns (up to 1 s seen on a loaded machine).
		SELECT extract(epoch FROM b.at - a.at) BETWEEN -2.5 AND -0.05
		       AND (SELECT count(DISTINCT pid) FROM hb) = 6
		       AND NOT EXISTS (SELECT FROM hb x JOIN hb y USING (pid) WHERE x.turn < $half AND y.owner IN (5, 6)),
		       format('clock_timestamp() at turn %s minus at turn %s: %s s; %s sessions (backend pids), sessions 5 and 6 started after the step',
		              $half, $half - 1, round(extract(epoch FROM b.at - a.at)::numeric, 3), (SELECT count(DISTINCT pid) FROM hb))
		FROM hb a, hb b WHERE a.turn = $half - 1 AND b.turn = $half});
	return;
}

run_turns('server');
check_sql($faked, 'server scope: every value greater than every earlier one', qq{
	SELECT count(*) = $turns AND count(*) FILTER (WHERE u <= prev) = 0,
	       format('%s turns over %s sessions, a value not greater than the one before it = %s', count(*), count(DISTINCT pid), count(*) FILTER (WHERE u <= prev))
	FROM (SELECT u, pid, lag(u) OVER (ORDER BY turn) prev FROM hb) s});
# After the step the sequence goes on from where it was, ahead of the clock by up to the step.
check_sql($faked, 'server scope: after the step the values go on from before it, at most the step ahead of the clock', qq{
	SELECT (array_agg(ahead_ms ORDER BY turn))[1] > 1000 AND max(ahead_ms) < 2000,
	       format('first turn after the step: value %s ms ahead of the clock; over all later turns %s..%s ms',
	              round((array_agg(ahead_ms ORDER BY turn))[1]::numeric, 3), round(min(ahead_ms)::numeric, 3), round(max(ahead_ms)::numeric, 3))
	FROM (SELECT turn, extract(epoch FROM uuid_extract_time(u, true) - at) * 1000 ahead_ms FROM hb WHERE turn >= $half) s});

run_turns('session');
check_sql($faked, 'session scope: the same test detects values going back (it can fail)', q{
	SELECT count(*) FILTER (WHERE u <= prev) >= 1,
	       format('%s turns, a value not greater than the one before it = %s, the first at turn %s (owner %s, a new session: %s)',
	              count(*), count(*) FILTER (WHERE u <= prev), min(turn) FILTER (WHERE u <= prev),
	              (array_agg(owner ORDER BY turn) FILTER (WHERE u <= prev))[1], (array_agg(owner ORDER BY turn) FILTER (WHERE u <= prev))[1] IN (5, 6))
	FROM (SELECT turn, owner, u, lag(u) OVER (ORDER BY turn) prev FROM hb) s});

# ---- 5. crash restart after a clock step back ------------------------------------------------
# Shared memory is re-created at 0: the first value follows the clock, 10 s behind the last.
reload_setting($faked, 'uuidx.v7_scope', 'server');
no_crash_in_log($faked, 'server log before the crash test: no crashed backend');
$faked->safe_psql('postgres', 'SELECT uuid_generate_v7()');
$fake_clock->('-10');
$before = $faked->safe_psql('postgres', 'SELECT uuid_generate_v7()');    # 10 s ahead of the clock
my $restarted = crash_restart($faked);
my $after = $restarted ? $faked->safe_psql('postgres', 'SELECT uuid_generate_v7()') : '00000000-0000-0000-0000-000000000000';
$fake_clock->('+0');
check_sql($faked, 'crash restart with the clock 10 s back: values restart from the clock (documented)', qq{
	SELECT $restarted = 1 AND '$after'::uuid < '$before'::uuid,
	       format('server back after the crash: %s; last before the crash %s, first after it %s: %s s earlier', $restarted = 1,
	              uuid_extract_time('$before', true), uuid_extract_time('$after', true),
	              round(extract(epoch FROM uuid_extract_time('$before', true) - uuid_extract_time('$after', true))::numeric, 3))});
$faked->stop;
done_testing();
