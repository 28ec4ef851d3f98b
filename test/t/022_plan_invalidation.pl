# Plans pruned by the planning transaction's now() are planned again in the next transaction
# (docs/time.md; test/t/README.md). The control, the fault-injection build's
# uuidx.test_keep_transaction_plans, skips the invalidation (the lower bound of an earlier now()
# misses rows only once the clock goes back).
use strict;
use warnings FATAL => 'all';
use FindBin;
use lib "$FindBin::RealBin/lib";
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxFaketime;

plan skip_all => 'UUIDX_FAULTS_INSTALL names no fault-injection build (the lab makes it: lab/kinds/tap.sh)'
  unless $ENV{UUIDX_FAULTS_INSTALL};
my $libfaketime = faketime_required();

my $pkglibdir = `pg_config --pkglibdir`;
chomp $pkglibdir;
ok(index(slurp_file("$pkglibdir/uuidx.so"), 'test_keep_transaction_plans') < 0,
	'the shipped library has no uuidx.test_keep_transaction_plans');

my $node = PostgreSQL::Test::Cluster->new('plan_invalidation', install_path => $ENV{UUIDX_FAULTS_INSTALL});
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuidx'");
my $set_clock = faketime_start($node, $libfaketime);
my %query = (
	before_now => 'uuid_extract_time(id) < now()',
	last_hour => q{uuid_extract_time(id) >= now() - interval '1 hour'});
my @names = sort keys %query;
$node->safe_psql('postgres', q{
	CREATE EXTENSION uuidx;
	CREATE TABLE t (id uuid_v7 NOT NULL) PARTITION BY RANGE (id);
	SELECT count(*) FROM uuid_v7_partitions('t', date_trunc('hour', now()) - interval '8 hours',
	                                        date_trunc('hour', now()) + interval '8 hours', interval '1 hour');}
	  . join('', map { "CREATE FUNCTION $_() RETURNS bigint LANGUAGE plpgsql AS
	  \$\$ BEGIN RETURN (SELECT count(*) FROM t WHERE $query{$_}); END \$\$;" } @names));

# One transaction: each query's generic plan, its PL/pgSQL plan, and its count without the rewrite.
my $run = join("\n", 'BEGIN;', (map { "EXECUTE $_;" } @names),
	'SELECT ' . join(', ', map { "$_()" } @names) . ';',
	'SET LOCAL uuidx.time_predicates = off;',
	'SELECT ' . join(', ', map { "count(*) FILTER (WHERE $query{$_})" } @names) . ' FROM t;', 'COMMIT;');
sub counts
{
	my ($session) = @_;
	my @lines = split /\n/, $session->query_safe($run);
	my @plpgsql = split /\|/, $lines[@names];
	my @without = split /\|/, $lines[ @names + 1 ];
	return map { $names[$_] => { generic => $lines[$_], 'PL/pgSQL' => $plpgsql[$_], without => $without[$_] } }
	  0 .. $#names;
}

# The clock's step; the rows before_now and last_hour count without the rewrite after it (the row
# made after the step; behind, the row made ahead is in the last hour too); the query whose plan,
# kept across transactions, misses the row made after the step.
my @steps = ([ '+2h', '2 h ahead', '1 1', 'before_now' ], [ '-3h', '3 h behind', '1 2', 'last_hour' ]);
for my $keep ('off', 'on')
{
	$set_clock->('+0');
	$node->safe_psql('postgres', 'TRUNCATE t');
	my $label = $keep eq 'on' ? 'plans kept, clock' : 'clock';
	my $session = $node->background_psql('postgres');
	$session->query_safe("SET uuidx.test_keep_transaction_plans = $keep; SET plan_cache_mode = force_generic_plan;"
		  . join('', map { "PREPARE $_ AS SELECT count(*) FROM t WHERE $query{$_};" } @names));
	counts($session);    # the plans, made at the real time
	for my $step (@steps)
	{
		my ($spec, $what, $rows, $missed) = @$step;
		$set_clock->($spec);
		# A new session: its first v7 carries the clock.
		$node->safe_psql('postgres', 'INSERT INTO t VALUES (uuid_generate_v7())');
		my %c = counts($session);
		note("uuidx.test_keep_transaction_plans = $keep, clock $what: "
			  . join('; ', map { "$_: generic $c{$_}{generic}, PL/pgSQL $c{$_}{'PL/pgSQL'}, without the rewrite $c{$_}{without}" } @names));
		is(join(' ', map { $c{$_}{without} } @names), $rows, "$label $what: the rows without the rewrite are those the steps made");
		for my $name (@names)
		{
			my $miss = $keep eq 'on' && $name eq $missed;
			my $says = $keep eq 'off' ? 'finds the rows of the rewrite off'
			  : $miss ? 'misses the new row (control)' : 'still finds every row';
			is($c{$name}{$_}, $c{$name}{without} - ($miss ? 1 : 0), "$label $what: the $_ plan of $name $says")
			  for ('generic', 'PL/pgSQL');
		}
	}
	$session->quit;
}
$set_clock->('+0');
$node->stop;
done_testing();
