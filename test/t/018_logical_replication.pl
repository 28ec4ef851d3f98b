# Logical replication of tables whose keys uuidx makes (test/t/README.md). It copies values, not
# defaults: the subscriber's rows are the publisher's. The subscriber's time window, now() ± 1
# hour, holds the keys made during the test and two of five keys made 5 minutes inside or outside
# its edges: a bound too narrow loses the two, one too wide reads the three outside (as the
# rewrite off does). A subscriber without uuidx cannot declare the tables until uuidx is there.
# Writes then move to the subscriber, its clock held still 2 s before the publisher's last key
# (libfaketime; a loaded machine's delays do not move it): its new keys sort below that key, above
# it with uuidx.v7_above set to that key, in either scope.
use strict;
use warnings FATAL => 'all';
use FindBin;
use lib "$FindBin::RealBin/lib";
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxFaketime;
use UuidxGeneration;

my $tables = q{
	CREATE TABLE events_v7 (id uuid_v7 PRIMARY KEY DEFAULT uuid_generate_v7(), n int NOT NULL);
	CREATE TABLE events_plain (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), n int NOT NULL);};
my $digest = q{SELECT (SELECT count(*) || ' ' || md5(string_agg(id::text || ':' || n, ',' ORDER BY id)) FROM events_v7)
	|| ' / ' || (SELECT count(*) || ' ' || md5(string_agg(id::text || ':' || n, ',' ORDER BY id)) FROM events_plain)};

# The instants around the time query's window: 55 minutes off now() in it, 65 minutes and 2 hours
# off out of it (5 minutes of margin: the test runs in seconds).
my $edges = q{array['-2 hours', '-65 minutes', '-55 minutes', '55 minutes', '65 minutes']::interval[]};
my $publisher = PostgreSQL::Test::Cluster->new('publisher');
$publisher->init(allows_streaming => 'logical');
$publisher->start;
$publisher->safe_psql('postgres', "CREATE EXTENSION uuidx; $tables
	INSERT INTO events_v7 (n) SELECT g FROM generate_series(1, 5000) g;
	INSERT INTO events_plain (n) SELECT g FROM generate_series(1, 5000) g;
	INSERT INTO events_v7 (id, n) SELECT uuid_generate_v7(now() + d), -g FROM unnest($edges) WITH ORDINALITY e(d, g);
	INSERT INTO events_plain (id, n) SELECT uuid_generate_v7(now() + d), -g FROM unnest($edges) WITH ORDINALITY e(d, g);
	CREATE PUBLICATION keys FOR TABLE events_v7, events_plain;");
my $next_n = 5001;

sub insert_more
{
	my $last = $next_n + $_[0] - 1;
	$publisher->safe_psql('postgres', join ';', map { "INSERT INTO $_ (n) SELECT g FROM generate_series($next_n, $last) g" } qw(events_v7 events_plain));
	$next_n = $last + 1;
}

# A subscription, and the wait for its initial sync (every table ready) and for the publisher's
# changes so far.
sub subscribe
{
	my ($node, $name) = @_;
	$node->safe_psql('postgres', "CREATE SUBSCRIPTION $name CONNECTION '" . $publisher->connstr . " dbname=postgres' PUBLICATION keys");
	$node->poll_query_until('postgres', q{SELECT count(*) = 0 FROM pg_subscription_rel WHERE srsubstate NOT IN ('r', 's')})
	  or die "the initial sync of $name did not finish";
	$publisher->wait_for_catchup($name);
}
# The publisher's rows in both tables, count and md5 (a check named NAME).
sub same_rows { is($_[0]->safe_psql('postgres', $digest), $publisher->safe_psql('postgres', $digest), $_[1]); }

# ---- a subscriber with uuidx
# Preloaded, as docs/time.md says: the rewrite's hook is installed when the library is loaded.
my $subscriber = PostgreSQL::Test::Cluster->new('subscriber');
$subscriber->init;
$subscriber->append_conf('postgresql.conf', "shared_preload_libraries = 'uuidx'");
my $set_clock = faketime_library() && faketime_start($subscriber, faketime_library());
$subscriber->start unless $set_clock;
$subscriber->safe_psql('postgres', "CREATE EXTENSION uuidx; $tables");
subscribe($subscriber, 'with_uuidx');
same_rows($subscriber, "subscriber with uuidx, initial sync: the publisher's rows in both tables");
insert_more(2000);
$publisher->wait_for_catchup('with_uuidx');
same_rows($subscriber, "subscriber with uuidx, streaming: the publisher's rows in both tables");

# 7000 keys made during the test and the two edge keys inside the window.
my $window = q{uuid_extract_time(id) >= now() - interval '1 hour' AND uuid_extract_time(id) < now() + interval '1 hour'};
my $off = 'SET uuidx.time_predicates = off;';
my $explain = "SET enable_seqscan = off; EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM events_v7 WHERE $window";
my ($plan_on, $plan_off) = map { $subscriber->safe_psql('postgres', $_) } $explain, "$off $explain";
note("plan, the rewrite on:\n$plan_on\nplan, the rewrite off:\n$plan_off");
like($plan_on, qr/Index (Only )?Scan.*events_v7.*\n.*uuid_v7_lower_bound.*uuid_v7_upper_bound/s,
	"subscriber: a time query on the uuid_v7 key is bounded by the subscriber's own key");
unlike($plan_on, qr/Rows Removed by Filter/, 'subscriber: the bounded scan reads no key outside the window');
like($plan_off, qr/Rows Removed by Filter: 3\n/, 'subscriber, the rewrite off: the filter removes the 3 keys outside the window');
for my $table ('events_v7', 'events_plain')
{
	my $query = "SELECT count(*) FROM $table WHERE $window";
	is($subscriber->safe_psql('postgres', $query), '7002', "subscriber, $table, the rewrite on: the rows in the window, none of those outside it");
	is($subscriber->safe_psql('postgres', "$off $query"), '7002', "subscriber, $table, the rewrite off: the same count");
}
is($publisher->safe_psql('postgres', "SELECT count(*) FROM events_v7 WHERE $window"), '7002', 'publisher: the same count');

# ---- a subscriber without uuidx
my $bare = PostgreSQL::Test::Cluster->new('subscriber_without_uuidx');
$bare->init;
$bare->start;
my ($err_v7, $err_plain) = map { ($bare->psql('postgres', $_))[2] } (split /;/, $tables)[0, 1];
like($err_v7, qr/ERROR:  type "uuid_v7" does not exist/, 'subscriber without uuidx: the uuid_v7 table is refused, naming the type');
like($err_plain, qr/ERROR:  function uuid_generate_v7\(\) does not exist/,
	'subscriber without uuidx: the default is refused, naming the function');
is($bare->safe_psql('postgres', q{SELECT count(*) FROM pg_class WHERE relname IN ('events_v7', 'events_plain')}), '0',
	'subscriber without uuidx: no half-made table left');

# The publisher goes on meanwhile; then uuidx is installed, the tables declared, subscribed.
insert_more(1000);
$bare->safe_psql('postgres', "CREATE EXTENSION uuidx; $tables");
insert_more(500);
subscribe($bare, 'after_install');
same_rows($bare, 'subscriber once uuidx is installed: every row, those inserted before and during the install included');

# ---- writes moved to the subscriber (docs/failures.md, "Logical switchover")
for (['not-a-uuid', '22P02', 'The value is not a UUID\.'], ['c232ab00-9414-41ec-b3c8-9f6bdeced846', '22023', 'The value is a UUIDv4; only a UUIDv7'])
{
	my ($value, $code, $detail) = @$_;
	like(($subscriber->psql('postgres', "ALTER SYSTEM SET uuidx.v7_above = '$value'", extra_params => [ '-v', 'VERBOSITY=verbose' ]))[2],
		qr/ERROR:  $code: invalid value for parameter "uuidx.v7_above": "$value"\nDETAIL:  $detail.*\nHINT:  Set it to the last key/s,
		"uuidx.v7_above: a value that is not a UUIDv7 is refused with its SQLSTATE, a detail and a hint ($code)");
}
# Each check holds only while the subscriber's clock, read after its insert, is still before the
# publisher's last key: past it, its keys would sort above that key for want of time.
SKIP:
{
	faketime_missing($set_clock, 3);
	insert_more(100);
	$publisher->wait_for_catchup('with_uuidx');
	my ($last_key, $last_ms) = split /\|/, $publisher->safe_psql('postgres',
		'SELECT max(id), (extract(epoch FROM uuid_extract_time(max(id))) * 1000)::bigint FROM events_plain WHERE n > 0');  # not the edge keys
	$set_clock->(int($last_ms / 1000) - 2);
	my $session = $subscriber->background_psql('postgres');
	# 1000 keys made in session IN (or a new one); the clock read after them must be before the key.
	my $moved = sub {
		my ($from, $in, $scope, $below, $name) = @_;
		my $sql = qq{INSERT INTO events_plain (n) SELECT g FROM generate_series($from, $from + 999) g;
			SELECT current_setting('uuidx.v7_scope'), count(*) FILTER (WHERE id < '$last_key'),
			       (extract(epoch FROM uuid_extract_time('$last_key'::uuid) - clock_timestamp()) * 1000)::int
			FROM events_plain WHERE n BETWEEN $from AND $from + 999};
		my @got = split /\|/, $in ? $in->query_safe($sql) : $subscriber->safe_psql('postgres', $sql);
		note "$got[0] scope: $got[1] of 1000 new keys below the publisher's last key $last_key; the clock, read after the insert, $got[2] ms before it";
		ok($got[0] eq $scope && $got[1] == $below && $got[2] > 0, $name);
	};
	my $reload = sub { $subscriber->safe_psql('postgres', "ALTER SYSTEM SET $_[0] = '$_[1]'; SELECT pg_reload_conf()");
		$subscriber->poll_query_until('postgres', "SELECT current_setting('$_[0]') = '$_[1]'") or die "$_[0] is not $_[1]"; };
	$moved->(100001, $session, 'session', 1000, 'moved writes, uuidx.v7_above unset (control): every new key below the publisher\'s last key');
	$reload->('uuidx.v7_above', $last_key);
	$moved->(101001, $session, 'session', 0,
		'moved writes, uuidx.v7_above set, session scope, a session open before: no new key below the publisher\'s last key');
	$reload->('uuidx.v7_scope', 'server');
	$moved->(102001, undef, 'server', 0, 'moved writes, uuidx.v7_above set, server scope, a new session: no new key below the publisher\'s last key');
	$session->quit;
}

$_->stop for $publisher, $subscriber, $bare;
no_crash_in_log($_, $_->name . ': server log shows no crashed backend') for $publisher, $subscriber, $bare;
done_testing();
