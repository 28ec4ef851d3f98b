# UuidxSample: the sample databases the tests moving a database between majors carry across, and
# what must hold after the move.
#   cross_installs()     [major, path] pairs of the upgrade path (UUIDX_CROSS_INSTALLS="15=/path ...")
#   sample_create($node, $schema, $version)   database app_SCHEMA, uuidx VERSION in SCHEMA (calls
#       unqualified in public, as an application writes them, qualified elsewhere), 5,000 rows of
#       orders (v7 key; defaults on uuid_generate_v7(), uuidv7(), uuid_generate_v1mc(); a stored
#       generated v5; an index on a second v7), view recent_orders and BEGIN ATOMIC order_key(text)
#   sample_digest($node, $db)   rows and md5 of the table, the view and the function's results
#   sample_check_defaults($node, $db, $schema, $name)   one check: new rows get every default at
#       its version, above the keys already there; the view shows them; order_key agrees with url_id
package UuidxSample;
use strict;
use warnings FATAL => 'all';
use Exporter 'import';
use UuidxGeneration;

our @EXPORT = qw(cross_installs sample_create sample_digest sample_check_defaults);

sub cross_installs
{
	return map { [ split /=/, $_, 2 ] } split ' ', ($ENV{UUIDX_CROSS_INSTALLS} // '');
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
