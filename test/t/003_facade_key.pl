# uuidx.facade_key stays a secret (test/t/README.md): with log_statement = 'all', a plain role's
# façade calls leave it in no log line, pg_stat_statements text or output; a key stored by ALTER
# ROLE ... SET (a placeholder where uuidx was not loaded) is refused without being quoted.
use strict;
use warnings FATAL => 'all';
use FindBin;
use lib "$FindBin::RealBin/lib";
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxGeneration;

my ($k0, $k1) = ('a1b2c3d4e5f60718', '293a4b5c6d7e8f90');
my $key_pattern = qr/$k0|$k1|$k0$k1/i;
sub leaks { my $n = () = $_[0] =~ /^.*$key_pattern.*$/mg; return $n; }

my $node = PostgreSQL::Test::Cluster->new('facade_key');
$node->init;
my $pkglibdir = $node->config_data('--pkglibdir');
my $pgss = -f "$pkglibdir/pg_stat_statements.so" ? 'pg_stat_statements' : '';
$node->append_conf('postgresql.conf', qq{
log_statement = 'all'
log_min_messages = info
log_min_error_statement = error
shared_preload_libraries = '$pgss'
uuidx.facade_key = '$k0:$k1'
});
$node->start;
$node->safe_psql('postgres', q{
CREATE EXTENSION uuidx;
CREATE ROLE app LOGIN;
CREATE TABLE ev (id uuid_v7 PRIMARY KEY DEFAULT uuid_generate_v7());
GRANT SELECT ON ev TO app;
INSERT INTO ev SELECT FROM generate_series(1, 100);
});
$node->safe_psql('postgres', 'CREATE EXTENSION pg_stat_statements') if $pgss;

# psql as ROLE (undef: the bootstrap superuser), going on after errors: stdout and stderr, one text.
sub as_role
{
	my ($role, $sql) = @_;
	my ($out, $err) = ('', '');
	$node->psql('postgres', $sql, stdout => \$out, stderr => \$err, on_error_stop => 0,
		extra_params => [ defined $role ? ('-U', $role) : (), '-At' ]);
	return "$out\n$err";
}

my $out = as_role('app', q{
SELECT count(*) FILTER (WHERE uuid_facade_to_v7(uuid_v7_to_facade(id)) = id) FROM ev;
SELECT uuid_v7_to_facade(id) FROM ev ORDER BY id LIMIT 3;
EXPLAIN VERBOSE SELECT uuid_v7_to_facade(id) FROM ev WHERE id = uuid_facade_to_v7('bb555eb6-1d51-474b-bcce-b302099a8057');
PREPARE by_facade(uuid) AS SELECT id FROM ev WHERE id = uuid_facade_to_v7($1);
EXECUTE by_facade('bb555eb6-1d51-474b-bcce-b302099a8057');
SELECT uuid_v7_to_facade('f81d4fae-7dec-41d0-a765-00a0c91e6bf6');
SELECT uuid_facade_to_v7(id) FROM ev LIMIT 1;
SHOW uuidx.facade_key;
SELECT current_setting('uuidx.facade_key');
SELECT setting FROM pg_settings WHERE name = 'uuidx.facade_key';
SELECT unnest(setconfig) FROM pg_db_role_setting;
});
like($out, qr/\A100$/m, 'a plain role makes and reads facades with the key of postgresql.conf');
my $mentions = () = $out =~ /uuidx\.facade_key/g;
ok($out =~ /is version 4, not version 7/ && $out =~ /is version 7, not version 4/ && $mentions >= 2,
	"a plain role's errors are the version errors (22023) and permission errors (42501)")
  or diag($out);
is(leaks($out), 0, "the role's output never shows the key");

$node->safe_psql('postgres', 'SELECT 1');    # the log is written
my $log = PostgreSQL::Test::Utils::slurp_file($node->logfile);
my $statements = () = $log =~ /LOG:  statement:/g;
note("log: $statements statements, " . leaks($log) . ' lines with the key');
ok($statements >= 10 && leaks($log) == 0, "log_statement = 'all' logged the role's statements, and no log line holds the key");
SKIP:
{
	skip 'pg_stat_statements is not installed with this server', 1 unless $pgss;
	my $texts = $node->safe_psql('postgres', 'SELECT query FROM pg_stat_statements');
	my $facade = () = $texts =~ /facade/g;
	note("pg_stat_statements: $facade mentions of facade, " . leaks($texts) . ' lines with the key');
	ok($facade >= 3 && leaks($texts) == 0, "pg_stat_statements has the role's facade queries and no text with the key");
}

# A key in pg_db_role_setting: stored only where uuidx was not loaded (a placeholder), never used.
$node->adjust_conf('postgresql.conf', 'uuidx\.facade_key', undef);
$node->reload;
# New sessions no longer see the key of the file (uuidx is not loaded in them: a placeholder).
$node->poll_query_until('postgres', q{SELECT coalesce(current_setting('uuidx.facade_key', true), '') = ''})
  or die 'the reload did not take the key away';
$node->psql('postgres', "ALTER ROLE app SET uuidx.facade_key = '$k1:$k0'");
my $stored = $node->safe_psql('postgres',
	q{SELECT count(*) FROM pg_db_role_setting, unnest(setconfig) c WHERE c LIKE 'uuidx.facade_key=%'});
$out = as_role('app', 'SELECT uuid_v7_to_facade(id) FROM ev LIMIT 1');
ok($stored eq '1'
	  && $out =~ /WARNING:  uuidx\.facade_key cannot be set with ALTER DATABASE/
	  && $out =~ /ERROR:  uuidx\.facade_key is not set/
	  && leaks($out) == 0,
	'a key stored by ALTER ROLE while uuidx was not loaded is refused when uuidx loads (WARNING, then 55000)')
  or diag("stored: $stored; $out");

$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuidx" . ($pgss ? ",$pgss" : '') . "'");
$node->restart;
$out = as_role('app', 'SELECT uuid_v7_to_facade(id) FROM ev LIMIT 1');
ok($out =~ /WARNING:  uuidx\.facade_key cannot be set with ALTER DATABASE/
	  && $out =~ /ERROR:  uuidx\.facade_key is not set/
	  && leaks($out) == 0,
	'preloaded: refused at login (WARNING), then 55000')
  or diag($out);
$out = as_role(undef, "ALTER ROLE app SET uuidx.facade_key = '$k1:$k0'");
ok($out =~ /ERROR:  uuidx\.facade_key cannot be set with ALTER DATABASE/ && leaks($out) == 0,
	'preloaded: ALTER ROLE ... SET is refused (55P02) without quoting the key')
  or diag($out);

$node->stop;
$log = PostgreSQL::Test::Utils::slurp_file($node->logfile);
my $others = grep { /$key_pattern/ && !/ALTER ROLE app SET/ } split /\n/, $log;
is($others, 0, "no log line holds the key, apart from the superuser's own ALTER ROLE statements");
no_crash_in_log($node, 'no backend crashed');
done_testing();
