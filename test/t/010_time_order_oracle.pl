# The order rewrite's oracle (test/t/README.md; the tables, the query shapes and how two answers
# are compared: test/lib/order_oracle.py): each random query runs with uuidx.time_predicates on,
# then off. UUIDX_ORACLE_SEED; about 900 queries per table (300 where UUIDX_TEST_SIZE=lean).
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
