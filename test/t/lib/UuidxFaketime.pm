# UuidxFaketime: a node whose wall clock the test steps while it runs (libfaketime's
# FAKETIME_TIMESTAMP_FILE, FAKETIME_NO_CACHE=1: every clock read reads the file again; only the
# wall clock is faked, CLOCK_MONOTONIC and file times stay real).
#   faketime_library()                 libfaketime.so.1's path, or undef
#   faketime_required()                its path, or the test ends: skipped, failed under CI
#   faketime_missing($have, $checks)   in a SKIP block: unless HAVE, skips CHECKS (fails under CI)
#   my $set = faketime_start($node, $library)   starts NODE under it at the real time (without
#                                      LIBRARY: started plainly, returns undef); then
#   $set->('-2')                       steps the server's clock (libfaketime's offsets: -2, +1d)
#   $set->(1700000000)                 holds it still at that second since the epoch (FAKETIME_FMT=%s),
#                                      however long what follows takes: a loaded machine's delays
#                                      do not move it
package UuidxFaketime;
use strict;
use warnings FATAL => 'all';
use Exporter 'import';
use Test::More;

our @EXPORT = qw(faketime_library faketime_required faketime_missing faketime_start);

sub faketime_library { return (glob('/usr/lib/*/faketime/libfaketime.so.1'))[0]; }

sub faketime_required
{
	my $library = faketime_library();
	return $library if $library;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	plan skip_all => 'libfaketime.so.1 is not installed (Debian: libfaketime)' unless $ENV{CI};
	fail('libfaketime.so.1 is installed (Debian: libfaketime)');
	done_testing();
	exit;
}

sub faketime_missing
{
	my ($have, $checks) = @_;
	return if $have;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	fail('libfaketime.so.1 is installed (Debian: libfaketime)') if $ENV{CI};
	skip 'libfaketime.so.1 is not installed: no server with its clock behind', $checks;
}

sub faketime_start
{
	my ($node, $library) = @_;
	if (!$library) { $node->start; return; }
	my $file = $node->basedir . '/faketime.rc';
	# Renamed over the old file: libfaketime exits a process that reads a half-written one.
	my $set = sub {
		my ($spec) = @_;
		open(my $fh, '>', "$file.new") or die "$file.new: $!";
		print $fh "$spec\n";
		close($fh);
		rename("$file.new", $file) or die "rename $file: $!";
	};
	$set->('+0');
	local $ENV{LD_PRELOAD} = $library;
	local $ENV{FAKETIME_TIMESTAMP_FILE} = $file;
	local $ENV{FAKETIME_NO_CACHE} = '1';
	local $ENV{FAKETIME_FMT} = '%s';
	local $ENV{FAKETIME_DONT_FAKE_MONOTONIC} = '1';
	local $ENV{NO_FAKE_STAT} = '1';
	$node->start;
	return $set;
}

1;
