# Dump and restore across majors (test/t/README.md) of the sample databases (lib/UuidxSample.pm).
# Back from the newest to the oldest as plain SQL (a newer custom archive is unreadable to an older
# pg_restore); a default on 18's own uuidv7() cannot restore before 18 (docs/upgrading.md).
use strict;
use warnings FATAL => 'all';
use FindBin;
use IPC::Run;
use lib "$FindBin::RealBin/lib";
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxGeneration;
use UuidxSample;

my @installs = cross_installs();
plan skip_all => 'UUIDX_CROSS_INSTALLS names no two installations (the lab names them: lab/kinds/tap_cross.sh)'
  if @installs < 2;
my $work = PostgreSQL::Test::Utils::tempdir;

sub node_of { my ($major, $path, $name) = @_; return started_node($name, '', install_path => $path); }

# One of the installation's programs, against the node.
sub run_tool
{
	my ($node, $path, $tool, @args) = @_;
	my ($out, $err) = ('', '');
	my $ok = IPC::Run::run([ "$path/bin/$tool", '-h', $node->host, '-p', $node->port, @args ], '>', \$out, '2>', \$err, '<', \undef);
	return ($ok, $out, $err);
}

for my $i (1 .. $#installs)
{
	my ($old, $old_path) = @{ $installs[ $i - 1 ] };
	my ($new, $new_path) = @{ $installs[$i] };
	# ---- old -> new (the names of the checks say older and newer: the majors are in the notes)
	note("---- $old -> $new");
	my $source = node_of($old, $old_path, "source_$old");
	note('source: ' . $source->safe_psql('postgres', 'SELECT version()'));
	sample_create($source, 'public', '1.1');
	sample_create($source, 'ext', '1.0');
	my %digest;
	for my $db ('app_public', 'app_ext')
	{
		$digest{$db} = sample_digest($source, $db);
		my ($ok, $out, $err) = run_tool($source, $old_path, 'pg_dump', '-Fc', '-d', $db, '-f', "$work/$db.$old.dump");
		note("$old: pg_dump -Fc $db: " . (-s "$work/$db.$old.dump" // 0) . ' bytes');
		ok($ok && $err eq '', "older: pg_dump -Fc $db") or diag(substr($err, 0, 300));
	}
	# The case that broke with 1.0 (which did not create uuidv7() on 18): before 18 the dump names
	# uuidx's uuidv7() schema-qualified, and it must exist on the newer major.
	if ($old < 18)
	{
		my ($ok, $script) = run_tool($source, $old_path, 'pg_restore', '-f', '-', "$work/app_public.$old.dump");
		my %defaults;
		$defaults{$_}++ for $script =~ /(DEFAULT [a-z_.]*uuid[a-z0-9_]*\(\))/g;
		note("$old: the dump of app_public has " . join(' ', map { "$defaults{$_} $_" } sort keys %defaults));
		ok(index($script, 'DEFAULT public.uuidv7()') >= 0, 'older, before 18: the dump of app_public has DEFAULT public.uuidv7()');
	}
	$source->stop;

	my $target = node_of($new, $new_path, "target_$new");
	note('target: ' . $target->safe_psql('postgres', 'SELECT version()'));
	for my $db ('app_public', 'app_ext')
	{
		(my $schema = $db) =~ s/^app_//;
		$target->safe_psql('postgres', "CREATE DATABASE $db");
		my ($ok, $out, $err) = run_tool($target, $new_path, 'pg_restore', '--exit-on-error', '-d', $db, "$work/$db.$old.dump");
		ok($ok && "$out$err" eq '', "older -> newer: pg_restore $db") or diag(substr("$out$err", 0, 500));
		my $got = sample_digest($target, $db);
		is($got, $digest{$db}, "older -> newer: $db data identical");
		sample_check_defaults($target, $db, $schema, "older -> newer: $db defaults, view and function work");
		# The restored extension is the target's default version, in the schema it had.
		check_sql($target, "older -> newer: $db has uuidx at the default version in $schema", qq{
			SELECT extversion = default_version AND extnamespace::regnamespace::text = '$schema', extversion || ' in ' || extnamespace::regnamespace::text
			FROM pg_extension, pg_available_extensions WHERE extname = 'uuidx' AND name = 'uuidx'}, $db);
	}
	$target->stop;
}

# ---- newest -> oldest
my ($newest, $newest_path) = @{ $installs[-1] };
my ($oldest, $oldest_path) = @{ $installs[0] };
my $back = 'newest -> oldest';
note("---- $newest -> $oldest");
my $source = node_of($newest, $newest_path, "back_source_$newest");
sample_create($source, 'ext', '1.1');
# A default on the built-in uuidv7() of 18 and later (unqualified, uuidx in public: pg_catalog's).
$source->safe_psql('postgres', 'CREATE DATABASE app_builtin');
$source->safe_psql('app_builtin', q{CREATE EXTENSION uuidx;
	CREATE TABLE t (id uuid PRIMARY KEY DEFAULT uuidv7(), note text);
	INSERT INTO t (note) VALUES ('a')});
my $digest_newest = sample_digest($source, 'app_ext');
my (undef, undef, $err1) = run_tool($source, $newest_path, 'pg_dump', '-Fp', '-d', 'app_ext', '-f', "$work/app_ext.$newest.sql");
my (undef, undef, $err2) = run_tool($source, $newest_path, 'pg_dump', '-Fp', '-d', 'app_builtin', '-f', "$work/app_builtin.$newest.sql");
ok("$err1$err2" eq '', 'newest: pg_dump -Fp') or diag(substr("$err1$err2", 0, 300));
$source->stop;

my $target = node_of($oldest, $oldest_path, "back_target_$oldest");
$target->safe_psql('postgres', 'CREATE DATABASE app_ext; CREATE DATABASE app_builtin');
my (undef, $out, $err) = run_tool($target, $oldest_path, 'psql', '-X', '-d', 'app_ext', '-f', "$work/app_ext.$newest.sql");
my @errors = "$out$err" =~ /(ERROR: .*)/g;
my @other = grep { !/unrecognized configuration parameter/ } @errors;
my %seen;
$seen{$_}++ for @errors;
note(scalar(@errors) . ' errors: ' . join(';', map { "$seen{$_} $_" } sort keys %seen));
ok(!@other, "$back: plain dump replayed; the only errors are settings the oldest does not have");
is(sample_digest($target, 'app_ext'), $digest_newest, "$back: data identical");
sample_check_defaults($target, 'app_ext', 'ext', "$back: defaults, view and function work");
(undef, $out, $err) = run_tool($target, $oldest_path, 'psql', '-X', '-d', 'app_builtin', '-f', "$work/app_builtin.$newest.sql");
my @builtin_errors = grep { !/unrecognized configuration/ } "$out$err" =~ /(ERROR: .*)/g;
note('app_builtin: ' . (join(';', @builtin_errors[ 0 .. ($#builtin_errors < 1 ? $#builtin_errors : 1) ]) || 'no error'));
if ($newest >= 18 && $oldest < 18)
{
	ok("$out$err" =~ /function uuidv7\(\) does not exist/, "$back: a default on 18's own uuidv7() does not restore before 18 (documented)");
}
elsif ($newest >= 18)
{
	ok(!@builtin_errors, "$back: a default on the built-in uuidv7() restores, both majors have it");
}
$target->stop;
done_testing();
