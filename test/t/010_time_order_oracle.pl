# The oracle of the planner hook over orders by time and min/max of time (uuidx.time_predicates).
# test/lib/order_oracle.py builds tables with keys made bit by bit outside uuidx: v7 only by the
# uuid_v7 domain (with NULL keys), by a table CHECK calling uuid_check_version, and an empty one,
# each with many keys in one ms and in one µs; and two where nothing may change: a CHECK
# (uuid_extract_version(id) = 7), which admits nil, max and other variants whose time is NULL, and
# a table of mixed versions. Then thousands of random queries: ORDER BY [g,] time (every form of
# the time, ASC/DESC, NULLS FIRST/LAST) with WHERE, LIMIT and OFFSET (also as parameters of a
# prepared statement's generic plan), a key after the time, DISTINCT, limited subqueries, UNION of
# limited arms, cursors scrolling backwards, window ranks, min/max with WHERE, FILTER, GROUP BY,
# HAVING, correlated subqueries and empty tables; each run with the setting on, then off. Rows of
# one instant may come in any order, so what must agree is compared (order_oracle.py): the
# sequence of sort keys, each instant's rows, and at a LIMIT or OFFSET boundary rows of that
# instant. Checks: no mismatch; the plan changed for many queries on the v7 tables and never on
# the others. UUIDX_ORACLE_SEED; about 900 queries per table (300 where
# UUIDX_TEST_SIZE=lean).
use strict;
use warnings FATAL => 'all';
use FindBin;
use lib "$FindBin::RealBin/lib";
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxGeneration;
use UuidxOracle;

my $seed = $ENV{UUIDX_ORACLE_SEED} // 20261124;
my $n = sized(300, 100);

my $node = PostgreSQL::Test::Cluster->new('order_oracle');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuidx'");
$node->start;
$node->safe_psql('postgres', 'CREATE DATABASE oracle');
$node->safe_psql('oracle', 'CREATE EXTENSION uuidx');

order_oracle_check($node, PostgreSQL::Test::Utils::tempdir, $seed, $n, [ 'o_ver', 'o_mix' ], 5);

$node->stop;
no_crash_in_log($node);
done_testing();
