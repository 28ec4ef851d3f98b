# The SQL edition's generators on a hot standby, beside the C build's: every one gives a value of
# its version there, and the edition's v7 keeps its promises in a session (each value above the
# one before, within 1 ms of the clock) where nextval cannot run. Controls: the standby refuses
# nextval (what 1.2-sql's v7 called), and the order check sees the inversions of the blog form.
use strict;
use warnings FATAL => 'all';
use FindBin;
use lib "$FindBin::RealBin/lib";
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxGeneration;

plan skip_all => 'UUIDX_SQL_EDITION names no SQL edition scripts (make sql-edition; lab/kinds/tap.sh)'
  unless $ENV{UUIDX_SQL_EDITION};

my $primary = started_node('sqled_primary', '', allows_streaming => 1);
$primary->safe_psql('postgres', 'CREATE SCHEMA c; CREATE EXTENSION uuidx SCHEMA c; CREATE SCHEMA s;');
my ($rc, undef, $err) = $primary->psql('postgres', undef,
	extra_params => [ '-v', 'schema=s', '-f', "$ENV{UUIDX_SQL_EDITION}/uuidx-sql.sql" ]);
is($rc, 0, 'the SQL edition installs on the primary') or diag $err;
$primary->backup('base');
my $standby = PostgreSQL::Test::Cluster->new('sqled_standby');
$standby->init_from_backup($primary, 'base', has_streaming => 1);
$standby->start;
$primary->wait_for_catchup($standby);

my ($nrc, undef, $nerr) = $standby->psql('postgres', q{SELECT pg_is_in_recovery(), nextval('s.uuidx_sql_v7_order')});
ok($nrc != 0 && $nerr =~ /read-only transaction|during recovery/, 'control: the standby refuses nextval');
note $nerr;

my %version = ('uuid_generate_v1()' => 1, 'uuid_generate_v6()' => 6, 'uuid_generate_v1mc()' => 1, 'uuid_generate_v4()' => 4,
	'uuidv4()' => 4, 'uuid_generate_v7()' => 7, 'uuidv7()' => 7, 'uuid_generate_v7_fresh()' => 7,
	"uuidv7('1 hour'::interval)" => 7, "uuid_generate_v7('2024-01-01'::timestamptz)" => 7);
my @failed;
for my $call (sort keys %version) {
	my %out;
	for my $e ('c', 's') {
		my ($grc, $got, $gerr) = $standby->psql('postgres', "SELECT c.uuid_extract_version($e.$call)");
		$out{$e} = $grc ? "ERROR $gerr" : $got;
	}
	note "$call on the standby: C $out{c}, SQL $out{s}";
	push @failed, "$call: $out{s}" unless $out{s} eq $version{$call} && $out{c} eq $version{$call};
}
is(join('; ', @failed), '', 'on the standby every generator of both editions gives a value of its version');

# One session: 500 statements of one value, then one of 10000, each value against the one before.
my $one = q{SELECT set_config('t.bad', (current_setting('t.bad')::int + (v <= current_setting('t.prev')::uuid)::int)::text, false),
	set_config('t.far', (current_setting('t.far')::int + (c.uuid_extract_time(v, true) NOT BETWEEN b - interval '1 ms' AND clock_timestamp() + interval '1 ms')::int)::text, false),
	set_config('t.prev', v::text, false)
	FROM (SELECT clock_timestamp() AS b, s.uuid_generate_v7() AS v) x;};
my $burst = q{
	SELECT count(*) FILTER (WHERE u <= prev) + current_setting('t.bad')::int, count(*) FILTER (WHERE far) + current_setting('t.far')::int, count(*) + 500
	FROM (SELECT u, coalesce(lag(u) OVER (ORDER BY g), current_setting('t.prev')::uuid) AS prev,
	             c.uuid_extract_time(u, true) NOT BETWEEN b - interval '1 ms' AND clock + interval '1 ms' AND clock IS NOT NULL AS far
	      FROM (SELECT g, clock_timestamp() AS b, %s AS u, clock_timestamp() AS clock FROM generate_series(1, 10000) AS g) x) y};
my $session = "SET t.bad = 0; SET t.far = 0; SET t.prev = '00000000-0000-0000-0000-000000000000';\n" . ($one x 500);
# The last line of the output is the burst's (each statement before prints its settings).
sub last_line { return (split /\n/, $_[0])[-1]; }
my ($bad, $far, $n) = split /\|/, last_line($standby->safe_psql('postgres', $session . sprintf($burst, 's.uuid_generate_v7()')));
note "the SQL edition's v7 on the standby: $n values, $bad not above the one before, $far more than 1 ms from the clock";
is("$bad $n", '0 10500', 'on the standby, in one session, each v7 of the SQL edition is above the one before');
is($far, '0', 'on the standby each v7 of the SQL edition is within 1 ms of the clock');
my $blog = q{encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
	FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid};
my ($blog_bad) = split /\|/, last_line($standby->safe_psql('postgres', $session . sprintf($burst, $blog)));
note "the blog form on the standby: $blog_bad of 10000 not above the one before";
ok($blog_bad > 0, 'control: the order check sees the blog form\'s values out of order on the standby');

$standby->stop;
$primary->stop;
done_testing();
