# pg_upgrade along the upgrade path (test/t/README.md) of the sample databases
# (lib/UuidxSample.pm), by the steps of docs/upgrading.md. A pair that fails for a cluster without
# uuidx too (15.20 -> 16.2 and 17.12 -> 18.6: "unrecognized parameter pg_attver") is skipped with
# that reason, and the pairs around it run instead (15 -> 17, 16 -> 18).
use strict;
use warnings FATAL => 'all';
use FindBin;
use lib "$FindBin::RealBin/lib";
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxGeneration;
use UuidxSample;

my @installs = cross_installs();
plan skip_all => 'UUIDX_CROSS_INSTALLS names no two installations (the lab names them: lab/kinds/tap_cross.sh)'
  if @installs < 2;
my %path = map { @$_ } @installs;
my @majors = map { $_->[0] } @installs;
# The extension's catalog as the regression tests compare it.
my $catalog_psql = "$FindBin::RealBin/../../sql/include/extension_catalog.psql";

# A new node of TARGET for an upgrade from FROM, made but not started.
sub new_node
{
	my ($from, $target, $name) = @_;
	my $new = PostgreSQL::Test::Cluster->new($name, install_path => $path{$target});
	# The old cluster's settings: from 18 on initdb enables data checksums unless told not to.
	my @extra = ($from < 18 && $target >= 18) ? ('--no-data-checksums') : ();
	$new->init(extra => \@extra);
	return $new;
}

# pg_upgrade of OLD's stopped node into NEW; returns (ok, output). Run in a directory of its
# own, where it may write its logs.
sub upgrade
{
	my ($old_node, $new, $from, $target, @args) = @_;
	my $dir = PostgreSQL::Test::Utils::tempdir;
	my ($out, $err) = ('', '');
	my @cmd = (
		"$path{$target}/bin/pg_upgrade", '-b', "$path{$from}/bin", '-B', "$path{$target}/bin",
		'-d', $old_node->data_dir, '-D', $new->data_dir, '-p', $old_node->port, '-P', $new->port,
		'-s', $new->host, @args);
	my $ok = IPC::Run::run(\@cmd, '>', \$out, '2>', \$err, '<', \undef, init => sub { chdir $dir or die "chdir: $!" });
	return ($ok, "$out$err");
}

# The first error of a failed upgrade's logs.
sub upgrade_error
{
	my ($new) = @_;
	for my $log (glob($new->data_dir . '/pg_upgrade_output.d/*/log/*.log'))
	{
		my ($line) = grep { /pg_restore: error|ERROR:/ } split /\n/, PostgreSQL::Test::Utils::slurp_file($log);
		return $line if $line;
	}
	return 'no error in the logs';
}

# The control of a failed upgrade: the same two servers and steps, a cluster without uuidx (one
# table). When it fails too, no extension could pass this pair.
sub plain_upgrade_fails
{
	my ($from, $target, $n) = @_;
	my $plain = started_node("plain_${from}_$n", '', install_path => $path{$from});
	$plain->safe_psql('postgres', q{CREATE TABLE plain (id bigint PRIMARY KEY, note text); INSERT INTO plain VALUES (1, 'a')});
	$plain->stop;
	my $new = new_node($from, $target, "plain_${target}_$n");
	my ($ok) = upgrade($plain, $new, $from, $target);
	return $ok ? undef : upgrade_error($new);
}

my @pairs = map { [ $majors[ $_ - 1 ], $majors[$_] ] } 1 .. $#majors;
my $n = 0;
while (my $pair = shift @pairs)
{
	my ($from, $target) = @$pair;
	$n++;
	# The names of the checks say old and new: the majors are in the notes.
	note("---- $from -> $target");
	# The old cluster, filled and stopped.
	my $old = started_node("old_${from}_$n", '', install_path => $path{$from});
	sample_create($old, 'public', '1.1');
	sample_create($old, 'ext', '1.0');
	my %digest = map { $_ => sample_digest($old, $_) } ('app_public', 'app_ext');
	$old->stop;

	my $new = new_node($from, $target, "new_${target}_$n");
	my ($ok, $out) = upgrade($old, $new, $from, $target, '--check');
	my @checks = $out =~ /^Checking/mg;
	note('pg_upgrade --check: ' . scalar(@checks) . ' checks');
	ok($ok, 'old -> new: pg_upgrade --check') or diag(join(' ', grep { /fatal|failed|could not/i } split /\n/, $out));
	my $start = time;
	($ok, $out) = upgrade($old, $new, $from, $target);
	if (!$ok && defined(my $why = plain_upgrade_fails($from, $target, $n)))
	{
		SKIP:
		{
			skip("$from -> $target: pg_upgrade fails for a cluster without uuidx as well (a table of one bigint and one text "
				  . "column), so no extension can pass it between these servers: $why; uuidx cluster: " . upgrade_error($new), 1);
		}
		# uuidx's own upgrade is still tested into the target, from the major before (17.12 -> 18.6
		# fails as above; 16 -> 18), and out of the old major, into the one after the target
		# (15.20 -> 16.2 fails; 15.20 -> 17.12 is Debian's, bookworm to trixie).
		for my $j (0 .. $#majors)
		{
			my $instead = $majors[$j] eq $from && $j > 0 ? [ $majors[ $j - 1 ], $target ]
			  : $majors[$j] eq $target && $j < $#majors ? [ $from, $majors[ $j + 1 ] ]
			  : next;
			note("trying $instead->[0] -> $instead->[1] instead");
			push @pairs, $instead;
		}
		next;
	}
	note(sprintf('pg_upgrade in %d s', time - $start));
	ok($ok, 'old -> new: pg_upgrade') or diag(join(' ', grep { /fatal|failed|could not/i } split /\n/, $out)) or next;

	$new->start;
	for my $db ('app_public', 'app_ext')
	{
		is(sample_digest($new, $db), $digest{$db}, "old -> new: $db data identical");
		sample_check_defaults($new, $db, $db =~ s/^app_//r, "old -> new: $db defaults, view and function work");
	}
	check_sql($new, "old -> new: pg_upgrade kept app_ext's uuidx at 1.0",
		q{SELECT extversion = '1.0', extversion FROM pg_extension WHERE extname = 'uuidx'}, 'app_ext');
	my ($rc, undef, $update_err) = $new->psql('app_ext', 'ALTER EXTENSION uuidx UPDATE');
	check_sql($new, 'old -> new: app_ext is at the default version after the update',
		qq{SELECT extversion = (SELECT default_version FROM pg_available_extensions WHERE name = 'uuidx'), extversion || '} . ($update_err ? '; ' . substr($update_err =~ s/'/''/gr, 0, 200) : '') . q{'
		FROM pg_extension WHERE extname = 'uuidx'}, 'app_ext');
	$new->safe_psql('postgres', 'CREATE DATABASE fresh');
	$new->safe_psql('fresh', 'CREATE SCHEMA ext; CREATE EXTENSION uuidx SCHEMA ext');
	my $catalog = sub {
		my ($db) = @_;
		my (undef, $listing) = $new->psql($db, PostgreSQL::Test::Utils::slurp_file($catalog_psql) . "\n\\echo :extension_catalog\n");
		return $listing;
	};
	my ($updated, $fresh) = ($catalog->('app_ext'), $catalog->('fresh'));
	my @fresh_lines = split /\n/, $fresh;
	my %in_updated = map { $_ => 1 } split /\n/, $updated;
	my %in_fresh = map { $_ => 1 } @fresh_lines;
	my $differing = grep { !$in_fresh{$_} } keys %in_updated;
	$differing += grep { !$in_updated{$_} } keys %in_fresh;
	note(scalar(@fresh_lines) . " members; differing: $differing");
	ok($fresh ne '' && $updated eq $fresh, "old -> new: uuidx objects after pg_upgrade and UPDATE equal a fresh install's");
	sample_check_defaults($new, 'app_ext', 'ext', 'old -> new: app_ext defaults work after the update');
	$new->stop;
	no_crash_in_log($new, "old -> new: the new server's log shows no crashed backend");
}
done_testing();
