# UuidxSample: the sample databases that the tests moving a database between majors carry across
# (dump and restore, pg_upgrade), and what must hold after the move.
#   cross_installs()                         the installations the lab names, major => path, in
#                                            the order of the upgrade path (UUIDX_CROSS_INSTALLS:
#                                            "15=/path 16=/path ..."); empty when none is named
#   sample_create($node, $schema, $version)  uuidx in SCHEMA (public, or one of its own) at
#                                            VERSION, in database app_SCHEMA, and
#     - orders: v7 primary key, defaults on uuid_generate_v7(), uuidv7(), uuid_generate_v1mc(), a
#       stored generated v5 column, an index over a second v7 column;
#     - recent_orders: a view calling uuidx;
#     - order_key(text): a BEGIN ATOMIC SQL function calling uuidx (a dependency PostgreSQL records).
#     In public the calls are written unqualified, as an application would; in a schema of its
#     own, qualified. UUIDX_SAMPLE_ROWS rows (default 5,000).
#   sample_digest($node, $db)                one line: rows and md5 of the table, the view and the
#                                            function's results
#   sample_check_defaults($node, $db, $schema, $name)   one check (check_sql), NAME: new rows get
#                                            every default with the right version, above every key
#                                            already there; the view shows them; order_key agrees
#                                            with the generated column
package UuidxSample;
use strict;
use warnings FATAL => 'all';
use Exporter 'import';
use UuidxGeneration;

our @EXPORT = qw(cross_installs sample_create sample_digest sample_check_defaults);

sub cross_installs
{
	my @pairs = map { [ split /=/, $_, 2 ] } split ' ', ($ENV{UUIDX_CROSS_INSTALLS} // '');
	return @pairs;
}

sub sample_create
{
	my ($node, $schema, $version) = @_;
	my $q = $schema eq 'public' ? '' : "$schema.";
	my $db = "app_$schema";
	# uuidx 1.0 does not create uuidv7() on 18 and later: there its users call the server's.
	my $v7 = "${q}uuidv7()";
	$v7 = 'pg_catalog.uuidv7()' if $version eq '1.0' && $node->safe_psql('postgres', 'SHOW server_version_num') >= 180000;
	my $rows = 5000;
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	my $create_schema = $schema eq 'public' ? '' : "CREATE SCHEMA $schema;";
	$node->safe_psql($db, qq{$create_schema
CREATE EXTENSION uuidx SCHEMA $schema VERSION '$version';
CREATE TABLE orders (
  id     uuid PRIMARY KEY DEFAULT ${q}uuid_generate_v7(),
  id18   uuid NOT NULL DEFAULT $v7,
  trace  uuid NOT NULL DEFAULT ${q}uuid_generate_v1mc(),
  url    text NOT NULL,
  url_id uuid GENERATED ALWAYS AS (${q}uuid_generate_v5(${q}uuid_ns_url(), url)) STORED
);
CREATE INDEX orders_id18 ON orders (id18);
CREATE VIEW recent_orders AS
  SELECT id, ${q}uuid_extract_time(id) AS created, url FROM orders
  WHERE id >= ${q}uuid_v7_floor(now() - interval '1 day');
CREATE FUNCTION order_key(u text) RETURNS uuid LANGUAGE sql IMMUTABLE
BEGIN ATOMIC
  SELECT ${q}uuid_generate_v5(${q}uuid_ns_url(), u);
END;
INSERT INTO orders (url) SELECT 'https://example.com/order/' || i FROM generate_series(1, $rows) AS i;});
	return;
}

sub sample_digest
{
	my ($node, $db) = @_;
	return $node->safe_psql($db, q{
		SELECT (SELECT count(*) || ' ' || md5(string_agg(o::text, ',' ORDER BY id)) FROM orders o) || ' / ' ||
		       (SELECT count(*) || ' ' || md5(string_agg(r::text, ',' ORDER BY id)) FROM recent_orders r) || ' / ' ||
		       (SELECT md5(string_agg(order_key(url)::text, ',' ORDER BY id)) FROM orders)});
}

sub sample_check_defaults
{
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	my ($node, $db, $schema, $name) = @_;
	my $q = $schema eq 'public' ? '' : "$schema.";
	# Two statements: rows a statement inserts are not visible to its own reads of the view.
	return check_sql($node, $name, qq{
		CREATE TEMP TABLE before AS SELECT id AS m FROM orders ORDER BY id DESC LIMIT 1;
		CREATE TEMP TABLE ins AS SELECT * FROM orders WHERE false;
		WITH i AS (INSERT INTO orders (url) SELECT 'https://example.com/new/' || g FROM generate_series(1, 100) AS g
		           RETURNING *)
		INSERT INTO ins SELECT * FROM i;
		SELECT count(*) = 100
		       AND bool_and(${q}uuid_extract_version(id) = 7 AND ${q}uuid_extract_version(id18) = 7
		                    AND ${q}uuid_extract_version(trace) = 1)
		       AND bool_and(id > (SELECT m FROM before))
		       AND bool_and(url_id = order_key(url))
		       AND (SELECT count(*) FROM recent_orders WHERE id IN (SELECT id FROM ins)) = 100,
		       format('%s new rows: v7/v7/v1 defaults, keys above the existing ones, url_id = order_key(url), %s in the view',
		              count(*), (SELECT count(*) FROM recent_orders WHERE id IN (SELECT id FROM ins)))
		FROM ins}, $db);
}

1;
