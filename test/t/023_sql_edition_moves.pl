# The SQL edition where no C extension may be installed, and the moves between it and the C build
# (docs/managed.md), on the server under test (with the C build) and the lab's copies of it
# (lab/pgtle.sh) with pg_tle and without uuidx, as on Amazon RDS or Supabase, and with both:
# 1. pg_tle, and what pg_dump and pg_restore make of it; 2. in place: ALTER EXTENSION UPDATE to
# the C build; 3. from a dump of the plain script; 4. the other way, C build to SQL edition;
# 5. docs/managed.md's pg_tle steps; 6. from the released 1.2-sql: the update in place (plain
# script, pg_tle), the C build's adoption of it, and adoption refused to a role that owns nothing.
# After each move the tables keep their rows and files, the domains and defaults call C, nothing
# of the SQL edition is left, new keys go above the old.
use strict;
use warnings FATAL => 'all';
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

plan skip_all => 'UUIDX_SQL_EDITION names no SQL edition scripts (make sql-edition; lab/kinds/tap.sh)'
  unless $ENV{UUIDX_SQL_EDITION};
plan skip_all => 'UUIDX_PGTLE_INSTALL names no server copy with pg_tle (lab/pgtle.sh: where pg_tle builds)'
  unless $ENV{UUIDX_PGTLE_INSTALL} && $ENV{UUIDX_PGTLE_C_INSTALL};
my $scripts = $ENV{UUIDX_SQL_EDITION};
my $work = PostgreSQL::Test::Utils::tempdir;
# This version's, from its psql script's first line; the released 1.2 SQL edition lies beside it.
my ($ver) = slurp_file("$scripts/uuidx-sql.sql") =~ /^-- uuidx ([0-9.]+), SQL edition/;

# The table every move carries: a v7 key with its default, a v4 column of the domain.
my $table_sql = q{
  CREATE TABLE events (id uuid_v7 PRIMARY KEY DEFAULT uuid_generate_v7(), tag uuid_v4, n int);
  INSERT INTO events (tag, n) SELECT uuid_generate_v4(), g FROM generate_series(1, 1000) AS g;
};

sub as {
	my ($node, $db, $role, $sql) = @_;
	return $node->psql($db, $sql, extra_params => [ '-U', $role ], on_error_stop => 1);
}

sub run_file {
	my ($node, $db, $role, $file, @vars) = @_;
	my ($rc, undef, $err) = $node->psql($db, undef, extra_params => [ '-U', $role, (map { ('-v', $_) } @vars), '-f', $file ]);
	return ($rc, $err);
}

# What a move must keep and change, for the table in schema-qualified DB; $before from state().
sub state {
	my ($node, $db, $schema) = @_;
	return $node->safe_psql($db, qq{SELECT c.relfilenode, (SELECT count(*) FROM $schema.events), (SELECT max(id::text) FROM $schema.events)
		FROM pg_class c WHERE c.oid = '$schema.events'::regclass});
}

sub check_moved_to_c {
	my ($node, $db, $schema, $before, $what) = @_;
	my ($file, $rows, $max) = split /\|/, $before;
	my $after = state($node, $db, $schema);
	my ($file2, $rows2) = split /\|/, $after;
	is("$file2|$rows2", "$file|$rows", "$what: the table keeps its rows and its file");
	note "relfilenode before $file, after $file2; $rows2 rows";
	is( $node->safe_psql($db, qq{SELECT string_agg(DISTINCT l.lanname, ',')
		FROM pg_attrdef d JOIN pg_depend dep ON dep.classid = 'pg_attrdef'::regclass AND dep.objid = d.oid
		  AND dep.refclassid = 'pg_proc'::regclass
		JOIN pg_proc p ON p.oid = dep.refobjid JOIN pg_language l ON l.oid = p.prolang
		WHERE d.adrelid = '$schema.events'::regclass}), 'c', "$what: the key's default calls the C build");
	is( $node->safe_psql($db, qq{SELECT string_agg(DISTINCT l.lanname, ',')
		FROM pg_constraint k JOIN pg_depend dep ON dep.classid = 'pg_constraint'::regclass AND dep.objid = k.oid
		  AND dep.refclassid = 'pg_proc'::regclass
		JOIN pg_proc p ON p.oid = dep.refobjid JOIN pg_language l ON l.oid = p.prolang
		WHERE k.contypid IN ('$schema.uuid_v7'::regtype, '$schema.uuid_v4'::regtype)}),
		'c', "$what: the domains' checks call the C build");
	is( $node->safe_psql($db, qq{SELECT count(*) FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
		WHERE p.pronamespace = '$schema'::regnamespace
		  AND (p.proname LIKE 'uuidx\\_sql\\_%' OR l.lanname IN ('sql', 'plpgsql') AND p.proname NOT IN ('uuid_v7_partitions', 'uuid_v7_skew', 'uuid_version_mix'))}),
		'0', "$what: nothing of the SQL edition is left");
	is( $node->safe_psql($db, qq{INSERT INTO $schema.events (n) VALUES (0) RETURNING id > '$max'::uuid AND $schema.uuid_extract_version(id) = 7}),
		't', "$what: a new key goes above the old ones");
	# A C function its owner could redeclare CALLED ON NULL INPUT, and crash the server with.
	is( $node->safe_psql($db, qq{SELECT count(*) FILTER (WHERE NOT r.rolsuper) || ' of ' || count(*) FROM pg_proc p
		JOIN pg_language l ON l.oid = p.prolang AND l.lanname = 'c' JOIN pg_roles r ON r.oid = p.proowner
		WHERE p.pronamespace = '$schema'::regnamespace}) =~ s/ of [1-9][0-9]*$//r,
		'0', "$what: every C function belongs to a superuser, as after CREATE EXTENSION");
}

# ---------------------------------------------------------------- 1. pg_tle
my $tle = PostgreSQL::Test::Cluster->new('tle', install_path => $ENV{UUIDX_PGTLE_INSTALL});
$tle->init;
$tle->append_conf('postgresql.conf', "shared_preload_libraries = 'pg_tle'");
$tle->start;
$tle->safe_psql('postgres', 'CREATE ROLE tle_admin LOGIN; CREATE ROLE app LOGIN; CREATE DATABASE app OWNER app;');
# pg_tle's catalogue is per database: its extension, then a registration, in each.
$tle->safe_psql('app', 'CREATE EXTENSION pg_tle; GRANT pgtle_admin TO tle_admin;');
is($tle->safe_psql('postgres', q{SELECT count(*) FROM pg_available_extensions WHERE name = 'uuidx'}),
	'0', 'the pg_tle server has no uuidx of its own');
my ($rc, $err) = run_file($tle, 'app', 'app', "$scripts/uuidx-pgtle.sql");
ok($rc != 0 && $err =~ /permission denied/, 'a role outside pgtle_admin cannot register uuidx');
note $err;
($rc, $err) = run_file($tle, 'app', 'tle_admin', "$scripts/uuidx-pgtle.sql");
is($rc, 0, 'a member of pgtle_admin registers uuidx with pg_tle') or diag $err;
my ($rc2, $out, $err2) = as($tle, 'app', 'app', "CREATE EXTENSION uuidx; $table_sql");
is($rc2, 0, 'an ordinary role creates the extension and a table keyed by it') or diag $err2;
is( $tle->safe_psql('app', q{SELECT e.extversion || ' ' || string_agg(DISTINCT l.lanname, ',' ORDER BY l.lanname)
	FROM pg_extension e JOIN pg_depend d ON d.refobjid = e.oid AND d.classid = 'pg_proc'::regclass AND d.deptype = 'e'
	JOIN pg_proc p ON p.oid = d.objid JOIN pg_language l ON l.oid = p.prolang
	WHERE e.extname = 'uuidx' AND p.prokind <> 'a' GROUP BY e.extversion}),
	"$ver-sql plpgsql,sql", 'the pg_tle extension is the SQL edition: its functions are SQL and PL/pgSQL only');
($rc2, $out, $err2) = as($tle, 'app', 'app', "SELECT uuid_generate_v5(uuid_ns_dns(), 'www.example.com')");
ok($rc2 != 0 && $err2 =~ /needs the extension pgcrypto/, 'without pgcrypto, v5 is one clear error naming it');
($rc2, $out, $err2) =
  as($tle, 'app', 'app', "CREATE EXTENSION pgcrypto; SELECT uuid_generate_v5(uuid_ns_dns(), 'www.example.com')");
is($out, '2ed6657d-e927-568b-95e1-2665a8aea6a2', 'with pgcrypto created by the same role, v5 gives RFC 9562 A.4\'s value')
  or diag $err2;

# The dump holds the registration (pg_tle's functions in schema pgtle, no extension's members):
# it restores whole where pg_tle is not created; where it is, its schema is reserved and those
# entries fail: restore without them (pg_restore -L) after registering.
my $dump = "$work/tle.dump";
$tle->command_ok([ 'pg_dump', '-Fc', '-d', $tle->connstr('app'), '-f', $dump ], 'pg_dump of the database with the pg_tle extension');
$tle->safe_psql('postgres', 'CREATE DATABASE fresh; CREATE DATABASE with_tle; CREATE DATABASE with_tle_list;');
my ($restore_rc, $restore_out, $restore_err) =
  run_log_capture([ 'pg_restore', '--exit-on-error', '-d', $tle->connstr('fresh'), $dump ]);
is( $restore_rc ? $restore_err : $tle->safe_psql(
		'fresh', q{SELECT count(*) || ' ' || count(DISTINCT id) || ' ' || (SELECT extversion FROM pg_extension WHERE extname = 'uuidx') FROM events}),
	"1000 1000 $ver-sql", 'the dump restores into a new database of the pg_tle server, registration included');
for my $db ('with_tle', 'with_tle_list') {
	$tle->safe_psql($db, 'CREATE EXTENSION pg_tle; GRANT pgtle_admin TO tle_admin;');
	run_file($tle, $db, 'tle_admin', "$scripts/uuidx-pgtle.sql");
}
($restore_rc, $restore_out, $restore_err) =
  run_log_capture([ 'pg_restore', '--exit-on-error', '-d', $tle->connstr('with_tle'), $dump ]);
ok($restore_rc && $restore_err =~ /schema "pgtle" already exists|pgtle schema reserved/,
	'where pg_tle is created, the dump\'s own pg_tle entries fail');
note $restore_err;
my $tle_list = join '', grep { !/ pgtle / } `pg_restore -l "$dump"`;
PostgreSQL::Test::Utils::append_to_file("$work/tle.list", $tle_list);
($restore_rc, $restore_out, $restore_err) =
  run_log_capture([ 'pg_restore', '--exit-on-error', '-L', "$work/tle.list", '-d', $tle->connstr('with_tle_list'), $dump ]);
is($restore_rc ? $restore_err : $tle->safe_psql('with_tle_list', q{SELECT count(*) || ' ' || count(DISTINCT id) FROM events}),
	'1000 1000', 'registered first, the dump without its pg_tle entries restores (pg_restore -L)');

# ---------------------------------------------------------------- 2. in place
my $before = state($tle, 'app', 'public');
$tle->stop;
$tle->{_install_path} = $ENV{UUIDX_PGTLE_C_INSTALL};
$tle->start;
is($tle->safe_psql('postgres', q{SELECT default_version FROM pg_available_extensions WHERE name = 'uuidx'}),
	$ver, 'with the C build installed, the server offers its uuidx');
($rc2, $out, $err2) = as($tle, 'app', 'app', 'ALTER EXTENSION uuidx UPDATE');
is($rc2, 0, 'in place: ALTER EXTENSION uuidx UPDATE moves the pg_tle extension to the C build') or diag $err2;
check_moved_to_c($tle, 'app', 'public', $before, 'in place');

# ---------------------------------------------------------------- 3. from a dump of the plain script
my $node = PostgreSQL::Test::Cluster->new('plain');
$node->init;
$node->start;
$node->safe_psql('postgres', 'CREATE ROLE app LOGIN; CREATE DATABASE app OWNER app; CREATE DATABASE restored OWNER app;');
$node->safe_psql('app', 'CREATE SCHEMA ux AUTHORIZATION app');
($rc, $err) = run_file($node, 'app', 'app', "$scripts/uuidx-sql.sql", 'schema=ux');
is($rc, 0, 'psql -f uuidx-sql.sql installs the SQL edition as an ordinary role') or diag $err;
as($node, 'app', 'app', "SET search_path = ux; $table_sql");
$node->command_ok([ 'pg_dump', '-Fc', '-d', $node->connstr('app'), '-f', "$work/plain.dump" ], 'pg_dump of the plain SQL edition');
$node->command_ok([ 'pg_restore', '--exit-on-error', '-U', 'app', '-d', $node->connstr('restored'), "$work/plain.dump" ],
	'the dump restores on a server with the C build');
$before = state($node, 'restored', 'ux');
($rc2, $out, $err2) = as($node, 'restored', 'app', "CREATE EXTENSION uuidx SCHEMA ux VERSION '$ver-sql'; ALTER EXTENSION uuidx UPDATE");
is($rc2, 0, 'from a dump: CREATE EXTENSION uuidx VERSION \'V-sql\' and ALTER EXTENSION UPDATE move it to the C build')
  or diag $err2;
check_moved_to_c($node, 'restored', 'ux', $before, 'from a dump');
($rc2, $out, $err2) = as($node, 'app', 'app', "CREATE SCHEMA other; CREATE EXTENSION uuidx SCHEMA other VERSION '$ver-sql'");
ok($rc2 != 0 && $err2 =~ /holds no uuidx SQL edition to adopt/, 'version V-sql where no SQL edition is installed is a clear error');

# ---------------------------------------------------------------- 4. the other way
$node->safe_psql('postgres', 'CREATE DATABASE cbuild OWNER app');
as($node, 'cbuild', 'app', "CREATE EXTENSION uuidx; $table_sql");
$node->command_ok([ 'pg_dump', '-Fc', '-d', $node->connstr('cbuild'), '-f', "$work/c.dump" ], 'pg_dump of a C-build database');
my $c_rows = $node->safe_psql('cbuild', 'SELECT count(*) || \' \' || max(id::text) FROM events');

$tle->safe_psql('postgres', 'CREATE DATABASE from_c; CREATE DATABASE from_c_plain OWNER app;');
$tle->stop;
$tle->{_install_path} = $ENV{UUIDX_PGTLE_INSTALL};
$tle->start;
$tle->safe_psql('from_c', 'CREATE EXTENSION pg_tle; GRANT pgtle_admin TO tle_admin;');
run_file($tle, 'from_c', 'tle_admin', "$scripts/uuidx-pgtle.sql");
($restore_rc, $restore_out, $restore_err) = run_log_capture([ 'pg_restore', '--exit-on-error', '-d', $tle->connstr('from_c'), "$work/c.dump" ]);
is($restore_rc ? $restore_err : $tle->safe_psql('from_c', 'SELECT count(*) || \' \' || max(id::text) FROM events'), $c_rows,
	'a dump of the C build restores where uuidx is the pg_tle extension');
# With the plain script: installed first into the dump's schema, then the dump without its
# CREATE EXTENSION (pg_restore -L, the list without that entry).
run_file($tle, 'from_c_plain', 'app', "$scripts/uuidx-sql.sql", 'schema=public');
my $list = `pg_restore -l "$work/c.dump"`;
$list =~ s/^.*EXTENSION (- )?uuidx\b.*$//mg;    # the extension and its comment
PostgreSQL::Test::Utils::append_to_file("$work/c.list", $list);
($restore_rc, $restore_out, $restore_err) =
  run_log_capture([ 'pg_restore', '--exit-on-error', '-U', 'app', '-L', "$work/c.list", '-d', $tle->connstr('from_c_plain'), "$work/c.dump" ]);
is($restore_rc ? $restore_err : $tle->safe_psql('from_c_plain', 'SELECT count(*) || \' \' || max(id::text) FROM events'), $c_rows,
	'a dump of the C build restores into the plain SQL edition (pg_restore -L without the extension)');
($rc2, $out, $err2) = as($tle, 'from_c_plain', 'app', 'INSERT INTO events (tag) VALUES (uuid_generate_v7())');
ok($rc2 != 0 && $err2 =~ /uuid_v4/, 'the restored domains check values with the SQL edition');

sub run_log_capture {
	my ($cmd) = @_;
	my ($stdout, $stderr);
	my $rc = IPC::Run::run($cmd, '>', \$stdout, '2>', \$stderr) ? 0 : 1;
	return ($rc, $stdout, $stderr);
}

$tle->stop;
$node->stop;

# ---------------------------------------------------------------- 6. from the released 1.2-sql
# The released 1.2 SQL edition, updated in place to this one (the plain script run again, pg_tle's
# update path), then moved to the C build; and 1.2-sql moved to the C build directly. Every
# function the older one made keeps its OID, every domain stays, the table keeps its file.
sub edition_oids {
	my ($node, $db, $schema) = @_;
	return $node->safe_psql($db, qq{SELECT string_agg(oid::text, ' ' ORDER BY oid) FROM (
		SELECT oid FROM pg_proc WHERE pronamespace = '$schema'::regnamespace UNION ALL
		SELECT oid FROM pg_type WHERE typnamespace = '$schema'::regnamespace AND typtype = 'd') o});
}
sub check_updated {
	my ($node, $db, $schema, $oids, $before, $what) = @_;
	my %after = map { $_ => 1 } split / /, edition_oids($node, $db, $schema);
	my @lost = grep { !$after{$_} } split / /, $oids;
	note "$what: OIDs of 1.2-sql's functions and domains: " . scalar(split / /, $oids) . ", of these after: "
	  . (scalar(split / /, $oids) - @lost) . "; relfilenode before and after: " . (split /\|/, $before)[0] . ' ' . (split /\|/, state($node, $db, $schema))[0];
	is(scalar(@lost), 0, "$what: every function and domain of 1.2-sql keeps its OID");
	my ($file, $rows, $max) = split /\|/, $before;
	is(join('|', (split /\|/, state($node, $db, $schema))[0, 1]), "$file|$rows", "$what: the table keeps its rows and its file");
	is( $node->safe_psql($db, qq{SELECT to_regprocedure('$schema.uuidx_sql_v7_read_only()') IS NOT NULL
		AND (SELECT proparallel FROM pg_proc WHERE oid = '$schema.uuid_generate_v1()'::regprocedure) = 'u'}),
		't', "$what: the functions are this version's (its READ ONLY v7, its labels)");
	is( $node->safe_psql($db, qq{INSERT INTO $schema.events (n) VALUES (0) RETURNING id > '$max'::uuid}, extra_params => [ '-U', 'app' ]),
		't', "$what: a new key goes above the old ones");
}
$node->start;
$node->safe_psql('postgres', 'CREATE DATABASE upd OWNER app; CREATE DATABASE upd12 OWNER app;');
for my $db ('upd', 'upd12') {
	$node->safe_psql($db, 'CREATE SCHEMA ux AUTHORIZATION app');
	($rc, $err) = run_file($node, $db, 'app', "$scripts/uuidx-1.2.0-sql.sql", 'schema=ux');
	is($rc, 0, "$db: the released 1.2 psql script installs") or diag $err;
	as($node, $db, 'app', "SET search_path = ux; $table_sql");
}
my $oids = edition_oids($node, 'upd', 'ux');
$before = state($node, 'upd', 'ux');
($rc, $err) = run_file($node, 'upd', 'app', "$scripts/uuidx-sql.sql", 'schema=ux');
is($rc, 0, 'plain script: this version\'s script runs again over 1.2-sql') or diag $err;
check_updated($node, 'upd', 'ux', $oids, $before, 'plain script, 1.2-sql to this version');
$before = state($node, 'upd', 'ux');
($rc2, $out, $err2) = as($node, 'upd', 'app', "CREATE EXTENSION uuidx SCHEMA ux VERSION '$ver-sql'; ALTER EXTENSION uuidx UPDATE");
is($rc2, 0, 'plain script, updated: CREATE EXTENSION VERSION \'V-sql\' and ALTER EXTENSION UPDATE move it to the C build') or diag $err2;
check_moved_to_c($node, 'upd', 'ux', $before, 'updated plain script to the C build');
$before = state($node, 'upd12', 'ux');
($rc2, $out, $err2) = as($node, 'upd12', 'app', "CREATE EXTENSION uuidx SCHEMA ux VERSION '1.2-sql'; ALTER EXTENSION uuidx UPDATE");
is($rc2, 0, 'the released 1.2-sql: CREATE EXTENSION VERSION \'1.2-sql\' and ALTER EXTENSION UPDATE move it to the C build') or diag $err2;
check_moved_to_c($node, 'upd12', 'ux', $before, 'released 1.2-sql to the C build');

# Adoption only by the owner: another role with CREATE on the database is refused and changes
# nothing; the owner's own CREATE EXTENSION then succeeds (the control).
$node->safe_psql('postgres', 'CREATE ROLE intruder LOGIN; CREATE DATABASE adopt OWNER app; GRANT CREATE ON DATABASE adopt TO intruder;');
$node->safe_psql('adopt', 'CREATE SCHEMA ux AUTHORIZATION app');
run_file($node, 'adopt', 'app', "$scripts/uuidx-sql.sql", 'schema=ux');
as($node, 'adopt', 'app', "SET search_path = ux; $table_sql");
# Operators of exact types in the schema, which a comparison that names no schema would call, as
# the bootstrap superuser while the adoption runs.
as($node, 'adopt', 'app', q{
	CREATE FUNCTION ux.planted(oid, oid) RETURNS boolean LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'planted operator ran as %', current_user; END $$;
	CREATE FUNCTION ux.planted_r(oid, regclass) RETURNS boolean LANGUAGE sql AS $$ SELECT ux.planted($1, $2) $$;
	CREATE OPERATOR ux.= (LEFTARG = oid, RIGHTARG = regclass, FUNCTION = ux.planted_r);
	CREATE FUNCTION ux.planted_t(oid, regtype) RETURNS boolean LANGUAGE sql AS $$ SELECT ux.planted($1, $2) $$;
	CREATE OPERATOR ux.= (LEFTARG = oid, RIGHTARG = regtype, FUNCTION = ux.planted_t);});
($rc2, $out, $err2) = as($node, 'adopt', 'app', q{SET search_path = ux; SELECT 1::oid = 'pg_class'::regclass});
ok($rc2 != 0 && $err2 =~ /planted operator ran/, 'control: in that schema an unqualified oid = regclass runs the planted operator');
for my $v ("$ver-sql", '1.2-sql') {
	($rc2, $out, $err2) = as($node, 'adopt', 'intruder', "CREATE EXTENSION uuidx SCHEMA ux VERSION '$v'");
	note "intruder, VERSION '$v': $err2";
	ok($rc2 != 0 && $err2 =~ /permission denied to adopt/ && $err2 =~ /does not have the privileges of the owner of/,
		"VERSION '$v' run by another role with CREATE on the database: refused (42501)");
}
is( $node->safe_psql('adopt', q{SELECT (SELECT count(*) FROM pg_extension WHERE extname = 'uuidx') || ' '
		|| format_type(atttypid, NULL) || ' ' || (SELECT count(*) FROM ux.events) FROM pg_attribute WHERE attrelid = 'ux.events'::regclass AND attname = 'id'}),
	'0 ux.uuid_v7 1000', 'after the refusals: no extension, the owner\'s key column and its rows as they were');
($rc, $err) = run_file($node, 'adopt', 'app', "$scripts/uuidx-sql.sql", 'schema=ux');
is($rc, 0, 'the plain script runs again beside the planted operators, none of them called') or diag $err;
($rc2, $out, $err2) = as($node, 'adopt', 'app', "CREATE EXTENSION uuidx SCHEMA ux VERSION '$ver-sql'");
is($rc2, 0, 'control: the owner adopts the same objects, the planted operators beside them not called') or diag $err2;
($rc, $err) = run_file($node, 'adopt', 'app', "$scripts/uuidx-sql.sql", q{schema=u'x});
ok($rc != 0 && $err =~ /invalid schema name for the uuidx SQL edition/, 'the plain script refuses a schema name with a quote (it would be SQL in the script)');
$node->stop;

# pg_tle: 1.2-sql registered and created, then this version's pg_tle script and ALTER EXTENSION.
$tle->start;
$tle->safe_psql('postgres', 'CREATE DATABASE tleupd OWNER app');
$tle->safe_psql('tleupd', 'CREATE EXTENSION pg_tle; GRANT pgtle_admin TO tle_admin;');
($rc, $err) = run_file($tle, 'tleupd', 'tle_admin', "$scripts/uuidx-1.2.0-pgtle.sql");
is($rc, 0, 'pg_tle: the released 1.2 registration') or diag $err;
as($tle, 'tleupd', 'app', "CREATE EXTENSION pgcrypto; CREATE EXTENSION uuidx; $table_sql");
$oids = edition_oids($tle, 'tleupd', 'public');
$before = state($tle, 'tleupd', 'public');
($rc, $err) = run_file($tle, 'tleupd', 'tle_admin', "$scripts/uuidx-pgtle.sql");
is($rc, 0, 'pg_tle: this version\'s script over the 1.2-sql registration') or diag $err;
note $err;
($rc2, $out, $err2) = as($tle, 'tleupd', 'app', "ALTER EXTENSION uuidx UPDATE TO '$ver-sql'; SELECT extversion FROM pg_extension WHERE extname = 'uuidx'");
is($out, "$ver-sql", 'pg_tle: ALTER EXTENSION uuidx UPDATE takes 1.2-sql to this version') or diag $err2;
check_updated($tle, 'tleupd', 'public', $oids, $before, 'pg_tle, 1.2-sql to this version');
# Where uuidx is not created, the script makes this version the default.
$tle->safe_psql('postgres', 'CREATE DATABASE tlenew OWNER app');
$tle->safe_psql('tlenew', 'CREATE EXTENSION pg_tle; GRANT pgtle_admin TO tle_admin;');
run_file($tle, 'tlenew', 'tle_admin', "$scripts/uuidx-1.2.0-pgtle.sql");
run_file($tle, 'tlenew', 'tle_admin', "$scripts/uuidx-pgtle.sql");
($rc2, $out, $err2) = as($tle, 'tlenew', 'app', "CREATE EXTENSION uuidx; SELECT extversion FROM pg_extension WHERE extname = 'uuidx'");
is($out, "$ver-sql", 'pg_tle: a new CREATE EXTENSION gets this version') or diag $err2;
$before = state($tle, 'tleupd', 'public');
$tle->stop;
$tle->{_install_path} = $ENV{UUIDX_PGTLE_C_INSTALL};
$tle->start;
($rc2, $out, $err2) = as($tle, 'tleupd', 'app', 'ALTER EXTENSION uuidx UPDATE');
is($rc2, 0, 'pg_tle, updated: ALTER EXTENSION UPDATE moves it to the C build') or diag $err2;
check_moved_to_c($tle, 'tleupd', 'public', $before, 'updated pg_tle extension to the C build');
$tle->stop;
$tle->{_install_path} = $ENV{UUIDX_PGTLE_INSTALL};

# ---------------------------------------------------------------- 5. docs/managed.md's pg_tle steps
# Its two blocks as written (25_readme_sql checks that this file holds them), run by bash on a new
# server with pg_tle and without uuidx: the preload, a restart, the steps of each database; the
# administrator a superuser, the rest the database's owner.
my $doc_preload = <<'SH';
psql "$ADMIN_URL" -c "ALTER SYSTEM SET shared_preload_libraries = 'pg_tle'"
SH
my $doc_database = <<'SH';
psql "$ADMIN_URL" -c "CREATE EXTENSION IF NOT EXISTS pg_tle"          # the administrator
psql "$ADMIN_URL" -c "GRANT pgtle_admin TO CURRENT_USER"              # or TO the role that registers
psql "$ADMIN_URL" -f build/sql-edition/uuidx-pgtle.sql                # a member of pgtle_admin
psql "$DATABASE_URL" -c "CREATE EXTENSION IF NOT EXISTS pgcrypto"     # for v5 and the hashes core lacks
psql "$DATABASE_URL" -c "CREATE EXTENSION uuidx"                      # any role with CREATE
SH
my $doc = PostgreSQL::Test::Cluster->new('doc', install_path => $ENV{UUIDX_PGTLE_INSTALL});
$doc->init;
$doc->start;
$doc->safe_psql('postgres', 'CREATE ROLE app LOGIN; CREATE DATABASE app OWNER app;');
mkdir "$work/doc";
mkdir "$work/doc/build";
symlink $scripts, "$work/doc/build/sql-edition";
sub run_doc {
	local $ENV{ADMIN_URL}    = $doc->connstr('app');
	local $ENV{DATABASE_URL} = $doc->connstr('app') . ' user=app';
	local $ENV{PATH}         = "$ENV{UUIDX_PGTLE_INSTALL}/bin:$ENV{PATH}";
	return run_log_capture([ 'bash', '-e', '-c', "cd '$work/doc'\n$_[0]" ]);
}
my ($doc_rc, $doc_out, $doc_err) = run_doc((split /\n/, $doc_database)[0]);
ok($doc_rc && $doc_err =~ /must be loaded via shared_preload_libraries/, 'docs/managed.md: without the preload, CREATE EXTENSION pg_tle fails');
note $doc_err;
($doc_rc, $doc_out, $doc_err) = run_doc($doc_preload);
is($doc_rc, 0, 'docs/managed.md: its preload step runs as written') or diag $doc_err;
$doc->restart;
($doc_rc, $doc_out, $doc_err) = run_doc($doc_database);
ok(!$doc_rc && $doc_err !~ /ERROR/, 'docs/managed.md: its steps of each database run as written') or diag $doc_err;
like($doc->safe_psql('app', q{SELECT extversion FROM pg_extension WHERE extname = 'uuidx'}),
	qr/^[0-9]+\.[0-9]+-sql$/, 'docs/managed.md: they leave the SQL edition created as the pg_tle extension uuidx');
is( $doc->safe_psql('app', q{SELECT uuid_generate_v5(uuid_ns_dns(), 'www.example.com')}, extra_params => [ '-U', 'app' ]),
	'2ed6657d-e927-568b-95e1-2665a8aea6a2', 'docs/managed.md: and pgcrypto, for v5');
$doc->stop;
done_testing();
