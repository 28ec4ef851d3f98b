# Clock faults at the SQL level (test/t/README.md): ONE session generates v1, v6 and v7 while the
# server's wall clock steps (libfaketime). No value goes back or repeats; after a step back the
# values go on from the last one (RFC 9562 §6.2), once the clock is right they follow it.
use strict;
use warnings FATAL => 'all';
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use FindBin;
use lib "$FindBin::RealBin/lib";
use UuidxFaketime;
use UuidxGeneration;

my $per_phase = 20000;    # values of each version per phase
my $half = int($per_phase / 2);
my $libfaketime = faketime_required();

my $node = PostgreSQL::Test::Cluster->new('clock');
$node->init;
my $fake_clock = faketime_start($node, $libfaketime);
$node->safe_psql('postgres', q{
CREATE EXTENSION uuidx;
CREATE UNLOGGED TABLE clk (seq bigint, phase int, v int, u uuid, at timestamptz);
CREATE UNLOGGED TABLE clk_phase (phase int, name text, spec text, expect_s float8, faked timestamptz, real timestamptz, pid int);
});

# phase, libfaketime's offset, the offset in s, name
my @phases = (
	[ 1, '+0', 0, 'real time' ],
	[ 2, '-1', -1, 'clock stepped back 1 s' ],
	[ 3, '+0', 0, 'clock forward 1 s, back to real time' ],
	[ 4, '-1h', -3600, 'clock stepped back 1 h' ],
	[ 5, '+0', 0, 'clock forward 1 h, back to real time' ],
	[ 6, '+1d', 86400, 'clock stepped forward 1 day' ],
	[ 7, '+0', 0, 'clock stepped back 1 day to real time' ]);

# Every value from one session (one backend); the test's own clock is the real one.
my $session = $node->background_psql('postgres');
my $start = time;
$session->query_safe('CREATE TEMP SEQUENCE s');
for my $p (@phases)
{
	my ($n, $spec, $expect, $name) = @$p;
	$fake_clock->($spec);
	my $real = sprintf('%.6f', time);
	$session->query_safe("INSERT INTO clk_phase VALUES ($n, '$name', '$spec', $expect, clock_timestamp(), to_timestamp($real), pg_backend_pid())");
	# One value of each version right after the step and right before the next, so that the first
	# after a step follows the last before it by milliseconds, however slow the bulk statements.
	$session->query_safe("INSERT INTO clk SELECT nextval('s'), $n, $_, uuid_generate_v$_(), clock_timestamp()") for (7, 1, 6);
	for my $round (1, 2)
	{
		$session->query_safe(
			"INSERT INTO clk SELECT nextval('s'), $n, $_, uuid_generate_v$_(), clock_timestamp() FROM generate_series(1, $half)"
		) for (7, 1, 6);
	}
	$session->query_safe("INSERT INTO clk SELECT nextval('s'), $n, $_, uuid_generate_v$_(), clock_timestamp()") for (7, 1, 6);
}
$fake_clock->('+0');
my $values = scalar(@phases) * ($per_phase + 2) * 3;
note(sprintf('%d values of v1, v6 and v7 in %.1f s', $values, time - $start));
ok($session->quit, 'the generating session ran');

check_sql($node, 'one session through every clock step', q{
  SELECT count(DISTINCT pid) = 1 AND count(*) = 7, format('%s phases, backend pids %s', count(*), string_agg(DISTINCT pid::text, ','))
  FROM clk_phase});

# The fault really happened: the server's clock was off by the intended amount in each phase.
for my $p (@phases)
{
	my $n = $p->[0];
	check_sql($node, "phase $n faked clock", qq{
	  SELECT abs(extract(epoch FROM faked - real) - expect_s) < 0.5,
	         format('%s: server clock - real clock = %s s (expected %s s)', name, round(extract(epoch FROM faked - real)::numeric, 3), expect_s)
	  FROM clk_phase WHERE phase = $n});
}

# Never backwards, never the same value: per version over the whole session, in call order.
for my $v (1, 6, 7)
{
	my $key = $v == 1 ? 'uuid_v1_to_v6(u)' : 'u';
	check_sql($node, "v$v strictly increasing across all clock steps", qq{
	  SELECT count(*) FILTER (WHERE k <= prev) = 0,
	         format('%s values, %s consecutive pairs, not increasing = %s', count(*), count(prev), count(*) FILTER (WHERE k <= prev))
	  FROM (SELECT $key k, lag($key) OVER (ORDER BY seq) prev FROM clk WHERE v = $v) s});
	check_sql($node, "v$v duplicates", qq{
	  SELECT count(*) = count(DISTINCT u), format('%s values, duplicates = %s', count(*), count(*) - count(DISTINCT u))
	  FROM clk WHERE v = $v});
}
# v1 and v6 share the session's Gregorian state, so their timestamps increase together.
check_sql($node, 'v1 and v6 timestamps strictly increasing together', q{
  SELECT count(*) FILTER (WHERE k <= prev) = 0,
         format('%s v1+v6 values, not increasing = %s, distinct nodes = %s', count(*),
                count(*) FILTER (WHERE k <= prev), count(DISTINCT uuid_extract_node(k)))
  FROM (SELECT k, lag(k) OVER (ORDER BY seq) prev
        FROM (SELECT seq, CASE v WHEN 1 THEN uuid_v1_to_v6(u) ELSE u END k FROM clk WHERE v IN (1, 6)) a) s});

# Per phase, how far the values are from the (faked) clock.
my $lag = 'extract(epoch FROM at - uuid_extract_time(u)) * 1000';    # ms the clock is ahead of the value
my %back = (2 => 1, 4 => 3600, 7 => 86400);
for my $p (@phases)
{
	my $n = $p->[0];
	my $back = $back{$n} // 0;
	for my $v (7, 1, 6)
	{
		my $figures = qq{format('%s: %s values, clock - value: min %s ms, max %s ms', name, count(*),
		                        round(min($lag)::numeric, 3), round(max($lag)::numeric, 3))};
		my $from = "FROM clk JOIN clk_phase USING (phase) WHERE phase = $n AND v = $v GROUP BY name";
		if ($back == 0)
		{
			# Tracking: 99% within 100 ms, none beyond 900 ms: loose for a busy machine, still below
			# the smallest (1 s) step, so a value that kept counting from before a step fails.
			check_sql($node, "phase $n v$v tracks the clock", qq{
			  SELECT max(abs($lag)) < 900 AND percentile_cont(0.99) WITHIN GROUP (ORDER BY abs($lag)) < 100,
			         $figures || format(', 99th percentile of |clock - value| %s ms',
			                            round(percentile_cont(0.99) WITHIN GROUP (ORDER BY abs($lag))::numeric, 3)) $from});
			next;
		}
		# The first value after the step continues from the session's previous value of the same
		# state (v7 alone; v1 and v6 share one) by at most 1 ms, instead of following the clock back.
		check_sql($node, "phase $n v$v continues after the step back", qq{
		  WITH t AS (SELECT seq, phase, v, at, uuid_extract_time(u) ts,
		                    lag(uuid_extract_time(u)) OVER (PARTITION BY v = 7 ORDER BY seq) prev_ts
		             FROM clk)
		  SELECT ts >= prev_ts AND ts - prev_ts <= interval '1 ms' AND at < ts,
		         format('first v$v after the %s s step: %s ms after the previous value, clock %s ms behind it', $back,
		                round(extract(epoch FROM ts - prev_ts)::numeric * 1000, 4), round(extract(epoch FROM ts - at)::numeric * 1000, 3))
		  FROM t WHERE seq = (SELECT min(seq) FROM clk WHERE phase = $n AND v = $v)});
		# A long step: the clock cannot catch up during the phase, every value stays ahead of it.
		check_sql($node, "phase $n v$v stays ahead of the clock", "SELECT max($lag) < -($back - 10) * 1000.0, $figures $from")
		  if $back >= 3600;
	}
}

$node->stop;
no_crash_in_log($node);
done_testing();
