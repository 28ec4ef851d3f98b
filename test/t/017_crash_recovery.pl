# Crash and recovery under an insert load (test/t/README.md). pgbench logs a transaction (-l) once
# its COMMIT is acknowledged, so a client's logged count N means its rows 1..N must be present.
# After the restart either scope's sequence starts again from the clock, which moved on (where the
# clock goes back across a restart the scopes differ: 008_server_scope). The table has no unique
# constraint, so a duplicated key would land in it and be counted, not refused.
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

my $rounds = sized(20, 8);
$rounds = 4 if $rounds < 4;
my $clients = 4;
my $tmp = PostgreSQL::Test::Utils::tempdir;

my $node = started_node('crash', q{shared_preload_libraries = 'uuidx'
restart_after_crash = on
uuidx.facade_key = '0f1e2d3c4b5a6978:8796a5b4c3d2e1f0'
log_statement = none
log_connections = off
log_disconnections = off});
$node->safe_psql('postgres', q{CREATE EXTENSION uuidx;
	CREATE TABLE keys (id uuid_v7 NOT NULL DEFAULT uuid_generate_v7(), scope text NOT NULL,
	                   round int NOT NULL, client int NOT NULL, n int NOT NULL);
	CREATE INDEX ON keys (id)});

# One transaction a row; n counts the client's transactions (pgbench keeps a client's variables).
my $script = "$tmp/insert.pgbench";
append_to_file($script, "\\set n :n + 1\nINSERT INTO keys (scope, round, client, n) VALUES (:scope, :round, :client_id, :n);\n");

# What must come back after a crash: the settings, and the façade key through what it makes.
my $settings_sql = q{SELECT (SELECT string_agg(name || '=' || setting, ' ' ORDER BY name) FROM pg_settings WHERE name LIKE 'uuidx.%')
	|| ' facade ' || uuid_v7_to_facade('01932c07-209c-7000-8000-000000000000')};

# Kills one of the load's backends; the postmaster restarts the others and recovers.
sub kill_backend
{
	my $offset = -s $node->logfile;
	my $pid = $node->safe_psql('postgres', q{SELECT pid FROM pg_stat_activity WHERE query LIKE 'INSERT INTO keys%' AND pid <> pg_backend_pid() ORDER BY random() LIMIT 1});
	return 'no pgbench backend to kill' if $pid eq '';
	kill 'KILL', $pid;
	eval { $node->wait_for_log(qr/all server processes terminated; reinitializing/, $offset) }
	  or return 'the postmaster did not reinitialize';
	return poll_sql($node, 'postgres', 'SELECT NOT pg_is_in_recovery()') ? '' : 'the server did not come back';
}

# Kills the postmaster; the server starts again once its children are gone (they exit when they
# see it gone; a new postmaster refuses while one of them still holds the shared memory).
sub kill_postmaster
{
	my $pm = (split /\n/, slurp_file($node->data_dir . '/postmaster.pid'))[0];
	my @children;
	for my $stat (glob '/proc/[0-9]*/stat')
	{
		my $line = eval { slurp_file($stat) } // next;
		push @children, $1 if $line =~ /^(\d+) \(.*\) \S+ (\d+) /s && $2 == $pm;
	}
	$node->kill9;
	for (1 .. 300)
	{
		last unless grep { -e "/proc/$_" } @children;
		usleep(100_000);
	}
	my @left = grep { -e "/proc/$_" } @children;
	return "processes of the killed postmaster still running after 30 s: @left" if @left;
	return $node->start(fail_ok => 1) ? '' : 'the server did not start again';
}

# The load: pgbench, its per-transaction log in $tmp; returns the harness.
sub start_load
{
	my ($scope, $round, $out, $err) = @_;
	unlink glob("$tmp/log_$round.*");
	return IPC::Run::start(
		[ 'pgbench', '-n', '-h', $node->host, '-p', $node->port, '-c', $clients, '-j', 1, '-T', 30,
		  '-l', "--log-prefix=$tmp/log_$round", '-D', "scope='$scope'", '-D', "round=$round", '-D', 'n=0', '-f', $script, 'postgres' ],
		'>', $out, '2>', $err, IPC::Run::timeout(90));
}

# Acknowledged transactions per client of a round: pgbench's log, a line each, the client first.
sub acknowledged
{
	my ($round) = @_;
	my %acked = map { $_ => 0 } 0 .. $clients - 1;
	for my $file (glob("$tmp/log_$round.*"))
	{
		$acked{ (split / /)[0] }++ for split /\n/, slurp_file($file);
	}
	return %acked;
}

my $settings_before;
my %kills = (backend => 0, postmaster => 0);
my ($acked_total, $present_total) = (0, 0);
for my $round (1 .. $rounds)
{
	my $scope = $round <= $rounds / 2 ? 'session' : 'server';
	my $kind = $round % 2 ? 'backend' : 'postmaster';
	if ($round == 1 || $round == int($rounds / 2) + 1)
	{
		reload_setting($node, 'uuidx.v7_scope', $scope);
		$settings_before = $node->safe_psql('postgres', $settings_sql);
	}
	my $max_before = $node->safe_psql('postgres', 'SELECT coalesce(max(id)::text, \'\') FROM keys');
	my ($out, $err) = ('', '');
	my $load = start_load($scope, $round, \$out, \$err);
	# Kill once every client inserts, at a random moment 0.2 to 1.2 s later.
	my $started = 0;
	for (1 .. 200)
	{
		last if ($started = $node->safe_psql('postgres', "SELECT count(DISTINCT client) = $clients FROM keys WHERE round = $round") eq 't');
		last unless $load->pumpable;
		usleep(50_000);
	}
	unless ($started)
	{
		eval { $load->finish; };
		die "round $round: the load did not start: $out $err";
	}
	usleep(200_000 + int(rand(1_000_000)));
	my $failure = $kind eq 'backend' ? kill_backend() : kill_postmaster();
	$kills{$kind}++;
	eval { $load->finish; };
	my %acked = acknowledged($round);
	my $acked = 0;
	$acked += $_ for values %acked;
	my $settings = $failure ? '' : $node->safe_psql('postgres', $settings_sql);
	note "round $round, $scope scope, kill -9 of the $kind" . ($failure ? ": $failure" : '');
	ok(!$failure && $settings eq $settings_before,
		"$scope scope, kill -9 of the $kind: the server recovered, uuidx's settings and façade key unchanged");
	my $where = join ' OR ', map { "(client = $_ AND n <= $acked{$_})" } sort keys %acked;
	my ($present, $rows, $below) = split /\|/, $node->safe_psql('postgres',
		"SELECT count(*) FILTER (WHERE $where), count(*), count(*) FILTER (WHERE id <= nullif('$max_before', '')::uuid) FROM keys WHERE round = $round");
	$acked_total += $acked;
	$present_total += $present;
	note "$acked acknowledged, $present of them present; $rows rows in the round, " . ($rows - $present)
	  . " committed without the acknowledgement reaching the client; $below not greater than the largest key before the last restart";
	is($present, $acked, 'every row a client saw committed is present');
	# Every key, then the same with one key given twice (the control).
	my ($dups, $control) = map { $node->safe_psql('postgres', "SELECT count(*) - count(DISTINCT id) FROM (SELECT id FROM keys$_) k") }
	  '', ' UNION ALL (SELECT id FROM keys LIMIT 1)';
	note "duplicated keys: $dups; with one key given twice (control): $control";
	ok($dups == 0 && $control == 1, 'no key duplicated (every key distinct, in a table without a unique constraint)');
	# The round's keys are all made after the last round's restart.
	is($below, 0, "$scope scope: every key made after the restart greater than every key before it") if $max_before ne '';
}
$node->stop;
my @signals = slurp_file($node->logfile) =~ /was terminated by signal (\d+)/g;
note "kills: $kills{backend} of a backend, $kills{postmaster} of the postmaster; acknowledged $acked_total rows, present $present_total; "
  . scalar(@signals) . ' processes terminated by a signal: ' . join(', ', @signals);
ok(@signals == $kills{backend} && !(grep { $_ != 9 } @signals), 'server log: the only processes that crashed are the backends killed');
done_testing();
