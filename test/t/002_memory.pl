# Memory per call is constant (test/t/README.md), read from /proc/<pid>/status: RssAnon is the
# backend's private memory (VmRSS also counts the shared buffers it touches), VmHWM the peak, reset
# through clear_refs. The series comes from a ProjectSet, so no tuplestore (work_mem) grows with it.
use strict;
use warnings FATAL => 'all';
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use FindBin;
use lib "$FindBin::RealBin/lib";
use UuidxGeneration;

my $n = sized(10_000_000, 2_000_000);
my $m = sized(2_000_000, 400_000);    # slower functions: fewer calls
my $max_growth_kb = 4096;    # "a few MB"

# 8 bytes leaked a call show as 16 MB over 2 * 10^6 calls; at lean size (4 * 10^5) a leaked palloc
# chunk (16 bytes or more) still shows as 6.4 MB.
my @cases = (
	[ 'v7', $n, 'uuid_generate_v7()' ],
	[ 'v1', $n, 'uuid_generate_v1()' ],
	[ 'v4', $n, 'uuid_generate_v4()' ],
	[ 'v6', $n, 'uuid_generate_v6()' ],
	[ 'v5_text', $m, q{uuid_generate_v5(uuid_ns_url(), 'https://example.com/' || i)} ],
	[ 'v5_bytea', $m, 'uuid_generate_v5(uuid_ns_oid(), int4send(i))' ],
	[ 'v3_text', $m, q{uuid_generate_v3(uuid_ns_dns(), 'host' || i || '.example.com')} ],
	[ 'v8_name', $m, q{uuid_generate_v8_name(uuid_ns_url(), 'https://example.com/' || i)} ],
	[ 'encode_decode_base58', $m, q{uuid_decode(uuid_encode(uuid_generate_v4(), 'base58'), 'base58')} ],
	[ 'encode_decode_base32', $m, q{uuid_decode(uuid_encode(uuid_generate_v7(), 'base32'), 'base32')} ],
	[
		'facade_both_ways', $m,
		q{uuid_facade_to_v7(uuid_v7_to_facade(uuid_generate_v7(), '\x000102030405060708090a0b0c0d0e0f'), '\x000102030405060708090a0b0c0d0e0f')}
	]);

my $node = started_node('memory');
$node->safe_psql('postgres', 'CREATE EXTENSION uuidx');

my $session = $node->background_psql('postgres');
# JIT would load LLVM (~60 MB) on the first statement costly enough: PostgreSQL's memory, the
# same whatever the function.
$session->query_safe('SET jit = off');
my $pid = $session->query_safe('SELECT pg_backend_pid()');
chomp $pid;

sub backend_memory
{
	my %kb;
	for (split /\n/, PostgreSQL::Test::Utils::slurp_file("/proc/$pid/status"))
	{
		$kb{$1} = $2 if /^(VmRSS|VmHWM|RssAnon):\s+(\d+) kB/;
	}
	return \%kb;
}

sub reset_peak
{
	open(my $fh, '>', "/proc/$pid/clear_refs") or die "clear_refs: $!";
	print $fh "5\n";
	close($fh);
}

note('plan: ' . $node->safe_psql('postgres',
	"SET jit = off; EXPLAIN (COSTS OFF) SELECT count(uuid_generate_v7()) FROM (SELECT generate_series(1, $n) i) s"));
for my $case (@cases)
{
	my ($key, $want, $expr) = @$case;
	# Warm-up in the same form: the library, the random buffer, the executor's memory in place.
	$session->query_safe("SELECT count($expr) FROM (SELECT generate_series(1, 100000) i) s");
	reset_peak();
	my $before = backend_memory();
	my $start = time;
	my $count = $session->query_safe("SELECT count($expr) FROM (SELECT generate_series(1, $want) i) s");
	my $ms = int((time - $start) * 1000);
	my $after = backend_memory();
	chomp $count;
	my $anon_growth = $after->{RssAnon} - $before->{RssAnon};
	my $peak_growth = $after->{VmHWM} - $before->{VmRSS};
	ok($count == $want && $anon_growth < $max_growth_kb && $peak_growth < $max_growth_kb,
		"$key: backend memory flat over the calls of one statement")
	  or diag("values = $count in $ms ms; RssAnon $before->{RssAnon} -> $after->{RssAnon} kB "
		  . "(growth $anon_growth kB); VmRSS $before->{VmRSS} -> $after->{VmRSS} kB; peak VmHWM $after->{VmHWM} kB "
		  . "(peak - before = $peak_growth kB; limit $max_growth_kb kB)");
	note("$key: $count values in $ms ms, RssAnon growth $anon_growth kB, peak growth $peak_growth kB");
}
ok($session->quit, 'the session ran every statement and ended cleanly');

$node->stop;
no_crash_in_log($node, 'no backend crashed');
done_testing();
