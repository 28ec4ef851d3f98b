# UuidxGeneration: what the TAP tests share: started nodes, settings reloaded, the tables, the
# pgbench run (test/concurrency/*.pgbench) and the property checks of values generated in
# concurrent sessions, each one assertion with a fixed name, its figures in a note.
#   started_node($name, $conf, %init)     new (install_path from %init), init, CONF appended, start
#   reload_setting($node, $setting, $value)   ALTER SYSTEM SET, reload, until a new session sees it
#   gen_tables($node, @versions)          gen_v1/v4/v6/v7 (sid, seq, u), unlogged
#   gen_concurrent($node, $sessions, $per_session, $chunk, $script, @versions)
#   gen_checks($node, $sessions, $per_session, $label, @versions)
#   check_sql($node, $what, $sql [, $db])  $sql returns one row: ok boolean, figures text
#   poll_sql($node, $db, $sql)            until $sql returns t (at most the default timeout)
#   sized($full, $lean)                   $lean where UUIDX_TEST_SIZE=lean (set by the lab)
package UuidxGeneration;
use strict;
use warnings FATAL => 'all';
use Exporter 'import';
use FindBin;
use IPC::Run;
use Test::More;
use Time::HiRes qw(time);

our @EXPORT = qw(started_node reload_setting gen_tables gen_concurrent gen_checks check_sql no_crash_in_log poll_sql sized);

# The pgbench scripts beside the TAP tests: test/concurrency/.
my $scripts = "$FindBin::RealBin/../concurrency";

sub sized { return ($ENV{UUIDX_TEST_SIZE} // '') eq 'lean' ? $_[1] : $_[0]; }

sub started_node
{
	my ($name, $conf, %init) = @_;
	my $path = delete $init{install_path};
	my $node = PostgreSQL::Test::Cluster->new($name, $path ? (install_path => $path) : ());
	$node->init(%init);
	$node->append_conf('postgresql.conf', $conf) if $conf;
	$node->start;
	return $node;
}

sub reload_setting
{
	my ($node, $setting, $value) = @_;
	$node->safe_psql('postgres', "ALTER SYSTEM SET $setting = '$value'");
	$node->reload;
	poll_sql($node, 'postgres', "SELECT current_setting('$setting') = '$value'") or die "$setting did not become '$value'";
	return;
}

sub check_sql
{
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	my ($node, $what, $sql, $db) = @_;
	my ($rc, $out, $err) = $node->psql($db // 'postgres', $sql, extra_params => [ '-F', '|', '-A', '-t' ]);
	chomp $out;
	my ($good, $figures) = split /\|/, $out, 2;
	$figures = $rc == 0 ? $figures // 'no row' : "query failed: $err";
	my $held = ok($rc == 0 && ($good // '') eq 't', $what);
	$held ? note("$what: $figures") : diag("$what: $figures");
	return $held;
}

sub gen_tables
{
	my ($node, @versions) = @_;
	@versions = (1, 4, 6, 7) unless @versions;
	$node->safe_psql('postgres',
		"SET client_min_messages = warning; DROP TABLE IF EXISTS gen_v$_; "
		  . "CREATE UNLOGGED TABLE gen_v$_ (sid int NOT NULL, seq bigint NOT NULL, u uuid NOT NULL)")
	  for @versions;
}

# SESSIONS pgbench clients, one connection each, each adding PER_SESSION values of every version.
sub gen_concurrent
{
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	my ($node, $sessions, $per_session, $chunk, $script, @versions) = @_;
	my ($out, $err);
	my $start = time;
	local $ENV{PGOPTIONS} = '-c client_min_messages=warning';
	my $ran = IPC::Run::run(
		[
			'pgbench', '-n', '-c', $sessions, '-j', 2, '-t', int($per_session / $chunk),
			'-D', "chunk=$chunk", '-f', "$scripts/$script",
			'-h', $node->host, '-p', $node->port, 'postgres'
		],
		'>', \$out, '2>', \$err);
	my $values = $sessions * $per_session * scalar(@versions);
	note("pgbench: $_") for grep { /number of clients|actually processed|failed|aborted/ } split /\n/, $out;
	note(sprintf('%s: %d sessions x %d values x %d versions = %d values in %.1f s',
		$script, $sessions, $per_session, scalar(@versions), $values, time - $start));
	ok($ran, "pgbench run of $script") or diag("pgbench:\n$out\n$err");
	return;
}

# Counts per session, duplicates, version and variant bits (from the text form, not through
# uuidx's own functions), strict increase in call order within each session.
sub gen_checks
{
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	my ($node, $sessions, $per_session, $label, @versions) = @_;
	@versions = (1, 4, 6, 7) unless @versions;
	my %has = map { $_ => 1 } @versions;
	for my $v (@versions)
	{
		check_sql($node, "${label}v$v values per session", qq{
			SELECT count(*) = $sessions AND min(n) >= $per_session AND bool_and(n = seqs),
			       format('%s sessions, %s..%s values each, %s in all', count(*), min(n), max(n), sum(n))
			FROM (SELECT sid, count(*) n, count(DISTINCT seq) seqs FROM gen_v$v GROUP BY sid) s});
		check_sql($node, "${label}v$v duplicates across all sessions", qq{
			SELECT count(*) - count(DISTINCT u) = 0,
			       format('%s values, %s distinct, duplicates = %s', count(*), count(DISTINCT u), count(*) - count(DISTINCT u))
			FROM gen_v$v});
		check_sql($node, "${label}v$v version and variant bits", qq{
			SELECT bad = 0, format('%s values checked, wrong version nibble or variant = %s', n, bad)
			FROM (SELECT count(*) n,
			             count(*) FILTER (WHERE substr(u::text, 15, 1) <> '$v' OR substr(u::text, 20, 1) NOT IN ('8', '9', 'a', 'b')) bad
			      FROM gen_v$v) s});
	}
	for my $v (grep { $has{$_} } (1, 6, 7))
	{
		# v6 and v7 sort by time as uuids; a v1's timestamp is compared through its v6 form (same
		# clock_seq and node within a session, so the v6 order is the timestamp order).
		my $key = $v == 1 ? 'uuid_v1_to_v6(u)' : 'u';
		check_sql($node, "${label}v$v strictly increasing within each session", qq{
			SELECT bad = 0, format('%s consecutive pairs in %s sessions, not increasing = %s', pairs, sessions, bad)
			FROM (SELECT count(prev) pairs, count(DISTINCT sid) sessions, count(*) FILTER (WHERE k <= prev) bad
			      FROM (SELECT sid, k, lag(k) OVER (PARTITION BY sid ORDER BY seq) prev
			            FROM (SELECT sid, seq, $key k FROM gen_v$v) a) w) s});
	}
	# The sessions really ran at the same time: some instant lies within every session's v7 span.
	if ($has{7})
	{
		check_sql($node, "${label}sessions overlapped in time", q{
			SELECT max(first_ms) < min(last_ms),
			       format('%s sessions; the last to start began %s ms before the first to finish ended', count(*),
			              round(min(last_ms) - max(first_ms)))
			FROM (SELECT sid, extract(epoch FROM min(uuid_extract_time(u))) * 1000 first_ms,
			             extract(epoch FROM max(uuid_extract_time(u))) * 1000 last_ms
			      FROM gen_v7 GROUP BY sid) s});
	}
	# RFC 9562 §6.10: each session picks its own random node, so a node shared by two sessions
	# would mean inherited random state. (clock_seq is 14 bits: a shared one is possible by chance;
	# printed.)
	if ($has{1})
	{
		check_sql($node, "${label}v1 node distinct per session", qq{
			SELECT count(DISTINCT node) = $sessions AND count(*) = $sessions,
			       format('%s sessions, %s distinct nodes, %s distinct clock_seq', count(*), count(DISTINCT node), count(DISTINCT cs))
			FROM (SELECT sid, min(uuid_extract_node(u)::text) node, min(uuid_extract_clock_seq(u)) cs
			      FROM gen_v1 GROUP BY sid HAVING count(DISTINCT uuid_extract_node(u)) = 1) s});
	}
	return;
}

# The server log shows no crashed backend (one assertion, named NAME or 'server log: ...').
sub no_crash_in_log
{
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	my ($node, $name) = @_;
	return unlike(PostgreSQL::Test::Utils::slurp_file($node->logfile),
		qr/terminated by signal|server process .* (?:was terminated|exited with exit code [1-9])|terminating any other active server processes/,
		$name // 'server log: no crashed backend');
}

# As poll_query_until, the query given by -c: a psql refused by a server still in recovery exits
# before reading its stdin, and the write to it would die on a broken pipe.
sub poll_sql
{
	my ($node, $db, $sql) = @_;
	local %ENV = $node->_get_env();
	for (1 .. 10 * $PostgreSQL::Test::Utils::timeout_default)
	{
		my ($out, $err) = ('', '');
		IPC::Run::run([ $node->installed_command('psql'), '-XAtq', '-d', $node->connstr($db), '-c', $sql ],
			'<', \undef, '>', \$out, '2>', \$err);
		chomp $out;
		return 1 if $out eq 't';
		Time::HiRes::usleep(100_000);
	}
	return 0;
}

1;
