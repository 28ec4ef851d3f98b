# uuidx from an extension directory, 18 and later (test/t/README.md): the paths set as
# CloudNativePG sets them for a mounted image (docs/cloudnativepg.md), on a copy of the server
# without uuidx; the directories and images from lab/extension_dirs.sh, mounted read-only. 18 drops
# module_pathname's leading '$libdir/' and searches dynamic_library_path.
use strict;
use warnings FATAL => 'all';
use FindBin;
use lib "$FindBin::RealBin/lib";
use File::Compare;
use File::Find;
use File::Path qw(make_path rmtree);
use IPC::Run;
use JSON::PP;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxGeneration;

plan skip_all => 'UUIDX_EXTENSION_DIRS names no extension directories (the lab makes them on 18 and later, '
  . 'where lab/matrix extras name image: lab/kinds/tap.sh)'
  unless $ENV{UUIDX_EXTENSION_DIRS};
my $dirs = $ENV{UUIDX_EXTENSION_DIRS};
my ($tag, $version, $next_version, $bare) =
  @ENV{qw(UUIDX_EXTENSION_TAG UUIDX_EXTENSION_VERSION UUIDX_EXTENSION_NEXT_VERSION UUIDX_BARE_INSTALL)};
my $work = PostgreSQL::Test::Utils::tempdir;

sub command_out {
	my $out = `@_`;
	chomp $out;
	return $out;
}

# Every file under DIR, as ./relative/path, sorted.
sub files_under {
	my ($dir) = @_;
	my @files;
	find({ wanted => sub { push @files, '.' . substr($File::Find::name, length $dir) if -f }, no_chdir => 1 }, $dir);
	return sort @files;
}

sub chmod_tree {
	my ($mode, $dir) = @_;
	system('chmod', '-R', $mode, $dir) == 0 or die "chmod -R $mode $dir failed";
}

# ---- the server and the artefacts
my $pkglibdir = command_out("$bare/bin/pg_config --pkglibdir");
my $sharedir = command_out("$bare/bin/pg_config --sharedir");
note('the server: ' . command_out("$bare/bin/pg_config --version") . " in $bare ($pkglibdir)");
ok( $pkglibdir ne command_out('pg_config --pkglibdir') && !-e "$pkglibdir/uuidx.so" && !-e "$sharedir/extension/uuidx.control",
	"the server: a copy of the installation without uuidx in \$libdir or \$system");

my $digest_now = (split /\n/, slurp_file("$dirs/now.digest"))[-1];
my $digest_next = (split /\n/, slurp_file("$dirs/next.digest"))[-1];
my $archive_digest = slurp_file("$dirs/now/archive.digest");
chomp $archive_digest;
my $index = decode_json(slurp_file("$dirs/now/oci/index.json"));
my $tagged = grep { $_->{digest} eq $digest_now && ($_->{annotations}{'org.opencontainers.image.ref.name'} // '') eq $tag }
  @{ $index->{manifests} };
note("the image archive of tag $tag: $archive_digest; the build printed $digest_now");
ok($archive_digest eq $digest_now && $tagged == 1, "the release's image archive: its digest file, the manifest of its tag");

my @expected_files = qw(./lib/uuidx.so ./licenses/uuidx/LICENSE ./licenses/uuidx/copyright ./share/extension/uuidx--1.0--1.1.sql
  ./share/extension/uuidx--1.0.sql ./share/extension/uuidx--1.1--1.2.sql ./share/extension/uuidx--1.2--1.3.sql
  ./share/extension/uuidx--1.2-sql--1.2.sql ./share/extension/uuidx--1.2-sql.sql ./share/extension/uuidx--1.3--1.4.sql
  ./share/extension/uuidx--1.3-sql--1.3.sql ./share/extension/uuidx--1.3-sql.sql ./share/extension/uuidx--1.4-sql--1.4.sql
  ./share/extension/uuidx--1.4-sql.sql ./share/extension/uuidx--1.4.sql ./share/extension/uuidx.control);
my @files = files_under("$dirs/now/extension");
is("@files", "@expected_files", 'extension directory from make install: lib/, share/extension/ and the licence');

# The image's manifest: one layer, no entrypoint (nothing runs from it); its files those of the directory.
sub blob {
	my ($digest) = @_;
	$digest =~ s{:}{/};
	return decode_json(slurp_file("$dirs/now/oci/blobs/$digest"));
}
my $manifest = blob($digest_now);
my $config = blob($manifest->{config}{digest});
my $shape = join ' ', scalar @{ $manifest->{layers} }, $config->{os}, $config->{architecture},
  $config->{config}{Entrypoint} // 'None', $config->{config}{Cmd} // 'None';
system("umoci raw unpack --rootless --image '$dirs/now/oci:$tag' '$work/unpacked' >'$work/unpack.log' 2>&1");
my @unpacked = -d "$work/unpacked" ? files_under("$work/unpacked") : ();
my $same = grep { compare("$dirs/now/extension/$_", "$work/unpacked/$_") == 0 } @files;
note "image uuidx:$tag $digest_now (" . (split /\n/, command_out('umoci --version'))[0] . "); newer build $digest_next";
my $nfiles = @expected_files;
note("layers, os, architecture, entrypoint, cmd: $shape; $same of $nfiles files identical after umoci raw unpack");
ok( $shape eq '1 linux ' . command_out('dpkg --print-architecture') . ' None None' && $same == $nfiles && @unpacked == $nfiles,
	"OCI image FROM scratch: one layer, no entrypoint, the directory's files and only those");

# As CloudNativePG's catalogue builds its images: not run as root, labelled with the operand.
my $major = command_out('pg_config --version') =~ s/^PostgreSQL (\d+).*/$1/r;
my $labels = $config->{config}{Labels} // {};
my $operand = "ghcr.io/cloudnative-pg/postgresql:$major-minimal-trixie";
my $user = $config->{config}{User} // 'none';
ok( $user eq '65532:65532'
	  && ($labels->{'io.cloudnativepg.image.base.name'} // '') eq $operand
	  && ($labels->{'io.cloudnativepg.image.base.pgmajor'} // '') eq $major
	  && ($labels->{'org.opencontainers.image.licenses'} // '') eq 'PostgreSQL'
	  && ($labels->{'org.opencontainers.image.created'} // '') eq $config->{created},
	'the image runs as a user that is not root and names its operand');
note("user $user; base " . ($labels->{'io.cloudnativepg.image.base.name'} // 'none') . "; created $config->{created}");

# The catalogue's record: the SQL name's control file under each control path, the library under
# each library path, nothing preloaded, this image's tag and SQL version.
my $meta = decode_json(slurp_file("$dirs/now/metadata.json"));
my $control = slurp_file("$dirs/now/extension/share/extension/uuidx.control");
my ($default_version) = $control =~ /^default_version = '([^']+)'/m;
my $entry = $meta->{versions}{trixie}{$major} // {};
my $found = grep { -f "$work/unpacked/$_/extension/$meta->{sql_name}.control" } @{ $meta->{extension_control_path} };
my $libs = grep { -f "$work/unpacked/$_/uuidx.so" } @{ $meta->{dynamic_library_path} };
ok( $meta->{name} eq 'uuidx' && $meta->{sql_name} eq 'uuidx' && @{ $meta->{shared_preload_libraries} } == 0
	  && $found == 1 && @{ $meta->{extension_control_path} } == 1 && $libs == 1 && @{ $meta->{dynamic_library_path} } == 1
	  && ($entry->{image} // '') eq $tag && ($entry->{sql} // '') eq $default_version,
	"the catalogue's metadata: names, no preload, the control and library paths in the image, this tag and SQL version");
note("the catalogue's metadata: name $meta->{name}, SQL name $meta->{sql_name}, preload ["
	  . join(',', @{ $meta->{shared_preload_libraries} }) . '], control path ['
	  . join(',', @{ $meta->{extension_control_path} }) . "] ($found found), library path ["
	  . join(',', @{ $meta->{dynamic_library_path} }) . "] ($libs found), trixie $major: "
	  . ($entry->{image} // 'none') . ' SQL ' . ($entry->{sql} // 'none'));

# Reproducible: release/image.sh's own build of the commit (another directory, another build)
# gives the same digest; a build of other sources (the newer one) does not.
my $digest_again = (split /\n/, slurp_file("$dirs/again.digest"))[-1];
note("the test's build $digest_now, release/image.sh's $digest_again; the newer build's $digest_next");
ok($digest_again eq $digest_now && $digest_next ne $digest_now, 'two builds of one commit, one digest; another build, another');

# provide(SOURCE, BUILD, DEST): DEST made from the build's directory (dir) or image (image),
# read-only, as mounted.
sub provide {
	my ($src, $build, $dest) = @_;
	my $cmd = $src eq 'dir'
	  ? "cp -a '$dirs/$build/extension' '$dest'"
	  : "umoci raw unpack --rootless --image '$dirs/$build/oci:$tag' '$dest' >>'$work/unpack.log' 2>&1";
	system($cmd) == 0 or die "could not provide $src of the $build build: $cmd";
	chmod_tree('a-w', $dest);
}

# switch_to(SOURCE, BUILD, MNT): the new tree put in place by renames, as a new mount replaces
# the old (the library a process has mapped stays intact; writing over it would not).
sub switch_to {
	my ($src, $build, $mnt) = @_;
	for my $old ("$mnt.next", "$mnt.old") {
		next unless -e $old;
		chmod_tree('u+w', $old);
		rmtree($old);
	}
	provide($src, $build, "$mnt.next");
	rename($mnt, "$mnt.old") && rename("$mnt.next", $mnt) or die "could not switch $mnt: $!";
}

# The uuidx library a new session loads: its magic block's version and the file mapped.
sub loaded {
	my ($node) = @_;
	my $out = $node->safe_psql('postgres', q{SELECT uuid_generate_v7() IS NOT NULL;
		SELECT format('%s %s', (SELECT version FROM pg_get_loaded_modules() WHERE module_name = 'uuidx'),
		       (SELECT string_agg(DISTINCT substring(l FROM '(/\S*uuidx\.so)'), ',')
		        FROM regexp_split_to_table(pg_read_file('/proc/self/maps'), E'\n') l WHERE l ~ 'uuidx\.so'))});
	return (split /\n/, $out)[-1];
}

sub mounted_node {
	my ($name, $mnt) = @_;
	return started_node($name, "extension_control_path = '\$system:$mnt/share'\ndynamic_library_path = '\$libdir:$mnt/lib'",
		install_path => $bare);
}

sub checks {
	my ($src) = @_;
	my $mnt = "$work/$src/extensions/uuidx";
	make_path("$work/$src/extensions");
	provide($src, 'now', $mnt);
	my $node = mounted_node("extdir_$src", $mnt);
	note "$src: extension_control_path = '\$system:$mnt/share', dynamic_library_path = '\$libdir:$mnt/lib'";
	check_sql($node, "$src: listed by pg_available_extensions, versions 1.0 to 1.4 and the SQL edition's 1.2-sql, 1.3-sql and 1.4-sql (to move from them)", qq{
		SELECT default_version = '$version' AND vs = '1.0 1.1 1.2 1.2-sql 1.3 1.3-sql 1.4 1.4-sql', format('default %s, versions %s', default_version, vs)
		FROM pg_available_extensions,
		     LATERAL (SELECT string_agg(version, ' ' ORDER BY version) vs FROM pg_available_extension_versions WHERE name = 'uuidx') v
		WHERE name = 'uuidx'});
	my $out = join ' ', split /\n/, $node->safe_psql('postgres', q{CREATE EXTENSION uuidx VERSION '1.0';
		SELECT extversion FROM pg_extension WHERE extname = 'uuidx';
		SELECT uuid_extract_version(uuid_generate_v7());
		ALTER EXTENSION uuidx UPDATE;
		SELECT extversion FROM pg_extension WHERE extname = 'uuidx';
		SELECT uuid_v7_floor(now()) <= uuid_generate_v7()});
	is($out, "1.0 7 $version t",
		"$src: CREATE EXTENSION uuidx VERSION '1.0', a call, ALTER EXTENSION uuidx UPDATE, a 1.1 function "
		  . '(extversion, v7 call, extversion after UPDATE, uuid_v7_floor)');
	check_sql($node, "$src: '\$libdir/uuidx' in pg_proc, resolved through dynamic_library_path", q{
		SELECT count(*) > 0 AND bool_and(probin = '$libdir/uuidx'), format('%s C functions, probin %s', count(*), min(probin))
		FROM pg_proc WHERE prolang = (SELECT oid FROM pg_language WHERE lanname = 'c')
		  AND oid IN (SELECT objid FROM pg_depend WHERE refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuidx') AND deptype = 'e')});
	is(loaded($node), "$version $mnt/lib/uuidx.so", "$src: a new session loads the directory's library (magic block version, file mapped)");

	switch_to($src, 'next', $mnt);
	$out = loaded($node);
	note("$src: loaded after the switch: $out");
	ok( $out eq "$next_version $mnt/lib/uuidx.so"
		  && $node->safe_psql('postgres', q{SELECT extversion FROM pg_extension WHERE extname = 'uuidx'}) eq $version,
		"$src: directory replaced by the newer build: new sessions load it, no ALTER EXTENSION");

	$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuidx'\nuuidx.v7_scope = 'server'");
	$node->restart;
	my $pm = (split /\n/, slurp_file($node->data_dir . '/postmaster.pid'))[0];
	my ($mapped) = slurp_file("/proc/$pm/maps") =~ m{ (/\S*/uuidx\.so)$}m;
	$out = join ' ', split /\n/, $node->safe_psql('postgres', 'SHOW uuidx.v7_scope; SELECT uuid_extract_version(uuid_generate_v7())');
	note("$src: the postmaster maps " . ($mapped // 'no uuidx.so') . "; v7_scope and a server-scope v7: $out");
	ok(($mapped // '') eq "$mnt/lib/uuidx.so" && $out eq 'server 7',
		"$src: shared_preload_libraries = 'uuidx' found through dynamic_library_path");

	# A preload names the library bare: '$libdir/uuidx' there is the server's own directory only
	# (18 drops the prefix for functions' libraries, not for shared_preload_libraries).
	if ($src eq 'dir') {
		$node->stop;
		my $log_offset = -s $node->logfile;
		$node->append_conf('postgresql.conf', q{shared_preload_libraries = '$libdir/uuidx'});
		my $started = $node->start(fail_ok => 1);
		my ($refused) = substr(slurp_file($node->logfile), $log_offset) =~ /(could not access file "[^"]*")/;
		note("$src: the server with '\$libdir/uuidx' preloaded: " . ($started ? 'started' : $refused // 'failed otherwise'));
		ok(!$started && ($refused // '') eq 'could not access file "$libdir/uuidx"',
			"$src: shared_preload_libraries = '\$libdir/uuidx' is not looked up in dynamic_library_path");
		$node->stop if $started;
		$node->append_conf('postgresql.conf', q{shared_preload_libraries = 'uuidx'});
		$node->start;
	}

	switch_to($src, 'now', $mnt);
	$out = loaded($node);
	note("$src: loaded after the switch back: $out");
	is((split / /, $out)[0], $next_version, "$src: preloaded: after a switch new sessions keep the postmaster's library");
	$node->restart;
	is(loaded($node), "$version $mnt/lib/uuidx.so", "$src: ... and load the new one after a restart");
	$node->stop;
	no_crash_in_log($node, "$src: server log shows no crashed backend");
}

# The image mounted as in checks, the whole pg_regress suite against it.
sub regress_image {
	my $mnt = "$work/regress/extensions/uuidx";
	my $out = "$work/regress/out";
	make_path($out, "$work/regress/extensions");
	provide('image', 'now', $mnt);
	my $node = mounted_node('regress_image', $mnt);
	my $pg_regress = $ENV{PG_REGRESS} // command_out('pg_config --pgxs') =~ s{/src/makefiles/pgxs\.mk$}{/src/test/regress/pg_regress}r;
	my @opts = split ' ', command_out('make -s --no-print-directory print-regress-opts');
	my @tests = split ' ', command_out('make -s --no-print-directory print-regress');
	my ($stdout, $stderr);
	my $rc = IPC::Run::run([ $pg_regress, '--inputdir=.', "--outputdir=$out", "--bindir=$bare/bin", '--host=' . $node->host,
		'--port=' . $node->port, @opts, @tests ], '>', \$stdout, '2>', \$stderr);
	my $passed = () = $stdout =~ /^(?:ok|test) .* ok(?: |$)|^ok \d+ /mg;
	my $failed = () = $stdout =~ / FAILED(?: |$)|^not ok /mg;
	note("image: regression suite: $passed of " . scalar(@tests) . " passed, $failed failed");
	ok($rc && $failed == 0 && $passed == @tests, 'image: the regression suite (pg_regress, REGRESS) with uuidx from the mounted image');
	diag($stdout . $stderr . (-f "$out/regression.diffs" ? slurp_file("$out/regression.diffs") : '')) unless $rc;
	$node->stop;
	no_crash_in_log($node, 'image: server log after the regression suite shows no crashed backend');
}

checks('dir');
checks('image');
regress_image();
done_testing();
