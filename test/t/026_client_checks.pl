# A key accepted by uuid_v7_check stays accepted (docs/outside.md, "Checking the v7 keys
# applications make"): its limits are the server's clock plus a tolerance, which only grows, and a
# fixed floor. A dump of a table and a domain so checked, holding a key dated 55 s ahead of the
# clock, restores a day later (the server's clock moved by libfaketime); control: a check that
# is not monotone in the clock refuses the same restore. The caveat: with the server's clock set
# back an hour, the restore is refused, with the check's message. In the C build and in the SQL
# edition (UUIDX_SQL_EDITION, as 023 takes it), each in a database of its own.
use strict;
use warnings FATAL => 'all';
use FindBin;
use lib "$FindBin::RealBin/lib";
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxFaketime;

my $library = faketime_required();
my $node = PostgreSQL::Test::Cluster->new('client_checks');
$node->init;
my $set_clock = faketime_start($node, $library);
my $tmp = PostgreSQL::Test::Utils::tempdir;

# The editions: the C build's extension, and the SQL edition's psql script in a schema.
my @editions = ([ 'C build', 'c_src', 'uuidx' ]);
if ($ENV{UUIDX_SQL_EDITION} && -f "$ENV{UUIDX_SQL_EDITION}/uuidx-sql.sql")
{
	push @editions, [ 'SQL edition', 'sql_src', 'uuidx_sql' ];
}
else
{
	fail('the SQL edition\'s script is given (UUIDX_SQL_EDITION)') if $ENV{CI};
	note('UUIDX_SQL_EDITION names no SQL edition scripts: the C build only');
}

sub run_cmd
{
	my @cmd = @_;
	my ($out, $err) = ('', '');
	my $ok = IPC::Run::run(\@cmd, '>', \$out, '2>', \$err);
	return ($ok, $err);
}

# Restores DUMP into a new database NAME; returns pg_restore's success and its messages.
sub restore
{
	my ($dump, $name) = @_;
	$node->safe_psql('postgres', "CREATE DATABASE $name");
	return run_cmd('pg_restore', '--exit-on-error', '-d', $node->connstr($name), $dump);
}

for my $edition (@editions)
{
	my ($what, $db, $schema) = @$edition;
	$set_clock->('+0');
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	if ($schema eq 'uuidx')
	{
		$node->safe_psql($db, 'CREATE SCHEMA uuidx; CREATE EXTENSION uuidx SCHEMA uuidx');
	}
	else
	{
		my ($rc, undef, $err) = $node->psql($db, undef,
			extra_params => [ '-v', "schema=$schema", '-v', 'ON_ERROR_STOP=1', '-f', "$ENV{UUIDX_SQL_EDITION}/uuidx-sql.sql" ]);
		is($rc, 0, "$what: the SQL edition's script installs") or diag($err);
	}
	# A table and a domain checked with the defaults (1 minute ahead, 2020 on); keys of now and
	# 55 s ahead of the server's clock, which both accept.
	$node->safe_psql($db, qq{
		CREATE DOMAIN client_v7 AS uuid CHECK ($schema.uuid_v7_check(VALUE));
		CREATE TABLE orders (id uuid PRIMARY KEY CHECK ($schema.uuid_v7_check(id)), ref client_v7, n int);
		INSERT INTO orders SELECT k, k, n FROM (VALUES (1, $schema.uuid_generate_v7()),
		  (2, $schema.uuid_generate_v7(clock_timestamp() + interval '55 seconds'))) AS v(n, k);
	});
	is($node->safe_psql($db, 'SELECT count(*) FROM orders'), '2', "$what: a key of now and one 55 s ahead are accepted");
	my ($rc) = $node->psql($db, "INSERT INTO orders VALUES ($schema.uuid_generate_v7(clock_timestamp() + interval '5 minutes'), NULL, 3)");
	isnt($rc, 0, "$what: control: a key 5 minutes ahead is refused");
	my ($ok, $err) = run_cmd('pg_dump', '-Fc', '-d', $node->connstr($db), '-f', "$tmp/$db.dump");
	ok($ok, "$what: pg_dump") or diag($err);

	# Control: a check that is not monotone in the clock (a key at most an hour behind it).
	$node->safe_psql($db, q{
		CREATE TABLE recent (id uuid CHECK (uuid_extract_time(id) > clock_timestamp() - interval '1 hour'));
	} =~ s/uuid_extract_time/$schema.uuid_extract_time/r);
	$node->safe_psql($db, "INSERT INTO recent VALUES ($schema.uuid_generate_v7())");
	($ok, $err) = run_cmd('pg_dump', '-Fc', '-d', $node->connstr($db), '-f', "$tmp/$db.recent.dump");
	ok($ok, "$what: pg_dump with the control's table") or diag($err);

	# A day later.
	$set_clock->('+1d');
	my $real = time();
	like($node->safe_psql($db, "SELECT clock_timestamp() > to_timestamp($real) + interval '23 hours'"), qr/^t$/,
		"$what: the server's clock reads a day later");
	($ok, $err) = restore("$tmp/$db.dump", "${db}_next_day");
	ok($ok && $err eq '', "$what: the dump restores a day later, every key checked again") or diag($err);
	is($node->safe_psql("${db}_next_day", 'SELECT count(*) FROM orders WHERE ref IS NOT NULL'), '2',
		"$what: both rows restored, through the table's check and the domain's");
	($ok, $err) = restore("$tmp/$db.recent.dump", "${db}_recent_next_day");
	ok(!$ok && $err =~ /violates check constraint "recent_id_check"/,
		"$what: control: the check that is not monotone in the clock refuses the same restore") or diag($err);

	# The caveat: the server's clock set back an hour.
	$set_clock->('-1h');
	($ok, $err) = restore("$tmp/$db.dump", "${db}_clock_back");
	ok(!$ok && $err =~ /UUIDv7 key is dated more than .* ahead of the server's clock/,
		"$what: with the server's clock set back an hour, the restore is refused by the check") or diag($err);
	note("$what, clock set back: " . (split /\n/, $err)[0]);
	$set_clock->('+0');
}

$node->stop;
done_testing();
