# Dump and restore (test/t/README.md) of a database with uuidx in a schema of its own (not on the
# dump's empty search_path), defaults from its generators and stored generated columns, one
# checked against an independent v5 (RFC 9562 §5.5).
use strict;
use warnings FATAL => 'all';
use Digest::SHA qw(sha1);
use FindBin;
use lib "$FindBin::RealBin/lib";
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxGeneration;

my $rows = 10000;

my $node = started_node('dump');
$node->safe_psql('postgres', 'CREATE DATABASE src');
$node->safe_psql('src', qq{
CREATE SCHEMA ext;
CREATE EXTENSION uuidx SCHEMA ext;
ALTER DATABASE src SET search_path = public, ext;
CREATE TABLE items (
  id      uuid PRIMARY KEY DEFAULT ext.uuid_generate_v7(),
  v1      uuid NOT NULL DEFAULT ext.uuid_generate_v1(),
  v4      uuid NOT NULL DEFAULT ext.uuid_generate_v4(),
  v6      uuid NOT NULL DEFAULT ext.uuid_generate_v6(),
  url     text NOT NULL,
  url_id  uuid GENERATED ALWAYS AS (ext.uuid_generate_v5(ext.uuid_ns_url(), url)) STORED,
  created timestamptz GENERATED ALWAYS AS (ext.uuid_extract_time(id)) STORED
);
CREATE UNIQUE INDEX items_url_id ON items (url_id);
CREATE TABLE blobs (
  id   uuid PRIMARY KEY DEFAULT ext.uuid_generate_v7(),
  name bytea NOT NULL,
  v5   uuid GENERATED ALWAYS AS (ext.uuid_generate_v5(ext.uuid_ns_oid(), name)) STORED
);
INSERT INTO items (url) SELECT 'https://example.com/item/' || i FROM generate_series(1, $rows) i;
INSERT INTO blobs (name) SELECT decode(md5(i::text), 'hex') FROM generate_series(1, $rows) i;
});

# Everything a row holds, in key order, as one digest per table.
my $digest_sql = q{SELECT (SELECT count(*) || ' ' || md5(string_agg(t::text, ',' ORDER BY id)) FROM items t) || ' / ' ||
                          (SELECT count(*) || ' ' || md5(string_agg(b::text, ',' ORDER BY id)) FROM blobs b)};
my $src_digest = $node->safe_psql('src', $digest_sql);

my $tmp = PostgreSQL::Test::Utils::tempdir;
my ($out, $err);
my $ok = IPC::Run::run([ 'pg_dump', '-Fc', '-d', $node->connstr('src'), '-f', "$tmp/src.dump" ], '>', \$out, '2>', \$err);
ok($ok && $err eq '', 'pg_dump, custom format, without a message') or diag($err);
$ok = IPC::Run::run([ 'pg_dump', '-Fp', '-d', $node->connstr('src'), '-f', "$tmp/src.sql" ], '>', \$out, '2>', \$err);
ok($ok && $err eq '', 'pg_dump, plain format, without a message') or diag($err);

# The extension is dumped as CREATE EXTENSION, never as its member functions.
my $plain = PostgreSQL::Test::Utils::slurp_file("$tmp/src.sql");
my $functions = () = $plain =~ /^CREATE FUNCTION/mg;
note("the plain dump: $functions CREATE FUNCTION lines");
ok($plain =~ /^CREATE EXTENSION IF NOT EXISTS uuidx WITH SCHEMA ext;$/m && $functions == 0,
  'the plain dump holds CREATE EXTENSION, not the functions');

$node->safe_psql('postgres', 'CREATE DATABASE dst_restore');
$node->safe_psql('postgres', 'CREATE DATABASE dst_plain');
$ok = IPC::Run::run([ 'pg_restore', '--exit-on-error', '-d', $node->connstr('dst_restore'), "$tmp/src.dump" ],
  '>', \$out, '2>', \$err);
ok($ok && $err eq '', 'pg_restore into a fresh database, without a message') or diag($err);
my $rc = $node->psql('dst_plain', undef, extra_params => [ '-f', "$tmp/src.sql" ], on_error_stop => 1, stderr => \$err);
is($rc, 0, 'the plain dump replayed with psql into a fresh database') or diag($err);

# RFC 9562 §5.5: SHA-1 of the namespace's bytes and the name, version 5, variant 10.
sub uuid5
{
	my ($namespace, $name) = @_;
	(my $hex = $namespace) =~ tr/-//d;
	my @b = unpack('C16', sha1(pack('H32', $hex) . $name));
	$b[6] = ($b[6] & 0x0f) | 0x50;
	$b[8] = ($b[8] & 0x3f) | 0x80;
	my $h = unpack('H32', pack('C16', @b));
	return join('-', substr($h, 0, 8), substr($h, 8, 4), substr($h, 12, 4), substr($h, 16, 4), substr($h, 20));
}
# RFC 9562 Appendix A.4's example (the DNS namespace and "www.example.com") checks the function.
is(uuid5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com'), '2ed6657d-e927-568b-95e1-2665a8aea6a2',
  'the independent v5 gives RFC 9562 Appendix A.4');

for my $db ('dst_restore', 'dst_plain')
{
	is($node->safe_psql($db, $digest_sql), $src_digest, "$db: every row identical, generated columns recomputed");
	is($node->safe_psql($db, q{
		SELECT count(*) FILTER (WHERE url_id IS DISTINCT FROM ext.uuid_generate_v5(ext.uuid_ns_url(), url)
		                          OR created IS DISTINCT FROM ext.uuid_extract_time(id)
		                          OR ext.uuid_extract_version(url_id) <> 5) FROM items}),
	  '0', "$db: the generated columns hold what uuidx computes");
	is($node->safe_psql($db, q{SELECT url_id FROM items WHERE url = 'https://example.com/item/1'}),
	  uuid5('6ba7b811-9dad-11d1-80b4-00c04fd430c8', 'https://example.com/item/1'),  # the URL namespace
	  "$db: a restored v5 equals the independent one");
		is($node->safe_psql($db, q{
		WITH before AS (SELECT id m FROM items ORDER BY id DESC LIMIT 1),
		     ins AS (INSERT INTO items (url) SELECT 'https://example.com/new/' || i FROM generate_series(1, 1000) i
		             RETURNING id, v1, v4, v6, url, url_id, created)
		SELECT count(*) = 1000
		       AND bool_and(ext.uuid_extract_version(id) = 7 AND ext.uuid_extract_version(v1) = 1
		                    AND ext.uuid_extract_version(v4) = 4 AND ext.uuid_extract_version(v6) = 6)
		       AND bool_and(id > (SELECT m FROM before))
		       AND bool_and(url_id = ext.uuid_generate_v5(ext.uuid_ns_url(), url))
		       AND bool_and(abs(extract(epoch FROM created - now())) < 60)
		FROM ins}),
	  't', "$db: the defaults make keys of their versions, new v7 keys above the restored ones");
}

$node->stop;
no_crash_in_log($node, 'no backend crashed');
done_testing();
