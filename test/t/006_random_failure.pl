# A failing random source (test/t/README.md): the fault-injection build's
# uuidx.test_random_failure fails every refill of the random buffer; the generators raise what
# PostgreSQL's own gen_random_uuid() raises (XX000 "could not generate random values").
use strict;
use warnings FATAL => 'all';
use FindBin;
use lib "$FindBin::RealBin/lib";
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxGeneration;

plan skip_all => 'UUIDX_FAULTS_INSTALL names no fault-injection build (the lab makes it: lab/kinds/tap.sh)'
  unless $ENV{UUIDX_FAULTS_INSTALL};

my $pkglibdir = `pg_config --pkglibdir`;
chomp $pkglibdir;
my $shipped = PostgreSQL::Test::Utils::slurp_file("$pkglibdir/uuidx.so");
note("the shipped library: $pkglibdir/uuidx.so");
ok(index($shipped, 'test_random_failure') < 0, 'the shipped library has no uuidx.test_random_failure');

my $node = started_node('random_failure', '', install_path => $ENV{UUIDX_FAULTS_INSTALL});
$node->safe_psql('postgres', q{
	CREATE EXTENSION uuidx;
	CREATE FUNCTION outcome(expr text) RETURNS text LANGUAGE plpgsql AS $$
	DECLARE v uuid; d text;
	BEGIN
		EXECUTE 'SELECT ' || expr INTO v;
		RETURN 'value ' || v;
	EXCEPTION WHEN OTHERS THEN
		GET STACKED DIAGNOSTICS d = PG_EXCEPTION_DETAIL;
		RETURN SQLSTATE || ' ' || SQLERRM || ' / ' || d;
	END $$});

my $want = 'XX000 could not generate random values / The cryptographically secure random number generator failed.';
# v1, v6 and v1mc's clock_seq and node are drawn at a session's first use: the setting is on
# before the library loads in the session (a fresh connection), so nothing is drawn before it.
my @generators = (
	'uuid_generate_v4()', 'uuid_generate_v7()', 'uuid_generate_v1()', 'uuid_generate_v6()',
	'uuid_generate_v1mc()', 'public.uuidv4()', 'public.uuidv7()', q{public.uuidv7(interval ''1 day'')},
	'uuid_generate_v7(now())');
my $list = join(', ', map { "'$_'" } @generators);
my $out = $node->safe_psql('postgres', qq{SET uuidx.test_random_failure = on;
	SELECT g, outcome(g) FROM unnest(array[$list]) g}, extra_params => [ '-F', '|' ]);
my $n = 0;
for my $line (split /\n/, $out)
{
	my ($g, $got) = split /\|/, $line, 2;
	next unless defined $got;
	$n++;
	is($got, $want, "$g with the random source failing");
}
is($n, 9, 'every generator was tried');

# Through psql, as a client sees it: the SQLSTATE in the verbose error, and no row.
my ($rc, $stdout, $stderr) = $node->psql('postgres', 'SET uuidx.test_random_failure = on; SELECT uuid_generate_v4() AS got',
	extra_params => [ '-v', 'VERBOSITY=verbose' ]);
note('psql: ' . ((split /\n/, $stderr)[0] // ''));
ok( $rc != 0
	  && $stderr =~ /^(?:psql:\S+ )?ERROR:  XX000: could not generate random values/m
	  && "$stdout$stderr" !~ /[0-9a-f]{8}-[0-9a-f]{4}-/,
	'psql shows ERROR XX000 and no value');

# One session: failures, values once the source recovers, a failure of v7 again (v1, seeded by
# then, draws nothing more), and v7 still increasing across it.
check_sql($node, 'one session across failures', qq{
	SET uuidx.test_random_failure = on;
	CREATE TEMP TABLE f1 AS SELECT outcome('uuid_generate_v7()') o7, outcome('uuid_generate_v1()') o1;
	SET uuidx.test_random_failure = off;
	CREATE TEMP TABLE ok1 AS SELECT uuid_generate_v7() v7, uuid_generate_v1() v1;
	SET uuidx.test_random_failure = on;
	CREATE TEMP TABLE f2 AS SELECT outcome('uuid_generate_v7()') o7, outcome('uuid_generate_v1()') o1;
	SET uuidx.test_random_failure = off;
	SELECT f1.o7 = '$want' AND f1.o1 = '$want' AND f2.o7 = '$want' AND f2.o1 LIKE 'value %'
	         AND uuid_generate_v7() > ok1.v7 AND uuid_generate_v1() <> ok1.v1,
	       format('first: %s / %s; after recovery: v7 and v1 values; again: %s / %s', f1.o7, f1.o1, f2.o7, f2.o1)
	FROM f1, ok1, f2});

$node->stop;
no_crash_in_log($node);
done_testing();
