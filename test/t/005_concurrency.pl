# Concurrency (test/t/README.md): 16 sessions generate at once (test/concurrency/*.pgbench); then
# v7 alone, where a value on the tick of the one before it steps rand_b by 1 to 2^32 (RFC 9562
# §6.2, Method 2).
use strict;
use warnings FATAL => 'all';
use FindBin;
use lib "$FindBin::RealBin/lib";
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use UuidxGeneration;

my $sessions = 16;
my $per_session = 100_000;
my $chunk = 10_000;

my $node = started_node('concurrency', 'max_connections = 40');
$node->safe_psql('postgres', 'CREATE EXTENSION uuidx');

gen_tables($node);
gen_concurrent($node, $sessions, $per_session, $chunk, 'session.pgbench', 1, 4, 6, 7);
my $start = time;
gen_checks($node, $sessions, $per_session, '');
note(sprintf('checks took %.1f s', time - $start));

gen_tables($node, 7);
gen_concurrent($node, $sessions, $per_session, $chunk, 'session_v7.pgbench', 7);
$start = time;
gen_checks($node, $sessions, $per_session, 'v7 only: ', 7);
# tick = the first 16 hex digits, rand_b = the last 16 without the variant bits.
check_sql($node, 'v7 only: same-tick increments within each session', q{
	SELECT same > 0 AND bad = 0, format('%s values, %s on the tick of the value before them, increment outside [1, 2^32] = %s', n, same, bad)
	FROM (SELECT count(*) n, count(*) FILTER (WHERE tick = prev_tick) same,
	             count(*) FILTER (WHERE tick = prev_tick AND rand_b - prev_rand_b NOT BETWEEN 1 AND 4294967296) bad
	      FROM (SELECT tick, rand_b, lag(tick) OVER w prev_tick, lag(rand_b) OVER w prev_rand_b
	            FROM (SELECT sid, seq, left(h, 16) tick, ('x' || right(h, 16))::bit(64)::bigint & 4611686018427387903 rand_b
	                  FROM (SELECT sid, seq, replace(u::text, '-', '') h FROM gen_v7) a) b
	            WINDOW w AS (PARTITION BY sid ORDER BY seq)) c) d});
note(sprintf('checks took %.1f s', time - $start));

$node->stop;
no_crash_in_log($node);
done_testing();
