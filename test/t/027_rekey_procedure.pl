# Re-keying a table to v7 (docs/migrating.md, "Re-keying a table to v7"): the page's blocks, taken
# from the page and run as written, on 10^6 accounts with two child tables (10^5 where the lab runs
# the major lean), with bigint keys and again with v4 keys, while a writer (pgbench) adds accounts,
# invoices and logins, for new accounts and old ones, through the whole run and after the switch.
# Then: every row of before is there with its old columns unchanged (count and a fingerprint of
# each table), its new key is uuid_v7_from_key(created_at, old_id), every child row points at the
# account its old foreign key named, no foreign key is broken, every key is a v7 (the writer's
# too), and the old columns drop. Reported: how long each step held a lock that blocks writers
# (psql's \timing of each such statement; the switch's whole transaction), the writer's longest
# transaction, the total time. Controls: a row deleted, a child pointed elsewhere, a v4 key, a
# broken foreign key, a changed key, each in a transaction rolled back, fail the same checks; the
# backfill step left out, the page's own validation refuses the next step; a lock held 1 s shows
# in the writer's longest transaction.
use strict;
use warnings FATAL => 'all';
use FindBin;
use lib "$FindBin::RealBin/lib";
use IPC::Run;
use Time::HiRes qw(time usleep);
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxGeneration;

my $accounts = sized(1_000_000, 100_000);
my $tmp = PostgreSQL::Test::Utils::tempdir;
my $sleep_ms = 20;    # the writer's pause between transactions, left out of its latencies (a steady
                      # writer, not one that takes a core from the rest of the run)

# ---------------------------------------------------------------- the page's blocks
# The copy of test/ the TAP tests run in carries docs/migrating.md beside it (lab/prove.sh).
my $page = "$FindBin::RealBin/../../docs/migrating.md";
ok(-f $page, 'docs/migrating.md is beside the tests') or BAIL_OUT("no $page");
my $text = slurp_file($page);
my ($section) = $text =~ /^## Re-keying a table to v7\n(.*?)(?=^## |\z)/ms;
my @blocks = ($section // '') =~ /```sql\n(.*?)```/gs;
my %block;
for my $b (@blocks)
{
	my ($first) = $b =~ /\A-- ([^\n]*)/;
	next unless defined $first;
	$block{tables} = $b if $first eq 'The tables before';
	$block{rows}   = $b if $first eq 'Example rows';
	$block{"step$1"} = $b if $first =~ /^Step (\d+):/;
	$block{later} = $b if $first =~ /^Later:/;
}
my @steps = map { "step$_" } 1 .. 5;
ok((grep { defined $block{$_} } 'tables', 'rows', 'later', @steps) == 8,
	'docs/migrating.md: the section holds the tables, example rows, steps 1 to 5 and the later drop')
  or BAIL_OUT('blocks missing: ' . join(', ', grep { !defined $block{$_} } 'tables', 'rows', 'later', @steps));

my $node = started_node('rekey', q{shared_buffers = 256MB
maintenance_work_mem = 256MB
max_wal_size = 8GB
checkpoint_timeout = 30min
log_statement = none
log_min_messages = warning});

# Runs SQL (a block as written) in one psql session with \timing: (exit code, stderr, the
# statements as [first line, ms, blocks writers]). A statement blocks writers if it takes a lock
# that conflicts with INSERT: ALTER TABLE (but VALIDATE CONSTRAINT), CREATE or DROP TRIGGER,
# LOCK; a transaction (BEGIN .. COMMIT) that holds one counts as one, its statements' times summed.
sub run_sql
{
	my ($db, $sql, $name) = @_;
	my $file = "$tmp/$name.sql";
	open my $fh, '>', $file or die;
	print $fh $sql;
	close $fh;
	my ($out, $err) = ('', '');
	my $ok = IPC::Run::run([ 'psql', '-X', '-e', '-v', 'ON_ERROR_STOP=1', '-d', $node->connstr($db),
		'-c', '\timing on', '-f', $file ], '<', \undef, '>', \$out, '2>', \$err);
	my (@stmts, $in_tx, $tx);
	for my $chunk (split /^Time: ([0-9.]+) ms.*\n/m, $out)
	{
		if ($chunk =~ /\A[0-9.]+\z/)
		{
			my $s = $stmts[-1];
			$s->[1] = $chunk;
			if ($s->[0] =~ /^BEGIN/) { $in_tx = 1; $tx = [ '', 0, 0, 0, undef ]; }
			if ($in_tx)
			{
				# A LOCK's time (or the DO block's that takes it, with its retries) is the wait for
				# the lock (writers queue behind it too); the rest of the transaction holds it.
				$tx->[1] += $chunk;
				$tx->[2] ||= $s->[2];
				$tx->[3] += $chunk if $s->[0] =~ /^(LOCK |DO )/;
				$tx->[4] = $s if $s->[0] !~ /^(LOCK|DO|BEGIN|COMMIT)/ && (!$tx->[4] || $chunk > $tx->[4][1]);
				if ($s->[0] =~ /^COMMIT/)
				{
					$tx->[0] = sprintf('a transaction: LOCK waited %.1f ms, then held %.1f ms; its slowest statement %.1f ms: %s',
						$tx->[3], $tx->[1] - $tx->[3], $tx->[4] ? ($tx->[4][1], $tx->[4][0]) : (0, 'none'));
					push @stmts, $tx;
					$in_tx = 0;
				}
			}
			next;
		}
		my ($first) = grep { /\S/ && !/^Timing is on/ && !/^--/ } split /\n/, $chunk;
		next unless defined $first;
		my $blocks = $first =~ /^(ALTER TABLE|CREATE TRIGGER|DROP TRIGGER|LOCK |DO )/ && $chunk !~ /VALIDATE CONSTRAINT/ ? 1 : 0;
		push @stmts, [ $first, undef, $blocks ];
	}
	return ($ok, $err, [ grep { defined $_->[1] } @stmts ]);
}

# One row of a query (psql -At, | between columns), '' when it fails (its error on stderr).
sub row
{
	my ($db, $sql) = @_;
	my ($rc, $out, $err) = $node->psql($db, $sql, extra_params => [ '-q', '-A', '-t', '-F', '|' ]);
	diag("query failed: $err") if $rc != 0;
	chomp $out;
	return (split /\n/, $out)[-1] // '';
}

# ---------------------------------------------------------------- the writer
# Each transaction one statement: an account with an invoice and a login (a CTE: the trigger of
# step 2 sees the account), then an invoice of an old account found by a page of the table (a TID
# scan: no index on anything the switch renames). Column names only, so it goes on across the
# switch. It stops (division by zero, which aborts the client) once writer_stop says so.
my $writer_script = "$tmp/writer.pgbench";
append_to_file($writer_script, <<"PGBENCH");
\\sleep $sleep_ms ms
\\set page random(0, :pages)
WITH a AS (INSERT INTO accounts (name) VALUES ('writer') RETURNING id),
     i AS (INSERT INTO invoices (account_id, total) SELECT id, 1 FROM a)
INSERT INTO logins (account_id, address) SELECT id, '198.51.100.1' FROM a;
INSERT INTO invoices (account_id, total) SELECT id, 2 FROM accounts WHERE ctid = ANY (ARRAY(SELECT format('(%s,%s)', :page, k)::tid FROM generate_series(1, 40) AS k)) LIMIT 1;
SELECT 1 / (1 - stop::int) FROM writer_stop;
PGBENCH

my $writers = 0;
sub start_writer
{
	my ($db) = @_;
	$node->safe_psql($db, 'CREATE TABLE IF NOT EXISTS writer_stop (stop boolean); TRUNCATE writer_stop; INSERT INTO writer_stop VALUES (false)');
	my $pages = row($db, q{SELECT greatest(relpages, 1) - 1 FROM pg_class WHERE oid = 'accounts'::regclass});
	my $prefix = "$tmp/writer" . ++$writers;
	my %w = (prefix => $prefix, db => $db, out => '', err => '');
	$w{h} = IPC::Run::start([ 'pgbench', '-n', '-c', 2, '-j', 1, '-T', 3600, '-D', "pages=$pages", '-l', "--log-prefix=$prefix",
			'-f', $writer_script, '-h', $node->host, '-p', $node->port, $db ],
		'<', \undef, '>', \$w{out}, '2>', \$w{err});
	return \%w;
}

# Stops the writer; (its transactions, its longest less the pause in ms, every client stopped by
# writer_stop and by nothing else).
sub stop_writer
{
	my ($w) = @_;
	$node->safe_psql($w->{db}, 'UPDATE writer_stop SET stop = true');
	$w->{h}->finish;
	my ($n, $max) = (0, 0);
	$w->{tx} = [];
	for my $log (glob "$w->{prefix}.*")
	{
		for (split /\n/, slurp_file($log))
		{
			my @f = split / /;
			next unless @f >= 6 && $f[2] =~ /^[0-9]+$/;    # a failed transaction's line names its failure
			$n++;
			$max = $f[2] if $f[2] > $max;
			push @{ $w->{tx} }, [ $f[4] + $f[5] / 1e6, $f[2] / 1000 - $sleep_ms ];    # its end, its ms
		}
	}
	my @aborts = $w->{err} =~ /client \d+ (?:script \d+ )?aborted[^\n]*/g;
	my $clean = @aborts == 2 && !grep { !/division by zero/ } @aborts;
	diag("writer: $w->{err}") unless $clean;
	return ($n, $max / 1000 - $sleep_ms, $clean);
}

# ---------------------------------------------------------------- the checks
# Each check: (name, SQL returning ok|figures). Original rows are those made before 2025 (the
# writer's carry now()); :kind's fingerprints of before are in table before_rows.
my $orig = q{created_at < '2025-01-01'};
my @checks = (
	[ 'no row lost: each table has its rows of before, old columns unchanged (count and fingerprint)', qq{
		SELECT bool_and(b.n = a.n AND b.fp = a.fp), string_agg(format('%s %s of %s', t, a.n, b.n), ', ' ORDER BY t)
		FROM before_rows b JOIN (
		  SELECT 'accounts' t, count(*) n, sum(hashtextextended(concat_ws('/', old_id, created_at), 0)::numeric) fp FROM accounts WHERE $orig
		  UNION ALL SELECT 'invoices', count(*), sum(hashtextextended(concat_ws('/', old_id, old_account_id, created_at), 0)::numeric) FROM invoices WHERE $orig
		  UNION ALL SELECT 'logins', count(*), sum(hashtextextended(concat_ws('/', old_id, old_account_id, created_at), 0)::numeric) FROM logins WHERE $orig) a USING (t)} ],
	[ 'every row of before has the key uuid_v7_from_key(created_at, old_id)', qq{
		SELECT sum(bad) = 0, string_agg(format('%s %s wrong of %s', t, bad, n), ', ' ORDER BY t) FROM (
		  SELECT 'accounts' t, count(*) n, count(*) FILTER (WHERE id IS DISTINCT FROM uuid_v7_from_key(created_at, old_id)) bad FROM accounts WHERE $orig
		  UNION ALL SELECT 'invoices', count(*), count(*) FILTER (WHERE id IS DISTINCT FROM uuid_v7_from_key(created_at, old_id)) FROM invoices WHERE $orig
		  UNION ALL SELECT 'logins', count(*), count(*) FILTER (WHERE id IS DISTINCT FROM uuid_v7_from_key(created_at, old_id)) FROM logins WHERE $orig) s} ],
	[ 'every child row with an old foreign key points at the account it named', q{
		SELECT sum(bad) = 0, string_agg(format('%s %s elsewhere of %s', t, bad, n), ', ' ORDER BY t) FROM (
		  SELECT 'invoices' t, count(*) n, count(*) FILTER (WHERE c.account_id IS DISTINCT FROM a.id) bad
		  FROM invoices c LEFT JOIN accounts a ON a.old_id = c.old_account_id WHERE c.old_account_id IS NOT NULL
		  UNION ALL SELECT 'logins', count(*), count(*) FILTER (WHERE c.account_id IS DISTINCT FROM a.id)
		  FROM logins c LEFT JOIN accounts a ON a.old_id = c.old_account_id WHERE c.old_account_id IS NOT NULL) s} ],
	[ 'no foreign key violation: every child row finds its account, the keys are validated constraints', q{
		SELECT sum(bad) = 0 AND (SELECT count(*) FROM pg_constraint WHERE convalidated AND (contype = 'p' AND conrelid IN
		         ('accounts'::regclass, 'invoices'::regclass, 'logins'::regclass) OR contype = 'f' AND confrelid = 'accounts'::regclass)
		       AND conkey = ARRAY[(SELECT attnum FROM pg_attribute WHERE attrelid = conrelid AND attname = CASE contype WHEN 'p' THEN 'id' ELSE 'account_id' END)]) = 5,
		       string_agg(format('%s %s orphans of %s', t, bad, n), ', ' ORDER BY t) FROM (
		  SELECT 'invoices' t, count(*) n, count(*) FILTER (WHERE NOT EXISTS (SELECT FROM accounts a WHERE a.id = c.account_id)) bad FROM invoices c
		  UNION ALL SELECT 'logins', count(*), count(*) FILTER (WHERE NOT EXISTS (SELECT FROM accounts a WHERE a.id = c.account_id)) FROM logins c) s} ],
	[ 'every key is a v7, the writer\'s included', q{
		SELECT sum(bad) = 0, string_agg(format('%s %s not v7 of %s', t, bad, n), ', ' ORDER BY t) FROM (
		  SELECT 'accounts' t, count(*) n, count(*) FILTER (WHERE uuid_extract_version(id) IS DISTINCT FROM 7) bad FROM accounts
		  UNION ALL SELECT 'invoices', count(*), count(*) FILTER (WHERE uuid_extract_version(id) IS DISTINCT FROM 7 OR uuid_extract_version(account_id) IS DISTINCT FROM 7) FROM invoices
		  UNION ALL SELECT 'logins', count(*), count(*) FILTER (WHERE uuid_extract_version(id) IS DISTINCT FROM 7 OR uuid_extract_version(account_id) IS DISTINCT FROM 7) FROM logins) s} ],
);

sub run_checks
{
	my ($db, $label, $prefix) = @_;
	for my $c (@checks)
	{
		my ($good, $figures) = split /\|/, row($db, ($prefix // '') . $c->[1]), 2;
		my $held = ok(($good // '') eq 't', "$label: $c->[0]");
		$held ? note("$label: $c->[0]: $figures") : diag("$label: $c->[0]: " . ($figures // 'query failed'));
	}
}

# ---------------------------------------------------------------- controls on a small copy
# The page's tables and example rows (1000 accounts).
$node->safe_psql('postgres', 'CREATE DATABASE rekey_control');
$node->safe_psql('rekey_control', 'CREATE EXTENSION uuidx');
my ($ok, $err) = run_sql('rekey_control', $block{tables} . $block{rows}, 'control_tables');
ok($ok, 'control: the page\'s tables and example rows') or diag $err;
# The writer sees a lock: 1 s of ACCESS EXCLUSIVE shows in its longest transaction.
my $w = start_writer('rekey_control');
sleep 1;
$node->safe_psql('rekey_control', 'BEGIN; LOCK TABLE accounts IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(1); COMMIT;');
sleep 1;
my ($n, $longest, $clean) = stop_writer($w);
ok($clean && $n > 0 && $longest >= 900, 'control: a lock held 1 s shows in the writer\'s longest transaction');
note(sprintf('control: the writer ran %d transactions, the longest %.0f ms', $n, $longest));
# Steps 1 and 2, then 4 without the backfill: the page's own validation refuses it.
($ok, $err) = run_sql('rekey_control', $block{step1} . $block{step2}, 'control_12');
ok($ok, 'control: steps 1 and 2 on the example rows') or diag $err;
($ok, $err) = run_sql('rekey_control', $block{step4}, 'control_4');
ok(!$ok && $err =~ /check constraint "accounts_new_id_filled" .*is violated by some row/,
	'control: step 4 without the backfill of step 3 is refused: accounts_new_id_filled is violated');
note("control: step 4 without step 3: $err");

# ---------------------------------------------------------------- the runs
for my $kind ('bigint', 'v4')
{
	my $db = "rekey_$kind";
	my $t_load = time;
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	$node->safe_psql($db, 'CREATE EXTENSION uuidx');
	my $tables = $block{tables};
	if ($kind eq 'v4')
	{
		# The page's v4 tables: id uuid PRIMARY KEY DEFAULT gen_random_uuid(), account_id uuid.
		my $ids  = $tables =~ s/id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY/id uuid PRIMARY KEY DEFAULT gen_random_uuid()/g;
		my $refs = $tables =~ s/account_id bigint/account_id uuid/g;
		is("$ids $refs", '3 2', 'v4: the page\'s tables with uuid keys');
	}
	($ok, $err) = run_sql($db, $tables, "${kind}_tables");
	ok($ok, "$kind: the page's tables") or diag $err;
	# 4 accounts a millisecond, 1 to 2 invoices and 1 login each. Loaded with the foreign keys'
	# triggers off (session_replication_role): the rows are consistent by construction.
	$node->safe_psql($db, qq{
		SET session_replication_role = replica;
		INSERT INTO accounts (created_at, name)
		  SELECT timestamptz '2024-01-01 00:00:00+00' + (g / 4) * interval '7 ms', 'account ' || g FROM generate_series(1, $accounts) AS g;
		INSERT INTO invoices (account_id, created_at, total)
		  SELECT a.id, a.created_at + k * interval '1 ms', k FROM accounts a, generate_series(1, 2) AS k WHERE k <= 1 + abs(hashtext(a.name)) % 2;
		INSERT INTO logins (account_id, created_at, address) SELECT a.id, a.created_at, '192.0.2.1' FROM accounts a;
		RESET session_replication_role;
		VACUUM ANALYZE;
		CREATE TABLE before_rows AS
		  SELECT 'accounts' t, count(*) n, sum(hashtextextended(concat_ws('/', id, created_at), 0)::numeric) fp FROM accounts
		  UNION ALL SELECT 'invoices', count(*), sum(hashtextextended(concat_ws('/', id, account_id, created_at), 0)::numeric) FROM invoices
		  UNION ALL SELECT 'logins', count(*), sum(hashtextextended(concat_ws('/', id, account_id, created_at), 0)::numeric) FROM logins;});
	my $before = row($db, q{SELECT string_agg(format('%s %s', t, n), ', ' ORDER BY t) FROM before_rows});
	note(sprintf('%s: loaded %s in %.1f s', $kind, $before, time - $t_load));

	my $t0 = time;
	$w = start_writer($db);
	sleep 1;
	my ($lock_max, $lock_what, @report, @windows) = (0, '');
	for my $step (@steps)
	{
		my $t = time;
		push @windows, [ $t, undef ];
		my ($sok, $serr, $stmts) = run_sql($db, $block{$step}, "${kind}_$step");
		ok($sok, "$kind: $step of the page runs as written under the writer") or diag $serr;
		my ($m, $what) = (0, 'nothing');
		for my $s (grep { $_->[2] } @$stmts)
		{
			($m, $what) = ($s->[1], $s->[0]) if $s->[1] > $m;
		}
		$windows[-1][1] = time;
		push @report, sprintf('%s %.1f s, longest lock %.1f ms (%s)', $step, time - $t, $m, $what);
		($lock_max, $lock_what) = ($m, "$step: $what") if $m > $lock_max;
	}
	my $switched = row($db, 'SELECT now()');
	sleep 1;    # the writer goes on after the switch
	my ($tx, $writer_longest, $writer_clean) = stop_writer($w);
	my $total = time - $t0;
	ok($writer_clean, "$kind: the writer ran through the whole run, stopped only by the test");
	# The writer's longest transaction that ran during each step.
	for my $i (0 .. $#steps)
	{
		my ($from, $to) = @{ $windows[$i] };
		my $m = 0;
		$_->[0] > $from && $_->[0] - $_->[1] / 1000 < $to && $_->[1] > $m and $m = $_->[1] for @{ $w->{tx} };
		$report[$i] .= sprintf('; the writer\'s longest transaction %.1f ms', $m);
	}
	note("$kind: $_") for @report;

	my $writer_rows = row($db, qq{SELECT format('%s accounts, %s invoices, %s logins; after the switch %s accounts, %s invoices, %s logins',
		(SELECT count(*) FROM accounts WHERE NOT $orig), (SELECT count(*) FROM invoices WHERE NOT $orig), (SELECT count(*) FROM logins WHERE NOT $orig),
		(SELECT count(*) FROM accounts WHERE created_at > '$switched'), (SELECT count(*) FROM invoices WHERE created_at > '$switched'),
		(SELECT count(*) FROM logins WHERE created_at > '$switched'))});
	my ($before_sw, $after_sw) = row($db, qq{SELECT count(*) FILTER (WHERE old_account_id IS NOT NULL AND NOT $orig), count(*) FILTER (WHERE created_at > '$switched')
		FROM invoices}) =~ /(\d+)\|(\d+)/;
	ok(($before_sw // 0) > 0 && ($after_sw // 0) > 0, "$kind: the writer's rows are there from before the switch and after it");
	run_checks($db, $kind);
	note(sprintf('%s: %d accounts (%s), writer %s in %d transactions; longest lock %.1f ms (%s); '
		  . 'writer\'s longest transaction %.1f ms; total %.1f s',
		$kind, $accounts, $before, $writer_rows, $tx, $lock_max, $lock_what, $writer_longest, $total));

	# Controls: each wrong state, in a transaction rolled back, fails the check it concerns.
	my @controls = (
		[ 0, 'an invoice deleted', q{DELETE FROM invoices WHERE id = (SELECT min(id) FROM invoices WHERE created_at < '2025-01-01');} ],
		[ 1, 'an account\'s key changed', q{SET session_replication_role = replica; UPDATE accounts SET id = uuid_generate_v7() WHERE id = (SELECT min(id) FROM accounts WHERE created_at < '2025-01-01');} ],
		[ 2, 'an invoice pointed at another account', q{UPDATE invoices SET account_id = (SELECT max(id) FROM accounts) WHERE id = (SELECT min(id) FROM invoices WHERE created_at < '2025-01-01');} ],
		[ 3, 'a login pointing at no account', q{SET session_replication_role = replica; UPDATE logins SET account_id = uuid_generate_v7() WHERE id = (SELECT min(id) FROM logins);} ],
		[ 4, 'an account with a v4 key', q{INSERT INTO accounts (id, name) VALUES (gen_random_uuid(), 'v4');} ],
	);
	for my $c (@controls)
	{
		my ($i, $what, $wrong) = @$c;
		my $r = row($db, "BEGIN; $wrong $checks[$i][1]; ROLLBACK;");
		my ($good, $figures) = split /\|/, $r, 2;
		ok(($good // '') eq 'f', "$kind control: $what fails the check: $checks[$i][0]");
		note("$kind control: $what: " . ($figures // $r));
	}

	($ok, $err) = run_sql($db, $block{later}, "${kind}_later");
	ok($ok, "$kind: the later drop of the old columns runs as written") or diag $err;
	is(row($db, q{SELECT count(*) FROM pg_attribute WHERE attrelid IN ('accounts'::regclass, 'invoices'::regclass, 'logins'::regclass)
		AND attname IN ('old_id', 'old_account_id') AND NOT attisdropped}), '0', "$kind: the old columns are gone");
	$node->safe_psql('postgres', "DROP DATABASE $db");    # room for the next run
}

no_crash_in_log($node);
$node->stop;
done_testing();
