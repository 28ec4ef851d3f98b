# uuidx on a streaming standby and after a failover. A primary with uuidx preloaded in server
# scope fills a table keyed by uuid_v7 (DEFAULT uuid_generate_v7()); a standby made from its base
# backup (pg_basebackup) replays it. On the standby, read-only: the rows and the extension are
# there, generation works (it writes nothing) and keeps the server-wide order across its
# sessions, and a time query is rewritten to use the key with the same rows as on the primary.
# Then the standby is promoted: new keys there are greater than every key the old primary made
# (RFC 9562 §6.2: v7 ordered by time, one clock), and the uuid_v7 domain still refuses other
# versions. A second standby, its wall clock under libfaketime, is promoted as well with its
# clock 2 s behind: its keys carry its own clock, so those it makes while that clock is still
# behind the old primary's last key sort below it (reported: how many, and how long after the
# old primary's last key on the real clock). A third standby, with uuidx.v7_above_replayed = on
# and its clock 2 s behind too, is promoted: none of its keys sorts below the old primary's, in
# server scope and then in session scope with its clock 10 s behind.
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
my $primary = PostgreSQL::Test::Cluster->new('primary');
$primary->init(allows_streaming => 1);
$primary->append_conf('postgresql.conf', $server_scope);
$primary->start;
$primary->safe_psql('postgres', q{CREATE EXTENSION uuidx;
	CREATE TABLE events (id uuid_v7 PRIMARY KEY DEFAULT uuid_generate_v7(), n int NOT NULL);
	INSERT INTO events (n) SELECT g FROM generate_series(1, 10000) g});

$primary->backup('base');
my $standby = PostgreSQL::Test::Cluster->new('standby');
$standby->init_from_backup($primary, 'base', has_streaming => 1);
$standby->start;
my $libfaketime = faketime_library();
my ($behind, $set_clock, $above, $set_above_clock);
if ($libfaketime)
{
	$behind = PostgreSQL::Test::Cluster->new('standby_behind');
	$behind->init_from_backup($primary, 'base', has_streaming => 1);
	$set_clock = faketime_start($behind, $libfaketime);
	$above = PostgreSQL::Test::Cluster->new('standby_above');
	$above->init_from_backup($primary, 'base', has_streaming => 1);
	$above->append_conf('postgresql.conf', 'uuidx.v7_above_replayed = on');
	$set_above_clock = faketime_start($above, $libfaketime);
}
# More rows after the backup: they reach the standby by streaming, not in the backup.
$primary->safe_psql('postgres', 'INSERT INTO events (n) SELECT g FROM generate_series(10001, 15000) g');
$primary->wait_for_catchup($standby);
$primary->wait_for_catchup($behind) if $behind;
$primary->wait_for_catchup($above) if $above;

my $digest = q{SELECT count(*) || ' ' || md5(string_agg(id::text || ':' || n, ',' ORDER BY id)) FROM events};
my $on_primary = $primary->safe_psql('postgres', $digest);
is($standby->safe_psql('postgres', $digest), $on_primary, "standby: the rows made by uuidx's default replayed ($on_primary)");
is( $standby->safe_psql('postgres', q{SELECT extversion FROM pg_extension WHERE extname = 'uuidx'}),
	$primary->safe_psql('postgres', q{SELECT extversion FROM pg_extension WHERE extname = 'uuidx'}),
	'standby: the extension replayed at the primary\'s version');
check_sql($standby, 'standby: in recovery, uuid_generate_v7() works read-only and is v7', q{
	SELECT pg_is_in_recovery() AND current_setting('transaction_read_only') = 'on' AND uuid_extract_version(u) = 7,
	       format('in recovery %s, read-only %s, version %s', pg_is_in_recovery(), current_setting('transaction_read_only'), uuid_extract_version(u))
	FROM (SELECT uuid_generate_v7() u) s});
check_sql($standby, 'standby: the server-wide sequence runs there (shared memory of its own)', q{
	SELECT current_setting('uuidx.v7_scope') = 'server' AND uuid_extract_version(uuid_generate_v7()) = 7,
	       'uuidx.v7_scope = ' || current_setting('uuidx.v7_scope')});
# Two sessions of the standby, one after the other: the second's values above the first's.
my $first = $standby->safe_psql('postgres', 'SELECT max(u) FROM (SELECT uuid_generate_v7() u FROM generate_series(1, 1000)) s');
check_sql($standby, 'standby: a later session\'s values above an earlier session\'s', qq{
	SELECT min(u) > '$first', format('earlier session''s last %s, later session''s first %s', '$first', min(u))
	FROM (SELECT uuid_generate_v7() u FROM generate_series(1, 1000)) s});
# The planner's rewrite runs on a standby too, with the same rows as on the primary.
my $query = q{SELECT count(*) FROM events WHERE uuid_extract_time(id) >= now() - interval '1 hour'};
like($standby->safe_psql('postgres', "SET enable_seqscan = off; EXPLAIN (COSTS OFF) $query"),
	qr/uuid_v7_lower_bound/, 'standby: a time query is bounded by the key');
is($standby->safe_psql('postgres', $query), $primary->safe_psql('postgres', $query),
	'standby: the time query returns what it returns on the primary');

# ---- failover
my $last_of_primary = $primary->safe_psql('postgres', 'SELECT max(id) FROM events');
my $last_ms = $primary->safe_psql('postgres', "SELECT (extract(epoch FROM uuid_extract_time('$last_of_primary')) * 1000)::bigint");
$primary->stop;
$standby->promote;
$standby->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()') or die 'the standby was not promoted';
$standby->safe_psql('postgres', 'INSERT INTO events (n) SELECT g FROM generate_series(15001, 16000) g');
check_sql($standby, 'promoted: new keys above every key of the old primary', qq{
	SELECT count(*) = 1000 AND min(id) > '$last_of_primary',
	       format('%s new rows; old primary''s last key %s, smallest new key %s', count(*), '$last_of_primary', min(id))
	FROM events WHERE n > 15000});
my ($rc, $out, $err) = $standby->psql('postgres', q{INSERT INTO events (id, n) VALUES (uuid_generate_v4(), 0)}, extra_params => [ '-v', 'VERBOSITY=verbose' ]);
ok($rc != 0 && $err =~ /ERROR:  23514:/, 'promoted: the uuid_v7 domain still refuses a v4 key: ' . (split /\n/, $err)[0]);

$standby->stop;

# ---- failover to a server whose clock is 2 s behind
SKIP:
{
	unless ($behind)
	{
		fail('libfaketime.so.1 is installed (Debian: libfaketime)') if $ENV{CI};
		skip 'libfaketime.so.1 is not installed: no server with its clock behind', 3;
	}
	$set_clock->('-2');
	$behind->promote;
	$behind->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()') or die 'the second standby was not promoted';
	my ($count, $below, $first_ms, $clock_ms) = split /\|/, $behind->safe_psql('postgres', qq{
		INSERT INTO events (n) SELECT g FROM generate_series(20001, 21000) g;
		SELECT count(*), count(*) FILTER (WHERE id < '$last_of_primary'),
		       (extract(epoch FROM uuid_extract_time(min(id))) * 1000)::bigint, (extract(epoch FROM clock_timestamp()) * 1000)::bigint
		FROM events WHERE n > 20000});
	my $real_ms = int(time * 1000);
	my $lag = $real_ms - $clock_ms;
	ok($count == 1000 && $lag >= 1900 && $lag <= 3000 && $clock_ms - $first_ms >= 0 && $clock_ms - $first_ms < 5000,
		"promoted with its clock 2 s behind: its keys carry its own clock (clock ${lag} ms behind the real one; "
		  . 'first new key ' . ($clock_ms - $first_ms) . ' ms before its clock read after the insert)');
	# A key sorts below the old primary's last one exactly when its time is earlier (RFC 9562 §6.2).
	my $earlier = $behind->safe_psql('postgres', qq{SELECT count(*) FROM events WHERE n > 20000
		AND (extract(epoch FROM uuid_extract_time(id)) * 1000)::bigint < $last_ms});
	ok($below == $earlier && $below > 0 == ($first_ms < $last_ms),
		"promoted with its clock 2 s behind: $below of 1000 new keys sort below the old primary's last key, "
		  . 'made ' . ($real_ms - $last_ms) . ' ms after it on the real clock: those whose time is earlier than its time');
	$behind->stop;
	no_crash_in_log($behind, 'standby with its clock behind: server log shows no crashed backend');
}

# ---- the same failover with uuidx.v7_above_replayed = on
SKIP:
{
	unless ($above)
	{
		fail('libfaketime.so.1 is installed (Debian: libfaketime)') if $ENV{CI};
		skip 'libfaketime.so.1 is not installed: no server with its clock behind', 4;
	}
	my $replayed_ms = $above->safe_psql('postgres', q{SELECT (extract(epoch FROM pg_last_xact_replay_timestamp()) * 1000)::bigint});
	$set_above_clock->('-2');
	$above->promote;
	$above->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()') or die 'the third standby was not promoted';
	my $new_keys = sub {
		my ($from, $to) = @_;
		return split /\|/, $above->safe_psql('postgres', qq{
			SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
			INSERT INTO events (n) SELECT g FROM generate_series($from, $to) g;
			SELECT current_setting('uuidx.v7_scope'), count(*), count(*) FILTER (WHERE id < '$last_of_primary'),
			       (extract(epoch FROM uuid_extract_time(min(id))) * 1000)::bigint
			FROM events WHERE n BETWEEN $from AND $to}) =~ s/\n/|/r;
	};
	my ($clock_ms, $scope, $count, $below, $first_ms) = $new_keys->(30001, 31000);
	ok($scope eq 'server' && $count == 1000 && $below == 0 && $first_ms >= $replayed_ms,
		"uuidx.v7_above_replayed, promoted with its clock 2 s behind, server scope: $below of $count new keys sort below "
		  . "the old primary's last key (its clock " . ($last_ms - $clock_ms) . ' ms before that key\'s time; first new key '
		  . ($first_ms - $replayed_ms) . ' ms after the last replayed commit)');
	# A new session in session scope, the clock 10 s behind: its sequence starts above the
	# replayed commits as well, the clock's time far below.
	$set_above_clock->('-10');
	$above->append_conf('postgresql.conf', "uuidx.v7_scope = 'session'");
	$above->reload;
	($clock_ms, $scope, $count, $below, $first_ms) = $new_keys->(31001, 31100);
	ok($scope eq 'session' && $count == 100 && $below == 0 && $clock_ms < $last_ms && $first_ms >= $replayed_ms,
		"uuidx.v7_above_replayed, a new session in session scope, clock 10 s behind: $below of $count new keys sort "
		  . "below the old primary's last key (its clock " . ($last_ms - $clock_ms) . ' ms before that key\'s time)');
	is($above->safe_psql('postgres', 'SELECT count(*) FROM events WHERE n > 30000 GROUP BY id HAVING count(*) > 1'), '',
		'uuidx.v7_above_replayed: no key duplicated');
	$above->stop;
	no_crash_in_log($above, 'standby with uuidx.v7_above_replayed: server log shows no crashed backend');
}
no_crash_in_log($primary, 'primary: server log shows no crashed backend');
no_crash_in_log($standby, 'standby: server log shows no crashed backend');
done_testing();
