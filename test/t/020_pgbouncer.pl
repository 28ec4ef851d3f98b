# uuidx behind PgBouncer in transaction pooling (test/t/README.md). Without a preload a server
# connection rewrites only after a uuidx call loaded the hook on it. Session scope promises no
# order to a client whose transactions move between server connections (reported, not checked).
use strict;
use warnings FATAL => 'all';
use FindBin;
use lib "$FindBin::RealBin/lib";
use IPC::Run;
use Time::HiRes qw(usleep);
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxGeneration;

my ($pgbouncer) = grep { -x } map { "$_/pgbouncer" } split(/:/, $ENV{PATH}), '/usr/sbin';
unless ($pgbouncer)
{
	plan skip_all => 'pgbouncer is not installed (Debian: pgbouncer)' unless $ENV{CI};
	fail('pgbouncer is installed (Debian: pgbouncer)');
	done_testing();
	exit 0;
}
my ($version) = `$pgbouncer --version` =~ /PgBouncer (\d+\.\d+)/;
my ($vmajor, $vminor) = split /\./, $version;
my $keeps_prepared = $vmajor > 1 || $vminor >= 21;
note "PgBouncer $version ($pgbouncer)";

my $clients = 8;
my $statements = 40;
# Rows every 10 minutes, 5 minutes off the hour's edges: the answer holds while now() moves on.
my $time_query = q{SELECT count(*) FROM events WHERE uuid_extract_time(id) >= now() - interval '1 hour'};

# A server, and PgBouncer in front of it in transaction pooling, a pool of 3 server connections.
sub pooled_server
{
	my ($name, $conf) = @_;
	my $node = started_node($name, $conf);
	$node->safe_psql('postgres', q{CREATE EXTENSION uuidx;
		CREATE TABLE events (id uuid_v7 PRIMARY KEY DEFAULT uuid_generate_v7(), n int NOT NULL);
		INSERT INTO events (id, n) SELECT uuid_generate_v7(now() - g * interval '10 minutes' + interval '5 minutes'), g FROM generate_series(1, 7200) g;
		ANALYZE events;
		CREATE TABLE gen (client int NOT NULL, n int NOT NULL, u uuid NOT NULL, pid int NOT NULL);
		CREATE TABLE answers (rewritten bigint NOT NULL, plain bigint NOT NULL)});
	# A short directory: a Unix socket's path is limited to about 100 bytes.
	my $dir = PostgreSQL::Test::Utils::tempdir_short();
	my $port = PostgreSQL::Test::Cluster::get_free_port();
	append_to_file("$dir/users.txt", '"' . getpwuid($>) . "\" \"\"\n");
	append_to_file("$dir/pgbouncer.ini", "[databases]\npostgres = host=" . $node->host . ' port=' . $node->port . " dbname=postgres\n"
		  . "[pgbouncer]\nlisten_addr =\nlisten_port = $port\nunix_socket_dir = $dir\nauth_type = trust\n"
		  . "auth_file = $dir/users.txt\npool_mode = transaction\ndefault_pool_size = 3\nmax_client_conn = 100\n"
		  . "logfile = $dir/pgbouncer.log\npidfile = $dir/pgbouncer.pid\n"
		  . ($keeps_prepared ? "max_prepared_statements = 100\n" : ''));
	my ($out, $err) = ('', '');
	my $bouncer = IPC::Run::start([ $pgbouncer, "$dir/pgbouncer.ini" ], '>', \$out, '2>', \$err);
	for (1 .. 100)
	{
		last if -S "$dir/.s.PGSQL.$port";
		usleep(100_000);
	}
	die "pgbouncer did not start: $out $err" unless -S "$dir/.s.PGSQL.$port";
	return { node => $node, bouncer => $bouncer, host => $dir, port => $port, name => $name };
}

sub through_pool
{
	my ($server, $sql, @extra) = @_;
	my ($out, $err) = ('', '');
	IPC::Run::run([ 'psql', '-X', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-h', $server->{host}, '-p', $server->{port}, '-d', 'postgres', @extra ],
		'<', \$sql, '>', \$out, '2>', \$err, IPC::Run::timeout(60))
	  or die "psql through PgBouncer failed: $err";
	chomp $out;
	return $out;
}

sub pgbench_through_pool
{
	my ($server, $script, @args) = @_;
	my $file = $server->{host} . '/script.pgbench';
	open my $fh, '>', $file or die $!;
	print $fh $script;
	close $fh;
	my ($out, $err) = ('', '');
	my $ran = IPC::Run::run([ 'pgbench', '-n', '-h', $server->{host}, '-p', $server->{port}, @args, '-f', $file, 'postgres' ],
		'>', \$out, '2>', \$err, IPC::Run::timeout(180));
	return ($ran, $out . $err);
}

my @servers = (
	[ 'not preloaded', 'plain', '' ],
	[ 'session_preload_libraries', 'session_preload', "session_preload_libraries = 'uuidx'" ],
	[ 'shared_preload_libraries', 'shared_preload', "shared_preload_libraries = 'uuidx'" ]);
for my $s (@servers)
{
	my ($label, $name, $conf) = @$s;
	my $server = pooled_server($name, $conf);
	my $node = $server->{node};

	# ---- the rewrite: each statement from a client connection of its own, each executed (its
	# plan printed), so that a server connection without a preload loads uuidx on its first.
	my ($rewritten, $answers) = (0, {});
	for (1 .. $statements)
	{
		my $out = through_pool($server, "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) $time_query");
		$rewritten++ if $out =~ /uuid_v7_lower_bound/;
		$answers->{ through_pool($server, $time_query) }++;
	}
	note("$label: rewritten $rewritten of $statements; answers through the pool: " . join(', ', map { "$_ ($answers->{$_} times)" } keys %$answers));
	if ($conf)
	{
		is($rewritten, $statements, "$label: the rewrite reaches every statement through the pool");
	}
	else
	{
		ok($rewritten > 0 && $rewritten < $statements, "$label: the rewrite reaches a statement only on a server connection that has loaded uuidx");
	}
	is(join(',', keys %$answers), '6', "$label: every answer through the pool counts the 6 rows of the last hour");
	is($node->safe_psql('postgres', "SET uuidx.time_predicates = off; $time_query"), '6', "$label: the same count with the rewrite off");

	# ---- generation through the pool
	for my $scope ($name eq 'shared_preload' ? ('server', 'session') : ('session'))
	{
		reload_setting($node, 'uuidx.v7_scope', $scope) if $name eq 'shared_preload';
		$node->safe_psql('postgres', 'TRUNCATE gen');
		# Each transaction holds its server connection a millisecond: the clients then wait for one
		# whatever the machine's speed, and the pool opens more than one (on a loaded machine it
		# once ran all 4000 on a single connection).
		my ($ran, $log) = pgbench_through_pool($server, "\\set n :n + 1\nINSERT INTO gen SELECT :client_id, :n, uuid_generate_v7(), pg_backend_pid() FROM pg_sleep(0.001);\n",
			'-c', $clients, '-j', 1, '-t', 500, '-D', 'n=0');
		ok($ran, "$label, $scope scope: 8 clients x 500 transactions through the pool") or diag $log;
		my ($rows, $numbered, $distinct, $increases, $hops, $pids) = split /\|/, $node->safe_psql('postgres', q{
			SELECT count(*), count(DISTINCT (client, n)), count(DISTINCT u), count(*) FILTER (WHERE u > prev),
			       count(*) FILTER (WHERE pid <> prev_pid), count(DISTINCT pid)
			FROM (SELECT client, n, u, pid, lag(u) OVER w prev, lag(pid) OVER w prev_pid FROM gen
			      WINDOW w AS (PARTITION BY client ORDER BY n)) s});
		note("$label, $scope scope: $rows rows, $numbered numbered, $distinct distinct; of a client's consecutive values, $increases "
			  . "pairs increasing, $hops on another server connection than the one before ($pids connections)");
		is("$rows $numbered", '4000 4000', "$label, $scope scope: one row per transaction, numbered by its client");
		is($distinct, $rows, "$label, $scope scope: no value duplicated");
		ok($hops > 0, "$label, $scope scope: a client's transactions run on several server connections");
		is($increases, $rows - $clients, "$label, server scope: every client's values increase in its own order through the pool")
		  if $scope eq 'server';
	}

	# ---- prepared statements
	SKIP:
	{
		skip "PgBouncer $version does not keep protocol-level prepared statements in transaction pooling (1.21 and later do)", 1
		  unless $keeps_prepared;
		# A thread per client: pgbench prepares a statement with a call that waits, and one thread
		# waiting for a server connection would keep its other clients from releasing theirs.
		$node->safe_psql('postgres', 'TRUNCATE answers');
		my ($ran, $log) = pgbench_through_pool($server, "BEGIN;\n\\if :client_id % 2 = 0\nSET LOCAL plan_cache_mode = force_generic_plan;\n\\endif\n"
			  . "$time_query \\gset on_\nSET LOCAL uuidx.time_predicates = off;\n"
			  . "$time_query \\gset off_\nINSERT INTO answers VALUES (:on_count, :off_count);\nCOMMIT;\n",
			'-M', 'prepared', '-c', 4, '-j', 4, '-t', 20);
		my ($runs, $six) = split /\|/, $node->safe_psql('postgres', 'SELECT count(*), count(*) FILTER (WHERE rewritten = 6 AND plain = 6) FROM answers');
		ok($ran && $runs == 80 && $six == 80,
			"$label: a prepared time query, run 20 times by each of 4 clients, counts the same 6 rows with the rewrite on and off")
		  or diag("$runs runs, $six counting 6 rows with the rewrite on and off\n$log");
	}

	$server->{bouncer}->kill_kill;
	$node->stop;
	no_crash_in_log($node, "$label: server log shows no crashed backend");
}
done_testing();
