# Independent clusters whose rows meet later (test/t/README.md). One major is enough (this tests
# uuidx, not the server): the lab runs it where the matrix names independent-clusters.
use strict;
use warnings FATAL => 'all';
use FindBin;
use lib "$FindBin::RealBin/lib";
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use UuidxGeneration;

plan skip_all => 'the matrix runs the independent clusters on one major (UUIDX_INDEPENDENT_CLUSTERS)'
  unless $ENV{UUIDX_INDEPENDENT_CLUSTERS};

my $sessions = 8;
my $per_session = 25_000;
my @names = qw(c1 c2 c3 c4);
my %node;
for my $name (@names, 'merge')
{
	$node{$name} = started_node($name, "max_connections = 40\nmax_wal_size = 4GB", allows_streaming => 'logical');
	$node{$name}->safe_psql('postgres', 'CREATE EXTENSION uuidx');
}
# Five clusters of their own, each answering with uuidx installed.
my @installed = grep {
	$node{$_}->safe_psql('postgres', q{SELECT count(*) FROM pg_extension WHERE extname = 'uuidx'}) eq '1'
} @names, 'merge';
my %ports = map { $node{$_}->port => 1 } @names, 'merge';
note('clusters with uuidx: ' . join('  ', map { "$_ :" . $node{$_}->port } @installed));
ok(@installed == 5 && keys(%ports) == 5, 'five clusters with uuidx');

# ---- four clusters generate at once
# Each v7 is bracketed by clock_timestamp() before and after it in the same target list (a target
# list is evaluated left to right): it was made within [t0, t1].
my $work = PostgreSQL::Test::Utils::tempdir;
PostgreSQL::Test::Utils::append_to_file("$work/gen.pgbench", q{CREATE TEMP SEQUENCE IF NOT EXISTS gen_seq CACHE 10000;
INSERT INTO gen (sid, v, seq, u) SELECT :client_id, 1, nextval('gen_seq'), uuid_generate_v1() FROM generate_series(1, :chunk);
INSERT INTO gen (sid, v, seq, u) SELECT :client_id, 4, nextval('gen_seq'), uuid_generate_v4() FROM generate_series(1, :chunk);
INSERT INTO gen (sid, v, seq, u) SELECT :client_id, 6, nextval('gen_seq'), uuid_generate_v6() FROM generate_series(1, :chunk);
INSERT INTO gen (sid, v, seq, t0, u, t1) SELECT :client_id, 7, nextval('gen_seq'), clock_timestamp(), uuid_generate_v7(), clock_timestamp() FROM generate_series(1, :chunk);
});
$node{$_}->safe_psql('postgres',
	'CREATE UNLOGGED TABLE gen (sid int NOT NULL, v smallint NOT NULL, seq bigint NOT NULL, u uuid NOT NULL, t0 timestamptz, t1 timestamptz)')
  for @names;
my $chunk = $per_session < 5000 ? $per_session : 5000;
my $start = time;
my (%out, %err, %bench);
{
	local $ENV{PGOPTIONS} = '-c client_min_messages=warning';
	for my $name (@names)
	{
		($out{$name}, $err{$name}) = ('', '');
		$bench{$name} = IPC::Run::start(
			[
				'pgbench', '-n', '-h', $node{$name}->host, '-p', $node{$name}->port, '-c', $sessions, '-j', 1,
				'-t', int($per_session / $chunk), '-D', "chunk=$chunk", '-f', "$work/gen.pgbench", 'postgres'
			],
			'>', \$out{$name}, '2>', \$err{$name});
	}
}
my $all_ran = 1;
for my $name (@names)
{
	$bench{$name}->finish or $all_ran = 0, diag("pgbench on $name: $err{$name}");
}
my $total = @names * $sessions * $per_session * 4;
note(sprintf('4 clusters x %d sessions x %d values x 4 versions = %d values in %.1f s', $sessions, $per_session, $total, time - $start));
ok($all_ran, 'four clusters generating at once (pgbench)');

# ---- merged on a fifth cluster
my $merge = $node{merge};
$merge->safe_psql('postgres', 'CREATE UNLOGGED TABLE merged (cluster int NOT NULL, sid int NOT NULL, v smallint NOT NULL,
	seq bigint NOT NULL, u uuid NOT NULL, t0 timestamptz, t1 timestamptz)');
my $i = 0;
for my $name (@names)
{
	$i++;
	my ($e1, $e2) = ('', '');
	IPC::Run::run(
		[ 'psql', '-X', '-h', $node{$name}->host, '-p', $node{$name}->port, '-d', 'postgres', '-c',
		  "COPY (SELECT $i, sid, v, seq, u, t0, t1 FROM gen) TO STDOUT (FORMAT binary)" ],
		'2>', \$e1, '|',
		[ 'psql', '-X', '-v', 'ON_ERROR_STOP=1', '-h', $merge->host, '-p', $merge->port, '-d', 'postgres', '-c', 'COPY merged FROM STDIN (FORMAT binary)' ],
		'>', '/dev/null', '2>', \$e2) or diag("copying $name into merge: $e1 $e2");
}
$merge->safe_psql('postgres', q{SET maintenance_work_mem = '1GB'; CREATE INDEX merged_u ON merged (u); ANALYZE merged});
my $groups = @names * $sessions * 4;
check_sql($merge, "merged: every session's values of every version, version and variant bits right", qq{
	SELECT count(*) = $groups AND bool_and(n = $per_session AND ok = n AND seqs = n),
	       format('%s (cluster, session, version) groups of %s..%s values, %s in all', count(*), min(n), max(n), sum(n))
	FROM (SELECT cluster, sid, v, count(*) n, count(DISTINCT seq) seqs,
	             count(*) FILTER (WHERE substr(u::text, 15, 1) = v::text AND substr(u::text, 20, 1) IN ('8', '9', 'a', 'b')) ok
	      FROM merged GROUP BY cluster, sid, v) s});
check_sql($merge, 'merged: no duplicate over all clusters, sessions and versions', qq{
	SELECT n = $total AND dups = 0, format('%s values, %s values more than once (merged set, all versions)', n, dups)
	FROM (SELECT count(*) n FROM merged) a, (SELECT count(*) dups FROM (SELECT u FROM merged GROUP BY u HAVING count(*) > 1) d) b});
# The clusters really generated at the same time: some instant lies within every cluster's span.
check_sql($merge, 'merged: the four clusters generated at the same time', q{
	SELECT max(first_t) < min(last_t),
	       format('%s clusters; the last to start began %s ms before the first to finish ended', count(*),
	              round(extract(epoch FROM min(last_t) - max(first_t)) * 1000))
	FROM (SELECT cluster, min(t0) first_t, max(t1) last_t FROM merged WHERE v = 7 GROUP BY cluster) s});
# RFC 9562 §6.10: a random node per session; v1 and v6 of one session share it.
my $all_sessions = @names * $sessions;
check_sql($merge, 'merged: v1/v6 one node per session, distinct across all clusters', qq{
	SELECT count(*) = $all_sessions AND bool_and(nodes = 1) AND count(DISTINCT node) = count(*),
	       format('%s sessions, %s distinct nodes', count(*), count(DISTINCT node))
	FROM (SELECT cluster, sid, min(uuid_extract_node(u)::text) node, count(DISTINCT uuid_extract_node(u)) nodes
	      FROM merged WHERE v IN (1, 6) GROUP BY cluster, sid) s});
# v7 order against generation time: a value's disagreement is how far the latest t0 of the values
# sorting before it lies past its own t1; below 1 ms (ms plus a 12-bit fraction, RFC 9562 §6.2,
# Method 3, on one system clock).
check_sql($merge, 'merged: v7 order agrees with generation time to the millisecond', q{
	SELECT max(d) < interval '1 ms',
	       format('%s v7 values of %s clusters in uuid order; worst disagreement %s us; values made after one that sorts after them: %s; median bracket t1 - t0 %s us',
	              count(*), count(DISTINCT cluster), round(extract(epoch FROM greatest(max(d), interval '0'))::numeric * 1e6, 1),
	              count(*) FILTER (WHERE d > interval '0'),
	              round(extract(epoch FROM percentile_cont(0.5) WITHIN GROUP (ORDER BY t1 - t0))::numeric * 1e6, 1))
	FROM (SELECT cluster, t0, t1, max(t0) OVER (ORDER BY u ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) - t1 d
	      FROM merged WHERE v = 7) s});
# The time each value carries, within its bracket to the ms (clock_timestamp() truncates to the
# us, the generator reads ns: a value's own time may pass t1 by less than a us).
check_sql($merge, q{merged: each v7's own time lies within its generation bracket (to the ms)}, q{
	SELECT bad = 0, format('%s v7 values, own time outside [t0 - 1 ms, t1 + 1 ms] = %s; own time - t1 at most %s us, t0 - own time at most %s us',
	                       n, bad, round(after_us, 1), round(before_us, 1))
	FROM (SELECT count(*) n, count(*) FILTER (WHERE ts < t0 - interval '1 ms' OR ts > t1 + interval '1 ms') bad,
	             max(extract(epoch FROM ts - t1) * 1e6) after_us, max(extract(epoch FROM t0 - ts) * 1e6) before_us
	      FROM (SELECT t0, t1, uuid_extract_time(u, true) ts FROM merged WHERE v = 7) a) s});
$node{$_}->safe_psql('postgres', 'DROP TABLE gen') for @names;
$merge->safe_psql('postgres', 'DROP TABLE merged');

# ---- logical replication of a v7-keyed table: c1 publishes, c2 subscribes
my ($pub, $sub) = @node{qw(c1 c2)};
my $schema = 'CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), n int NOT NULL, note text,
	trace uuid NOT NULL DEFAULT uuid_generate_v4())';
$pub->safe_psql('postgres', "$schema;
	INSERT INTO orders (n, note) SELECT g, 'before the subscription ' || g FROM generate_series(1, 5000) g;
	CREATE PUBLICATION pub_orders FOR TABLE orders");
$sub->safe_psql('postgres', $schema);
$sub->safe_psql('postgres',
	"CREATE SUBSCRIPTION sub_orders CONNECTION 'host=" . $pub->host . ' port=' . $pub->port . " dbname=postgres' PUBLICATION pub_orders");
# Changes after the initial copy: inserts in several transactions, an update and a delete.
$pub->safe_psql('postgres', "INSERT INTO orders (n, note) SELECT g, 'streamed $_/' || g FROM generate_series(1, 1000) g") for 1 .. 5;
$pub->safe_psql('postgres', q{UPDATE orders SET note = note || ' (updated)' WHERE n % 10 = 0; DELETE FROM orders WHERE n % 7 = 0});
my $digest = q{SELECT count(*) || ' ' || md5(string_agg(o::text, ',' ORDER BY id)) FROM orders o};
my $published = $pub->safe_psql('postgres', $digest);
$sub->wait_for_subscription_sync($pub, 'sub_orders');
my $subscribed = $sub->safe_psql('postgres', $digest);
note("count + md5 of every row in id order: publisher: $published; subscriber: $subscribed");
ok($published ne '' && $subscribed eq $published, 'logical replication: rows identical on publisher and subscriber');
my $kept = $sub->safe_psql('postgres',
	q{SELECT count(*) FILTER (WHERE uuid_extract_version(id) = 7 AND uuid_extract_version(trace) = 4) || ' of ' || count(*) FROM orders});
note("$kept rows v7 id / v4 trace on the subscriber");
ok($subscribed eq $published && (split ' ', $kept)[0] > 0,
	"logical replication: the subscriber kept the publisher's v7 and v4 values (its own defaults not evaluated)");
note('subscription state: ' . $sub->safe_psql('postgres', 'SELECT srsubstate, count(*) FROM pg_subscription_rel GROUP BY 1'));
$sub->safe_psql('postgres', 'DROP SUBSCRIPTION sub_orders');

$node{$_}->stop for @names, 'merge';
no_crash_in_log($node{$_}, "$_: server log shows no crashed backend") for @names, 'merge';
done_testing();
