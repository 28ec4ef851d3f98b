# UuidxOracle: the TAP side of the planner hook's oracles, which generate their cases and judge
# the answers in Python (test/lib/time_oracle.py, order_oracle.py): run them, feed their SQL to a
# node, assert what they report (names fixed, figures and seeds in notes).
#   oracle_python(@args)              python3 test/lib/@args; dies on failure
#   psql_script($node, $db, $sql_file, $out_file, $err_file, @psql_args)
#       psql -qAt -f, stopping at an error; returns psql's status and the start of its stderr
#   time_oracle_checks($stats, $n, $seed, $label, $queries)
#       per table of `time_oracle.py check`'s report: the same rows on and off for at least N
#       predicates; rewritten for many, or never on the tables not provably v7. Returns how many
#       tables were checked.
#   order_oracle_check($node, $work, $seed, $n, \@never, $count)
#       about 3 * N queries a table in database oracle: answers agree on and off; the plan changes
#       for a quarter or more of them, except on the tables in NEVER; COUNT tables checked.
package UuidxOracle;
use strict;
use warnings FATAL => 'all';
use Exporter 'import';
use FindBin;
use IPC::Run;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);

our @EXPORT = qw(oracle_python psql_script time_oracle_checks order_oracle_check);

# The oracles beside the TAP tests: test/lib/.
my $oracles = "$FindBin::RealBin/../lib";

sub oracle_python
{
	my @args = @_;
	my ($out, $err) = ('', '');
	my $script = "$oracles/" . shift(@args);
	IPC::Run::run([ 'python3', $script, @args ], '>', \$out, '2>', \$err, '<', \undef)
	  or die "python3 $script @args failed:\n$err";
	return $out;
}

sub psql_script
{
	my ($node, $db, $sql_file, $out_file, $err_file, @extra) = @_;
	IPC::Run::run([ 'psql', '-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', @extra, '-h', $node->host, '-p', $node->port, '-d', $db, '-f', $sql_file ],
		'>', $out_file, '2>', $err_file, '<', \undef);
	return ($?, -s $err_file ? substr(PostgreSQL::Test::Utils::slurp_file($err_file), 0, 400) : '');
}

sub time_oracle_checks
{
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	my ($stats, $n, $seed, $label, $queries) = @_;
	my %never = map { $_ => 1 } qw(o_mix o_fpart o_finh o_ddrop);
	my $tables = 0;
	for my $line (split /\n/, $stats)
	{
		my ($table, $tried, $mismatched, $fired, $tried_noseq, $fired_noseq) = split ' ', $line;
		if ($table eq 'mismatched')
		{
			diag("$line (queries: $queries)");
			next;
		}
		$tables++ if $table =~ /^o_/;
		note("$label$table: $tried predicates, $mismatched mismatches (seed $seed); rewritten $fired, "
			  . "$fired_noseq of $tried_noseq run without sequential scans");
		ok($mismatched == 0 && $tried >= $n, "$label$table: rows identical with the setting on and off");
		if ($never{$table})
		{
			ok($fired == 0, "$label$table: never rewritten (not provably v7)");
		}
		else
		{
			# Counted without sequential scans (their filter drops the added condition); 48 % to
			# 65 % got one on 15, 17 and 19 (<>, IS NOT TRUE, a CASE over a nullable column ... never do).
			ok($tried_noseq > 0 && $fired_noseq * 100 >= $tried_noseq * 40, "$label$table: rewritten for many predicates");
		}
	}
	return $tables;
}

sub order_oracle_check
{
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	my ($node, $work, $seed, $n, $never, $count) = @_;
	my %never = map { $_ => 1 } @$never;
	my $start = time;
	oracle_python('order_oracle.py', 'gen', $seed, $n, "$work/order.sql");
	my ($rc, $errors) = psql_script($node, 'oracle', "$work/order.sql", "$work/order.out", "$work/order.err");
	PostgreSQL::Test::Utils::append_to_file("$work/rows.sql", oracle_python('order_oracle.py', 'rows_sql'));
	$errors .= (psql_script($node, 'oracle', "$work/rows.sql", "$work/rows.tsv", "$work/rows.err", '-F', "\t"))[1];
	note(sprintf('the order oracle: exit code %d, %d ms (seed %s)', $rc >> 8, (time - $start) * 1000, $seed));
	ok($rc == 0 && $errors eq '', 'the order oracle ran') or diag($errors);
	my $stats = oracle_python('order_oracle.py', 'check', "$work/order.out", "$work/order.sql.flags", "$work/rows.tsv");
	my $tables = 0;
	for my $line (split /\n/, $stats)
	{
		my ($table, $tried, $mismatched, $fired) = split ' ', $line;
		if ($table eq 'mismatched')
		{
			diag("$line (queries: $work/order.sql.queries)");
			next;
		}
		$tables++;
		note("$table: $tried queries, $mismatched mismatches, plan changed for $fired");
		ok($mismatched == 0 && $tried >= 3 * $n, "$table: orders and min/max of time agree with the setting on and off");
		if ($never{$table})
		{
			ok($fired == 0, "$table: never rewritten (not provably v7 with a NULL time only for a NULL key)");
		}
		else
		{
			ok($fired * 100 >= $tried * 25, "$table: rewritten for many queries");
		}
	}
	is($tables, $count, 'every table checked (orders)');
	return;
}

1;
