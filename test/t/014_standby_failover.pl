# uuidx on a streaming standby and after a failover (test/t/README.md). The clocks behind
# (libfaketime) are held still 10 s before the last key they must stay below, however long a
# loaded machine takes, and checked to be there when the keys are made; the second standby is the
# control for the third (uuidx.v7_above_replayed = on). The keys the third makes go to a table
# without a key, where a duplicate could land.
use strict;
use warnings FATAL => 'all';
use FindBin;
use lib "$FindBin::RealBin/lib";
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use UuidxFaketime;
use UuidxGeneration;

my $server_scope = "shared_preload_libraries = 'uuidx'\nuuidx.v7_scope = 'server'";
my $primary = started_node('primary', $server_scope, allows_streaming => 1);
$primary->safe_psql('postgres', q{CREATE EXTENSION uuidx;
	CREATE TABLE events (id uuid_v7 PRIMARY KEY DEFAULT uuid_generate_v7(), n int NOT NULL);
	INSERT INTO events (n) SELECT g FROM generate_series(1, 10000) g});

$primary->backup('base');
my $libfaketime = faketime_library();
# Each standby under libfaketime when it is installed, at the real time until stepped.
sub standby
{
	my ($name, $conf) = @_;
	my $node = PostgreSQL::Test::Cluster->new($name);
	$node->init_from_backup($primary, 'base', has_streaming => 1);
	$node->append_conf('postgresql.conf', $conf) if $conf;
	return ($node, faketime_start($node, $libfaketime));
}
my ($standby, $set_standby_clock) = standby('standby');
my ($behind, $set_clock) = standby('standby_behind');
my ($above, $set_above_clock) = standby('standby_above', 'uuidx.v7_above_replayed = on');

# Rows after the backup reach the standby by streaming; three at the edge of the time query's
# window: 120 and 61 min old (outside), 59 min old (inside).
$primary->safe_psql('postgres', q{INSERT INTO events (n) SELECT g FROM generate_series(10001, 15000) g;
	INSERT INTO events (id, n) SELECT uuid_generate_v7(now() - m * interval '1 minute'), -m FROM unnest('{120, 61, 59}'::int[]) m});
$primary->wait_for_catchup($_) for $standby, $behind, $above;

my $digest = q{SELECT count(*) || ' ' || md5(string_agg(id::text || ':' || n, ',' ORDER BY id)) FROM events};
my $on_primary = $primary->safe_psql('postgres', $digest);
note "rows and md5 on the primary: $on_primary";
is($standby->safe_psql('postgres', $digest), $on_primary, "standby: the rows made by uuidx's default replayed");
is( $standby->safe_psql('postgres', q{SELECT extversion FROM pg_extension WHERE extname = 'uuidx'}),
	$primary->safe_psql('postgres', q{SELECT extversion FROM pg_extension WHERE extname = 'uuidx'}),
	'standby: the extension replayed at the primary\'s version');
is( $standby->safe_psql('postgres', q{SELECT pg_is_in_recovery(), current_setting('transaction_read_only'), uuid_extract_version(uuid_generate_v7())}),
	't|on|7', 'standby: in recovery, uuid_generate_v7() works read-only and is v7');

# Two sessions of the standby, its clock stepped 10 s back in between: in server scope the second
# draws from the shared sequence, above the first's values; in session scope from its clock, below.
SKIP:
{
	faketime_missing($libfaketime, 2);
	my $values = q{SELECT current_setting('uuidx.v7_scope'), min(u), max(u), (extract(epoch FROM uuid_extract_time(max(u))) * 1000)::bigint
		FROM (SELECT uuid_generate_v7() u FROM generate_series(1, 1000)) s};
	my (undef, undef, $first_max, $first_ms) = split /\|/, $standby->safe_psql('postgres', $values);
	$set_standby_clock->(int($first_ms / 1000) - 10);
	my ($scope, $server_min) = split /\|/, $standby->safe_psql('postgres', $values);
	reload_setting($standby, 'uuidx.v7_scope', 'session');
	my ($control_scope, undef, $session_max) = split /\|/, $standby->safe_psql('postgres', $values);
	reload_setting($standby, 'uuidx.v7_scope', 'server');
	$set_standby_clock->('+0');
	note "earlier session's last value $first_max; later session's first, server scope $server_min; later session's last, session scope $session_max; "
	  . 'its clock held ' . ($first_ms - 1000 * (int($first_ms / 1000) - 10)) . ' ms before the earlier session\'s last value';
	ok($scope eq 'server' && $server_min gt $first_max,
		'standby, server scope, its clock stepped back: a later session\'s values above an earlier session\'s');
	ok($control_scope eq 'session' && $session_max lt $first_max,
		'standby, session scope (control), its clock stepped back: a later session\'s values below an earlier session\'s');
}

# The planner's rewrite runs on a standby too, with the same rows as on the primary.
my $query = q{SELECT count(*), string_agg(n::text, ',') FILTER (WHERE n < 0) FROM events WHERE uuid_extract_time(id) >= now() - interval '1 hour'};
like($standby->safe_psql('postgres', "SET enable_seqscan = off; EXPLAIN (COSTS OFF) $query"),
	qr/uuid_v7_lower_bound/, 'standby: a time query is bounded by the key');
# The bound leaves the rows 61 min and 2 h old out before the filter; without it (the control),
# the filter removes them.
my ($bounded, $unbounded) = map {
	$standby->safe_psql('postgres', "SET enable_seqscan = off; SET uuidx.time_predicates = $_; EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) $query")
} qw(on off);
note "with the rewrite:\n$bounded\nwithout it:\n$unbounded";
unlike($bounded, qr/Rows Removed by Filter/, 'standby: the key\'s bound leaves out the rows just outside the window');
like($unbounded, qr/Rows Removed by Filter: 2$/m, 'standby, the rewrite off (control): the filter removes the two rows outside the window');
my $on_standby = $standby->safe_psql('postgres', $query);
note "rows in the window, and the edge rows among them: $on_standby";
is((split /\|/, $on_standby)[1], '-59', 'standby: the time query counts the row 59 min old, not those 61 min and 2 h old');
is($on_standby, $primary->safe_psql('postgres', $query), 'standby: the time query returns what it returns on the primary');

# ---- failover, one clock for both servers (the control, a clock behind, is the next section)
my $last_of_primary = $primary->safe_psql('postgres', 'SELECT max(id) FROM events');
my $last_ms = $primary->safe_psql('postgres', "SELECT (extract(epoch FROM uuid_extract_time('$last_of_primary')) * 1000)::bigint");
$primary->stop;
$standby->promote;
$standby->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()') or die 'the standby was not promoted';
$standby->safe_psql('postgres', 'INSERT INTO events (n) SELECT g FROM generate_series(15001, 16000) g');
my ($count, $below) = split /\|/, $standby->safe_psql('postgres', qq{SELECT count(*), count(*) FILTER (WHERE id < '$last_of_primary') FROM events WHERE n > 15000});
note "$count new rows, $below below the old primary's last key $last_of_primary";
ok($count == 1000 && $below == 0, 'promoted, one clock: new keys above every key of the old primary');
my ($rc, $out, $err) = $standby->psql('postgres', q{INSERT INTO events (id, n) VALUES (uuid_generate_v4(), 0)}, extra_params => [ '-v', 'VERBOSITY=verbose' ]);
note $err;
ok($rc != 0 && $err =~ /ERROR:  23514:/, 'promoted: the uuid_v7 domain still refuses a v4 key');

$standby->stop;

# ---- failover to a server whose clock is 10 s behind
# Its clock, read after the insert, must still be before the old primary's last key (else its
# keys would be later for want of time): held still 10 s before it (at a whole second).
my $held_ms = 1000 * (int($last_ms / 1000) - 10);
SKIP:
{
	faketime_missing($libfaketime, 3);
	$set_clock->($held_ms / 1000);
	$behind->promote;
	$behind->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()') or die 'the second standby was not promoted';
	my ($count, $below, $first_ms, $clock_ms) = split /\|/, $behind->safe_psql('postgres', qq{
		INSERT INTO events (n) SELECT g FROM generate_series(20001, 21000) g;
		SELECT count(*), count(*) FILTER (WHERE id < '$last_of_primary'),
		       (extract(epoch FROM uuid_extract_time(min(id))) * 1000)::bigint, (extract(epoch FROM clock_timestamp()) * 1000)::bigint
		FROM events WHERE n > 20000});
	note "clock held at $clock_ms (set: $held_ms), first new key at $first_ms, " . ($last_ms - $clock_ms)
	  . " ms before the old primary's last key (the margin); made " . (int(time * 1000) - $last_ms)
	  . " ms after that key on the real clock (a clock running 10 s behind passes it after 10000 ms); $below of $count new keys below it";
	ok($count == 1000 && $clock_ms == $held_ms && $first_ms == $clock_ms, 'promoted with its clock behind: its keys carry its own clock');
	ok($clock_ms < $last_ms && $below == $count,
		'promoted with its clock behind, still before the old primary\'s last key: every new key sorts below that key');
	$behind->stop;
	no_crash_in_log($behind, 'standby with its clock behind: server log shows no crashed backend');
}

# ---- the same failover with uuidx.v7_above_replayed = on
SKIP:
{
	faketime_missing($libfaketime, 4);
	my $replayed_ms = $above->safe_psql('postgres', q{SELECT (extract(epoch FROM pg_last_xact_replay_timestamp()) * 1000)::bigint});
	$set_above_clock->($held_ms / 1000);
	$above->promote;
	$above->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()') or die 'the third standby was not promoted';
	$above->safe_psql('postgres', 'CREATE TABLE moved (id uuid NOT NULL DEFAULT uuid_generate_v7(), n int NOT NULL)');
	my $new_keys = sub {
		my ($from, $to) = @_;
		my @got = split /\|/, $above->safe_psql('postgres', qq{
			INSERT INTO moved (n) SELECT g FROM generate_series($from, $to) g;
			SELECT current_setting('uuidx.v7_scope'), count(*), count(*) FILTER (WHERE id < '$last_of_primary'),
			       (extract(epoch FROM uuid_extract_time(min(id))) * 1000)::bigint, (extract(epoch FROM clock_timestamp()) * 1000)::bigint
			FROM moved WHERE n BETWEEN $from AND $to});
		note "$got[0] scope: $got[2] of $got[1] new keys below the old primary's last key; its clock, read after the insert, "
		  . ($last_ms - $got[4]) . ' ms before that key; first new key ' . ($got[3] - $replayed_ms) . ' ms after the last replayed commit';
		return @got;
	};
	# As in the section before, the clock after the insert is still before the old primary's last key.
	my ($scope, $count, $below, $first_ms, $clock_ms) = $new_keys->(30001, 31000);
	ok($scope eq 'server' && $count == 1000 && $below == 0 && $first_ms >= $replayed_ms && $clock_ms < $last_ms,
		'uuidx.v7_above_replayed, promoted with its clock behind, server scope: no new key below the old primary\'s last key');
	# A new session in session scope: its own sequence starts above the replayed commits as well.
	reload_setting($above, 'uuidx.v7_scope', 'session');
	($scope, $count, $below, $first_ms, $clock_ms) = $new_keys->(31001, 31100);
	ok($scope eq 'session' && $count == 100 && $below == 0 && $first_ms >= $replayed_ms && $clock_ms < $last_ms,
		'uuidx.v7_above_replayed, a new session in session scope, its clock behind: no new key below the old primary\'s last key');
	# The new keys and the old primary's, counted twice over: then one key given twice (the control).
	my $keys = q{SELECT id FROM events UNION ALL SELECT id FROM moved};
	my ($dups, $control) = map { $above->safe_psql('postgres', "SELECT count(*) - count(DISTINCT id) FROM ($_) k") }
	  $keys, "$keys UNION ALL SELECT '$last_of_primary'";
	note "duplicated keys among the old primary's and the 1100 new ones: $dups; with one key given twice (control): $control";
	ok($dups == 0 && $control == 1, 'uuidx.v7_above_replayed: no key duplicated');
	$above->stop;
	no_crash_in_log($above, 'standby with uuidx.v7_above_replayed: server log shows no crashed backend');
}
no_crash_in_log($primary, 'primary: server log shows no crashed backend');
no_crash_in_log($standby, 'standby: server log shows no crashed backend');
done_testing();
