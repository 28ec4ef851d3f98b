# The order rewrite's oracle (test/t/README.md, test/lib/order_oracle.py): each random query runs
# with uuidx.time_predicates on, then off.
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

my $node = started_node('order_oracle', "shared_preload_libraries = 'uuidx'");
$node->safe_psql('postgres', 'CREATE DATABASE oracle');
$node->safe_psql('oracle', 'CREATE EXTENSION uuidx');

order_oracle_check($node, PostgreSQL::Test::Utils::tempdir, $seed, $n, [ 'o_ver', 'o_mix' ], 5);

$node->stop;
no_crash_in_log($node);
done_testing();
