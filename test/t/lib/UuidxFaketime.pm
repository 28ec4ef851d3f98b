# UuidxFaketime: a node whose wall clock the test steps while it runs, through libfaketime
# (FAKETIME_TIMESTAMP_FILE with FAKETIME_NO_CACHE=1: every clock read of every server process reads
# the file again; only the wall clock is faked, CLOCK_MONOTONIC and file times stay real).
#   faketime_library()                 libfaketime.so.1's path, or undef when not installed
#   my $set = faketime_start($node, $library)   starts NODE under it at the real time; then
#   $set->('-2')                       steps the server's clock (libfaketime's offsets: -2, +1d)
package UuidxFaketime;
use strict;
use warnings FATAL => 'all';
use Exporter 'import';

our @EXPORT = qw(faketime_library faketime_start);

sub faketime_library
{
	my ($library) = glob('/usr/lib/*/faketime/libfaketime.so.1');
	return $library;
}

sub faketime_start
{
	my ($node, $library) = @_;
	my $file = $node->basedir . '/faketime.rc';
	# Written as a new file renamed over the old one: a server process never reads it half
	# written (libfaketime exits a process that reads an empty or half-written file).
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
	local $ENV{FAKETIME_DONT_FAKE_MONOTONIC} = '1';
	local $ENV{NO_FAKE_STAT} = '1';
	$node->start;
	return $set;
}

1;
