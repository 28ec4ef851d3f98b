# uuidx on Citus (test/t/README.md): a coordinator and two workers, citus.shard_count = 4. The lab
# builds Citus into the server under test where lab/matrix's extras name citus-VERSION (one major
# is enough: this tests uuidx under Citus, not the server).
use strict;
use warnings FATAL => 'all';
use FindBin;
use lib "$FindBin::RealBin/lib";
use Digest::MD5 qw(md5_hex);
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use UuidxGeneration;

plan skip_all => 'UUIDX_CITUS names no Citus for this major (the lab installs it where lab/matrix extras name citus-VERSION: lab/kinds/tap.sh)'
  unless $ENV{UUIDX_CITUS};
my $pkglibdir = `pg_config --pkglibdir`;
chomp $pkglibdir;
plan skip_all => "UUIDX_CITUS=$ENV{UUIDX_CITUS} but no citus.so in $pkglibdir (pg_config --pkglibdir): Citus is not installed there"
  unless -f "$pkglibdir/citus.so";

my $gen_sessions = 2;
my $gen_per_session = 250_000;
my $rows = 20000;
note(`pg_config --version` =~ s/\n//r . ", Citus $ENV{UUIDX_CITUS}");

# psql on NODE: output, then errors, one text: a failing statement fails the check reading it.
sub psql_text
{
	my ($node, $sql, @extra) = @_;
	my ($rc, $out, $err) = $node->psql('postgres', $sql, extra_params => \@extra);
	return join "\n", grep { $_ ne '' } $out, $err;
}
sub last_line { return (split /\n/, $_[0])[-1] // '' }

# ---- the cluster: coordinator + 2 workers on 127.0.0.1
# Citus nodes connect over TCP: each also listens on 127.0.0.1 (initdb -A trust trusts it). No
# usage statistics sent (off by default already; said for a build with libcurl).
my %node;
for my $name (qw(coord w1 w2))
{
	$node{$name} = started_node($name, q{shared_preload_libraries = 'citus'
citus.enable_statistics_collection = off
citus.shard_count = 4
max_prepared_transactions = 20
listen_addresses = '127.0.0.1'});
	$node{$name}->safe_psql('postgres', 'CREATE EXTENSION citus');
}
my $coord = $node{coord};
my %port = map { $_ => $node{$_}->port } keys %node;
my $active = last_line(psql_text($coord, qq{SELECT citus_set_coordinator_host('127.0.0.1', $port{coord});
	SELECT citus_add_node('127.0.0.1', $port{w1});
	SELECT citus_add_node('127.0.0.1', $port{w2});
	SELECT count(*) FROM citus_get_active_worker_nodes()}));
note("coordinator :$port{coord}, workers :$port{w1} :$port{w2}; active workers: $active");
ok($active eq '2', '3-node Citus cluster on 127.0.0.1: two active workers');

# ---- CREATE EXTENSION on the coordinator reaches the workers
$coord->safe_psql('postgres', 'CREATE EXTENSION uuidx');
check_sql($coord, 'CREATE EXTENSION uuidx on the coordinator reaches both workers', q{
	SELECT count(*) = 2 AND bool_and(success AND result = (SELECT extversion FROM pg_extension WHERE extname = 'uuidx')),
	       string_agg(format('%s:%s uuidx %s', nodename, nodeport, result), ', ' ORDER BY nodeport)
	FROM run_command_on_workers($$SELECT extversion FROM pg_extension WHERE extname = 'uuidx'$$)});
for my $name (qw(w1 w2))
{
	my $got = psql_text($node{$name}, 'SELECT uuid_extract_version(uuid_generate_v7())');
	is($got, '7', "uuidx callable in a session on worker $name: uuid_extract_version(uuid_generate_v7())");
}

# ---- distributed tables with v7 keys
my $out = psql_text($coord, q{SET client_min_messages = warning;
CREATE TABLE by_tenant (tenant_id bigint NOT NULL, id uuid NOT NULL DEFAULT uuid_generate_v7(), payload text,
                        PRIMARY KEY (tenant_id, id));
SELECT create_distributed_table('by_tenant', 'tenant_id');
CREATE TABLE by_tenant_copy (tenant_id bigint NOT NULL, id uuid NOT NULL DEFAULT uuid_generate_v7(), payload text,
                             PRIMARY KEY (tenant_id, id));
SELECT create_distributed_table('by_tenant_copy', 'tenant_id', colocate_with => 'by_tenant');
-- made_by: a v1 from the session that evaluated the defaults; its node (RFC 9562 §6.10, random
-- per session) tells how many sessions did.
CREATE TABLE by_id (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), tenant_id bigint, payload text,
                    made_by uuid DEFAULT uuid_generate_v1());
SELECT create_distributed_table('by_id', 'id');
CREATE TABLE probe (tenant_id bigint, made_by uuid DEFAULT uuid_generate_v1());
SELECT create_distributed_table('probe', 'tenant_id', colocate_with => 'by_tenant');
SELECT string_agg(format('%s %s shards', table_name, shard_count), ', ' ORDER BY table_name::text) FROM citus_tables;});
note(last_line($out));
ok($out =~ /by_id 4 shards/, 'distributed tables created');

# Multi-row INSERT: the defaults are evaluated on the coordinator, once per row, in the order of
# the VALUES list (RETURNING gives the rows shard by shard: they are put back in that order).
$out = psql_text($coord, q{INSERT INTO by_tenant (tenant_id, payload)
	VALUES (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd'), (5, 'e'), (1, 'f'), (2, 'g'), (3, 'h') RETURNING payload, id}, '-F', ' ');
my @ids = map { (split / /)[1] // '' } sort split /\n/, $out;
my %distinct = map { $_ => 1 } @ids;
note(scalar(@ids) . ' ids, first (a) ' . ($ids[0] // '') . ', last (h) ' . ($ids[-1] // ''));
ok(@ids == 8 && keys(%distinct) == 8 && !(grep { substr($_, 14, 1) ne '7' } @ids) && "@ids" eq join(' ', sort @ids),
	'multi-row INSERT: v7 defaults, one per row, increasing in VALUES order');

# COPY: $rows rows into each table, the key from the default; a spread of instants in the past
# (uuid_generate_v7(at)) for the time-range checks below, written by COPY too.
my $work = PostgreSQL::Test::Utils::tempdir;
PostgreSQL::Test::Utils::append_to_file("$work/tenant.tsv", join '', map { ($_ % 50) . "\tcopy $_\n" } 1 .. $rows);
$coord->safe_psql('postgres', "\\copy by_tenant (tenant_id, payload) FROM '$work/tenant.tsv'\n"
	  . "\\copy by_id (tenant_id, payload) FROM '$work/tenant.tsv'");
PostgreSQL::Test::Utils::append_to_file("$work/past.tsv", $coord->safe_psql('postgres', qq{
	COPY (SELECT uuid_generate_v7(timestamptz '2025-03-01 00:00:00+00' + g * interval '17 minutes 3.217 seconds'),
	             g % 50, 'past ' || g FROM generate_series(1, $rows) g) TO STDOUT}) . "\n");
$coord->safe_psql('postgres', "\\copy by_id (id, tenant_id, payload) FROM '$work/past.tsv'");
sub sessions_of { return $coord->safe_psql('postgres', "SELECT count(DISTINCT uuid_extract_node(made_by)) FROM $_[0]") }
note('defaults of the COPY into by_id evaluated by ' . sessions_of(q{by_id WHERE payload LIKE 'copy %'}) . ' session(s)');
check_sql($coord, 'COPY into both tables', qq{
	SELECT (SELECT count(*) FROM by_tenant) = $rows + 8 AND (SELECT count(*) FROM by_id) = 2 * $rows
	       AND (SELECT count(DISTINCT id) FROM by_id) = 2 * $rows
	       AND (SELECT bool_and(uuid_extract_version(id) = 7) FROM by_id),
	       format('by_tenant %s rows, by_id %s rows (%s distinct ids, all v7)', (SELECT count(*) FROM by_tenant),
	              (SELECT count(*) FROM by_id), (SELECT count(DISTINCT id) FROM by_id))});

# Rows by a v7 key spread evenly over the shards: the key is hashed (uuid's hash), not ranged,
# so time-ordered keys do not pile onto one shard. Each shard within 5 % of an even share
# (about 6 standard deviations at the default $rows).
$out = psql_text($coord,
	q{SELECT shardid, result::bigint FROM run_command_on_shards('by_id', 'SELECT count(*) FROM %s') ORDER BY shardid}, '-F', ' ');
note("by_id shard $_") for split /\n/, $out;
my @counts = map { (split / /)[1] // 0 } split /\n/, $out;
my $total_rows = 2 * $rows;
my ($sum, $worst) = (0, 0);
for my $c (@counts)
{
	$c = 0 unless $c =~ /^\d+$/;
	$sum += $c;
	$worst = abs($c - $total_rows / 4) if abs($c - $total_rows / 4) > $worst;
}
ok(@counts == 4 && $sum == $total_rows && $worst <= 0.05 * $total_rows / 4, 'rows distributed by a v7 id land evenly across the 4 shards');

# Router and multi-shard queries, uuidx functions evaluated on the workers.
my $plan = psql_text($coord, 'EXPLAIN (COSTS OFF) SELECT id, uuid_extract_time(id) FROM by_tenant WHERE tenant_id = 3 ORDER BY id');
my $got = psql_text($coord,
	q{SELECT count(*) FILTER (WHERE uuid_extract_version(id) = 7) || '/' || count(*) FROM by_tenant WHERE tenant_id = 3});
note('router query: ' . join(', ', $plan =~ /(Custom Scan \(Citus [A-Za-z]*\))/, $plan =~ /(Task Count: \d+)/) . ", $got rows v7");
ok($plan =~ /Task Count: 1\b/, 'router query (tenant_id = 3): one task');
$plan = psql_text($coord,
	'EXPLAIN (COSTS OFF, VERBOSE) SELECT uuid_extract_version(id), count(*), min(uuid_extract_time(id)) FROM by_id GROUP BY 1');
# The task's query: the lines after "Task Count" and the remote "Query:" lines.
my @lines = split /\n/, $plan;
my @task = ((map { my $i = $_; $lines[$i] =~ /Task Count/ ? @lines[$i .. ($i + 3 > $#lines ? $#lines : $i + 3)] : () } 0 .. $#lines),
	grep { /Query:/ } @lines);
my ($remote) = $plan =~ /(SELECT .*uuid_extract_time[^,\n]*)/;
note('multi-shard query: ' . join(' ', $plan =~ /(Task Count: \d+)/) . '; ' . substr($remote // '', 0, 120));
ok($plan =~ /Task Count: 4\b/ && (grep { /uuid_extract_time/ } @task),
	'multi-shard query: uuid_extract_time / uuid_extract_version pushed down to the 4 shards');

# INSERT .. SELECT between co-located tables, the key carried over: pushed down to the shards.
$out = psql_text($coord, q{EXPLAIN (COSTS OFF) INSERT INTO by_tenant_copy (tenant_id, id, payload) SELECT tenant_id, id, payload FROM by_tenant;
	INSERT INTO by_tenant_copy (tenant_id, id, payload) SELECT tenant_id, id, payload FROM by_tenant;
	SELECT count(*) FROM by_tenant_copy JOIN by_tenant USING (tenant_id, id)});
note('INSERT .. SELECT: ' . join(' ', $out =~ /(Task Count: \d+)/) . ', ' . last_line($out) . ' rows copied, each equal to its source row');
ok($out =~ /Task Count: 4\b/ && $out !~ m{INSERT/SELECT method} && last_line($out) eq $rows + 8,
	'INSERT .. SELECT between co-located tables, keys carried: pushed down, every row copied');
$coord->safe_psql('postgres', 'TRUNCATE by_tenant_copy');

# The same with a new v7 key from the default (a volatile function): Citus does not push that
# down; it runs the SELECT, evaluates the default on the coordinator and routes the rows.
$plan = psql_text($coord, 'EXPLAIN (COSTS OFF) INSERT INTO by_tenant_copy (tenant_id, payload) SELECT tenant_id, payload FROM by_tenant');
note("plan: $_") for grep { m{INSERT/SELECT method|Custom Scan|ERROR|Task Count} } split /\n/, $plan;
$out = last_line(psql_text($coord, q{INSERT INTO by_tenant_copy (tenant_id, payload) SELECT tenant_id, payload FROM by_tenant;
	SELECT count(*) || ' ' || count(DISTINCT id) || ' ' || count(*) FILTER (WHERE uuid_extract_version(id) = 7) FROM by_tenant_copy}));
my $n = $rows + 8;
my ($method) = $plan =~ m{(INSERT/SELECT method: [a-z ]*)};
note("rows, distinct ids, v7: $out; method: " . ($method // ''));
is($out, "$n $n $n", 'INSERT .. SELECT with a new v7 key from the default (co-located): every row, a distinct v7 each');

$coord->safe_psql('postgres', 'INSERT INTO probe (tenant_id) SELECT tenant_id FROM by_tenant');
note('defaults of an INSERT .. SELECT between co-located tables evaluated by ' . sessions_of('probe') . ' session(s)');

# INSERT .. SELECT into a table distributed by another column (by_id, by id): repartitioned.
$plan = psql_text($coord, 'EXPLAIN (COSTS OFF) INSERT INTO by_id (tenant_id, payload) SELECT tenant_id, payload FROM by_tenant');
note("plan: $_") for grep { m{INSERT/SELECT method|ERROR} } split /\n/, $plan;
$out = last_line(psql_text($coord, q{INSERT INTO by_id (tenant_id, payload) SELECT tenant_id, 'again ' || payload FROM by_tenant;
	SELECT count(*) || ' ' || count(DISTINCT id) FROM by_id}));
$n = 3 * $rows + 8;
note("rows, distinct ids: $out; defaults evaluated by " . sessions_of(q{by_id WHERE payload LIKE 'again %'}) . ' session(s)');
is($out, "$n $n", 'INSERT .. SELECT into a table distributed by its v7 id, the id from the default: every row, a distinct id each');
$coord->safe_psql('postgres', q{DELETE FROM by_id WHERE payload LIKE 'again %'});

# What Citus refuses: a volatile function in an UPDATE of a distributed table. The error is
# printed; what to write instead (docs/scale-out.md, Citus) is checked to work.
for my $stmt ('UPDATE by_tenant SET id = uuid_generate_v7() WHERE tenant_id = 3',
	'UPDATE by_tenant SET payload = uuid_generate_v4()::text')
{
	note($stmt);
	note("  -> $_") for map { s/^psql:<stdin>:\d+: //r } split /\n/, psql_text($coord, $stmt);
}
# ... instead: the new values made in a statement of their own, then joined back.
$out = last_line(psql_text($coord, q{
	CREATE TEMP TABLE new_ids AS SELECT tenant_id, id AS old_id, uuid_generate_v7() AS new_id FROM by_tenant WHERE tenant_id = 3;
	UPDATE by_tenant t SET id = n.new_id FROM new_ids n WHERE t.tenant_id = 3 AND n.tenant_id = 3 AND t.id = n.old_id;
	SELECT count(*) || ' ' || count(*) FILTER (WHERE t.id = n.new_id) FROM by_tenant t JOIN new_ids n ON n.tenant_id = t.tenant_id AND n.new_id = t.id;}));
my ($updated, $to_new) = split / /, $out;
note("rows updated, rows with their new v7: $out");
ok(defined $to_new && $updated =~ /^\d+$/ && $updated > 0 && $updated eq $to_new,
	'instead: new values made first, then UPDATE .. FROM (router): rows updated to their new v7');

# A v7 time range: over the table distributed by id, every shard (hash distribution keeps no
# order), each through its own btree; with the tenant too, one shard.
for my $q (q{SELECT count(*) FROM by_id WHERE id BETWEEN uuid_v7_floor('2025-03-20 00:00+00') AND uuid_v7_ceil('2025-03-21 00:00+00')},
	q{SELECT count(*) FROM by_tenant WHERE tenant_id = 3 AND id >= uuid_v7_floor(now() - interval '1 hour')})
{
	$plan = psql_text($coord, "EXPLAIN (COSTS OFF) $q");
	my ($tasks) = $plan =~ /(Task Count: \d+)/;
	my ($scan) = $plan =~ /((?:Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan) [a-z ]*on [a-z_0-9]*)/;
	note($q);
	note('  -> ' . ($tasks // '') . ', ' . ($scan // ''));
}

# ---- ORDER BY time and min/max(time) on a uuid_v7 column: with the rewrite (an order by the key,
# uuidx's min/max(uuid) aggregates) Citus gives what it gives without it.
$coord->safe_psql('postgres', q{SET client_min_messages = warning;
	CREATE TABLE by_tenant_v7 (tenant_id bigint NOT NULL, id uuid_v7 NOT NULL DEFAULT uuid_generate_v7(), PRIMARY KEY (tenant_id, id));
	SELECT create_distributed_table('by_tenant_v7', 'tenant_id');
	INSERT INTO by_tenant_v7 (tenant_id, id)
	SELECT g % 7, uuid_generate_v7(timestamptz '2025-03-01 00:00+00' + g * interval '1 minute') FROM generate_series(1, 5000) g});
my @order_queries = (
	'SELECT max(uuid_extract_time(id)), min(uuid_extract_time(id, true)) FROM by_tenant_v7',
	'SELECT max(uuid_extract_time(id)) FROM by_tenant_v7 WHERE tenant_id = 3',
	'SELECT uuid_extract_time(id) FROM by_tenant_v7 ORDER BY uuid_extract_time(id) DESC LIMIT 5',
	'SELECT id FROM by_tenant_v7 WHERE tenant_id = 2 ORDER BY uuid_extract_time(id) LIMIT 5');
my ($order_same, @order_details) = (0);
for my $q (@order_queries)
{
	my $on = psql_text($coord, $q);
	my $off = psql_text($coord, "SET uuidx.time_predicates = off;\n$q");
	$order_same++ if $on eq $off && $on ne '' && $on !~ /ERROR/;
	my @on_rows = split /\n/, $on;
	push @order_details, scalar(@on_rows) . ' rows'
	  . ($on eq $off ? '' : ' (on: ' . substr($on, 0, 120) . '; off: ' . substr($off, 0, 120) . ')');
}
note("$order_same of " . scalar(@order_queries) . ' the same; ' . join(', ', @order_details));
ok($order_same == @order_queries, 'ORDER BY time / min and max of time on a uuid_v7 column: the same with the rewrite on and off');

# ---- the same rows on a single server: time-range queries return the same rows
$coord->safe_psql('postgres', "\\copy (SELECT id, tenant_id, payload FROM by_id) TO '$work/by_id.tsv'");
my $single = started_node('single');
$single->safe_psql('postgres', "CREATE EXTENSION uuidx;
	CREATE TABLE by_id (id uuid PRIMARY KEY, tenant_id bigint, payload text);
\\copy by_id FROM '$work/by_id.tsv'
	ANALYZE by_id");
# Each query's whole result, ordered, as count + md5.
my @queries = (
	q{SELECT id FROM by_id WHERE id BETWEEN uuid_v7_floor('2025-03-20 00:00+00') AND uuid_v7_ceil('2025-04-02 13:37:00.123+00') ORDER BY id},
	q{SELECT id FROM by_id WHERE uuid_extract_time(id) >= '2025-03-20 00:00+00' AND uuid_extract_time(id) < '2025-04-02 13:37:00.123+00' ORDER BY id},
	q{SELECT id FROM by_id WHERE id >= uuid_v7_floor('2025-04-10 08:00+00') AND id < uuid_v7_floor('2025-04-10 09:00+00') ORDER BY id},
	q{SELECT tenant_id, count(*), min(uuid_extract_time(id)), max(uuid_extract_time(id, true)) FROM by_id WHERE id < uuid_v7_floor(now() - interval '1 day') GROUP BY tenant_id ORDER BY tenant_id},
	q{SELECT date_trunc('day', uuid_extract_time(id)) d, count(*) FROM by_id GROUP BY d ORDER BY d},
	q{SELECT id FROM by_id WHERE id > uuid_v7_ceil(now() - interval '1 hour') ORDER BY id});
my ($same, $nonempty, @details) = (0, 0);
for my $q (@queries)
{
	my $on_citus = psql_text($coord, $q);
	my $on_single = psql_text($single, $q);
	my ($citus_sig, $single_sig) =
	  map { scalar(grep { !/ERROR/ } split /\n/, $_) . ' ' . substr(md5_hex($_), 0, 12) } $on_citus, $on_single;
	$same++ if $citus_sig eq $single_sig && $on_citus !~ /ERROR/;
	$nonempty++ if $citus_sig !~ /^0 /;
	push @details, ($citus_sig =~ s/ .*//r)
	  . ($citus_sig eq $single_sig ? '' : " (single server: $single_sig; Citus: " . substr($on_citus, 0, 200) . ')');
}
note("$same of " . scalar(@queries) . ' queries identical (count + md5 of the ordered rows); rows per query: ' . join(', ', @details));
ok($same == @queries && $nonempty == @queries, 'time-range queries: the same rows on Citus as on a single server');
$single->stop;

# ---- sessions on all three nodes generate at once
$coord->safe_psql('postgres', q{SET client_min_messages = warning;
	CREATE TABLE gen (node text NOT NULL, sid int NOT NULL, v smallint NOT NULL, seq bigint NOT NULL, u uuid NOT NULL);
	SELECT create_distributed_table('gen', 'u')});
my $chunk = $gen_per_session < 50000 ? $gen_per_session : 50000;
PostgreSQL::Test::Utils::append_to_file("$work/gen.pgbench", q{-- One chunk of every version, interleaved; seq (a session-private sequence, in the generator's
-- target list) is the call order within the session.
CREATE TEMP SEQUENCE IF NOT EXISTS gen_seq CACHE 10000;
INSERT INTO gen SELECT :node, :client_id, 1, nextval('gen_seq'), uuid_generate_v1() FROM generate_series(1, :chunk);
INSERT INTO gen SELECT :node, :client_id, 4, nextval('gen_seq'), uuid_generate_v4() FROM generate_series(1, :chunk);
INSERT INTO gen SELECT :node, :client_id, 6, nextval('gen_seq'), uuid_generate_v6() FROM generate_series(1, :chunk);
INSERT INTO gen SELECT :node, :client_id, 7, nextval('gen_seq'), uuid_generate_v7() FROM generate_series(1, :chunk);
});
my $start = time;
my (%bench_out, %bench);
{
	local $ENV{PGOPTIONS} = '-c client_min_messages=warning';
	for my $name (qw(coord w1 w2))
	{
		$bench_out{$name} = '';
		$bench{$name} = IPC::Run::start(
			[
				'pgbench', '-n', '-h', $node{$name}->host, '-p', $node{$name}->port, '-c', $gen_sessions, '-j', 1,
				'-t', int($gen_per_session / $chunk), '-D', "chunk=$chunk", '-D', "node='$name'", '-f', "$work/gen.pgbench", 'postgres'
			],
			'>&', \$bench_out{$name});
	}
}
my @failed = grep { !$bench{$_}->finish } qw(coord w1 w2);
my $total = 3 * $gen_sessions * $gen_per_session * 4;
note(sprintf('3 nodes x %d sessions x %d values x 4 versions = %d values in %.1f s', $gen_sessions, $gen_per_session, $total, time - $start));
ok(!@failed, 'pgbench on the coordinator and both workers at once');
for my $name (@failed)
{
	my @l = split /\n/, $bench_out{$name};
	diag("pgbench on $name failed:\n" . join("\n", @l > 5 ? @l[-5 .. -1] : @l));
}
my $groups = 3 * $gen_sessions * 4;
check_sql($coord, "every session's values are there, with their version", qq{
	SELECT count(*) = $groups AND bool_and(n = $gen_per_session AND ok = n),
	       format('%s (node, session, version) groups of %s..%s values', count(*), min(n), max(n))
	FROM (SELECT node, sid, v, count(*) n,
	             count(*) FILTER (WHERE substr(u::text, 15, 1) = v::text AND substr(u::text, 20, 1) IN ('8', '9', 'a', 'b')) ok
	      FROM gen GROUP BY node, sid, v) s});
# gen is distributed by u, so equal values share a shard and count(DISTINCT u) is exact.
check_sql($coord, 'no duplicate over all nodes, sessions and versions', qq{
	SELECT count(*) = $total AND count(*) - count(DISTINCT u) = 0,
	       format('%s values, %s distinct, duplicates = %s', count(*), count(DISTINCT u), count(*) - count(DISTINCT u))
	FROM gen});
# Generated at once: some instant lies within every node's span of v7 times.
check_sql($coord, 'the three nodes generated at the same time', q{
	SELECT max(first_ms) < min(last_ms), format('%s nodes; the last to start began %s ms before the first to finish ended',
	                                            count(*), round(min(last_ms) - max(first_ms)))
	FROM (SELECT node, extract(epoch FROM min(uuid_extract_time(u))) * 1000 first_ms,
	             extract(epoch FROM max(uuid_extract_time(u))) * 1000 last_ms
	      FROM gen WHERE v = 7 GROUP BY node) s});
# RFC 9562 §6.10: each session draws its own random node; v1 and v6 of a session share it.
my $all_sessions = 3 * $gen_sessions;
check_sql($coord, 'v1/v6: one node per session, distinct across all sessions of all nodes', qq{
	SELECT count(*) = $all_sessions AND bool_and(nodes = 1) AND count(DISTINCT node_id) = count(*),
	       format('%s sessions, %s distinct nodes (%s)', count(*), count(DISTINCT node_id),
	              string_agg(node || '/' || sid || ' ' || node_id, ', ' ORDER BY node, sid))
	FROM (SELECT node, sid, min(uuid_extract_node(u)::text) node_id, count(DISTINCT uuid_extract_node(u)) nodes
	      FROM gen WHERE v IN (1, 6) GROUP BY node, sid) s});

$node{$_}->stop for qw(coord w1 w2);
no_crash_in_log($node{$_}, "$_: server log shows no crashed backend") for qw(coord w1 w2);
note(sprintf('test took %d s', time - $^T));
done_testing();
