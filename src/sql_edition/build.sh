#!/usr/bin/env bash
# build.sh: assembles the SQL edition of uuidx from the C build's install script (made by make from
# src/uuidx.sql), the one source of every name, signature, attribute, comment, domain and
# aggregate, and of the PL/pgSQL both editions share (uuid_v7_partitions). Each `LANGUAGE C`
# declaration there is replaced by the definition with the same first line in
# src/sql_edition/*.sql, with the C declaration's attributes (volatility, strictness, parallel
# safety) appended to its LANGUAGE line, except where that line states the edition's own parallel
# label: a body that sets a setting, calls nextval or runs statements is PARALLEL UNSAFE whatever
# the C function is. A `COMMENT ON` there with the first line of the C script's replaces it (the
# edition says where it differs). The edition's own helpers come first, and after.sql (what
# depends on the server's major) last.
#   build.sh C_SCRIPT              the edition's script, with @extschema@ as an extension's has it
#   build.sh C_SCRIPT psql         a script for `psql -v schema=NAME -f`: installs into that schema
#                                  (default uuidx) as any user with CREATE there, in one transaction;
#                                  run again over an installed edition (this or an earlier
#                                  version), it updates it in place, every OID kept
#   build.sh C_SCRIPT pgtle        a script registering it with pg_tle as the extension uuidx,
#                                  version V-sql (V: the C script's), with an update path from each
#                                  earlier -sql version registered there (ALTER EXTENSION uuidx
#                                  UPDATE TO 'V-sql' where uuidx is created)
# and the C build's two steps from it (docs/managed.md, "Moving to the C build"):
#   build.sh C_SCRIPT adopt        uuidx--V-sql.sql: CREATE EXTENSION uuidx VERSION 'V-sql' makes
#                                  the edition's objects, as a restored dump has them, the
#                                  extension's, if the role that runs it owns them all (42501 if not)
#   build.sh C_SCRIPT to-c         uuidx--V-sql--V.sql: ALTER EXTENSION uuidx UPDATE replaces each
#                                  function by the C build's, keeping its OID (so every domain,
#                                  default and view that calls it), and drops the edition's helpers
# It fails, naming it, on a C function without a SQL definition or a definition for none.
set -euo pipefail
here=$(dirname "$0")
c_script=$1 form=${2:-script}

# Statements: a chunk starts at a line beginning "CREATE " or "COMMENT ON " (bodies are indented),
# with the comment lines just above it. Each is printed as one record, separated by NUL.
chunks() {
  awk '
    /^\\echo/ { next }
    /^(CREATE |COMMENT ON )/ { if (body != "") printf "%s%c", body, 0; body = lead $0 "\n"; lead = ""; next }
    /^--/ || /^$/ { lead = lead $0 "\n"; next }
    { body = body lead $0 "\n"; lead = "" }
    END { if (body != "") printf "%s%c", body, 0; if (lead != "") printf "%s%c", lead, 0 }' "$@"
}

edition() {
  local -A sql_def=()
  local helpers="" chunk header first
  # The edition's files: their definitions by first line; anything else (private helpers)
  # comes first, in file order.
  while IFS= read -r -d '' chunk; do
    first=$(grep -m1 -E '^(CREATE |COMMENT ON )' <<<"$chunk" || true)
    if [[ $first == "CREATE FUNCTION "* || $first == "COMMENT ON "* ]] && grep -qF -x "$first" "$c_script"; then
      [ -z "${sql_def[$first]:-}" ] || { echo "build.sh: two SQL definitions of: $first" >&2; exit 1; }
      sql_def[$first]=$chunk
    else
      helpers+=$chunk
    fi
  done < <(chunks "$here"/digest.sql "$here"/inspect.sql "$here"/namebased.sql "$here"/encode.sql \
             "$here"/facade.sql "$here"/generate.sql "$here"/checks.sql "$here"/typeid.sql "$here"/rekey.sql)
  # A SQL function's body is checked when it is first called, not here: some call functions
  # defined further down, in the C build's order. (An extension's script, and the plain
  # script's transaction, end the setting with them.)
  printf '%s\n' 'SET LOCAL check_function_bodies = off;'
  printf '%s' "$helpers"
  local used=0
  while IFS= read -r -d '' chunk; do
    if ! grep -q "'MODULE_PATHNAME'" <<<"$chunk"; then
      header=$(grep -m1 -E '^(CREATE |COMMENT ON )' <<<"$chunk" || true)
      if [[ $header == "COMMENT ON "* && -n "${sql_def[$header]:-}" ]]; then
        printf '%s' "${sql_def[$header]}"
        used=$((used + 1))
      else
        printf '%s' "$chunk"
      fi
      continue
    fi
    header=$(grep -m1 '^CREATE FUNCTION ' <<<"$chunk")
    [ -n "${sql_def[$header]:-}" ] || { echo "build.sh: no SQL definition of: $header" >&2; exit 1; }
    attrs=$(sed -nE "s/.*LANGUAGE C (.*);$/\1/p" <<<"$chunk")
    own=$(sed -n '/^CREATE FUNCTION /,$p' <<<"${sql_def[$header]}" | sed -nE '2s/^  LANGUAGE (sql|plpgsql) (PARALLEL (SAFE|RESTRICTED|UNSAFE))$/\2/p')
    [ -z "$own" ] || attrs=$(sed -E "s/PARALLEL [A-Z]+/$own/" <<<"$attrs")
    # The C chunk's own comment lines, then the SQL definition with the C attributes.
    sed -n '/^CREATE FUNCTION /q;p' <<<"$chunk"
    sed -n '/^CREATE FUNCTION /,$p' <<<"${sql_def[$header]}" |
      sed -E "2s/^  LANGUAGE (sql|plpgsql)( PARALLEL (SAFE|RESTRICTED|UNSAFE))?\$/  LANGUAGE \1 $attrs/" |
      awk 'NR == 2 && !/ LANGUAGE (sql|plpgsql) [A-Z]/ { exit 3 } 1' ||
      { echo "build.sh: line 2 must be \"  LANGUAGE sql\" or \"  LANGUAGE plpgsql\", then at most the edition's own PARALLEL label: $header" >&2; exit 1; }
    used=$((used + 1))
  done < <(chunks "$c_script")
  [ "$used" = "${#sql_def[@]}" ] || { echo "build.sh: a SQL definition matches no C function" >&2; exit 1; }
  cat "$here/after.sql"
}

version=$(sed -nE 's/^-- uuidx ([0-9.]+):.*/\1/p' "$c_script" | head -n 1)
# "CREATE FUNCTION x.f(a t DEFAULT d) RETURNS r" -> "FUNCTION x.f(a t)", as DROP and ALTER EXTENSION take it.
object_of() { sed -nE 's/^CREATE (FUNCTION|DOMAIN|AGGREGATE|SEQUENCE) ([^ (]+(\([^)]*\))?).*/\1 \2/p' | sed -E "s/ DEFAULT ('[^']*'|[^,)]*)//g"; }
# The script made runnable again over what it installed: functions and aggregates replaced in
# place (their OIDs kept, and so every default, domain and view that calls them), a domain or
# sequence created only where none is, and refused (42501) where one the running role has not the
# privileges of its owner on stands in its place, or (42710) where it would join an extension of this
# schema it is not a member of. CREATE OR REPLACE refuses another role's function itself. Every
# operator is named in pg_catalog: an exact match in a schema on the path would win otherwise.
rerunnable() {
  awk '
    /^CREATE (FUNCTION|AGGREGATE) / { sub(/^CREATE /, "CREATE OR REPLACE ") }
    /^CREATE (DOMAIN|SEQUENCE) [^ ]+ .*;$/ {
      kind = $2; name = $3; sub(/;$/, "", $0); nsp = name; sub(/\.[^.]*$/, "", nsp)
      q = "'\''"; eq = " OPERATOR(pg_catalog.=) "
      if (kind == "DOMAIN") { reg = "to_regtype"; owner = "SELECT typowner FROM pg_catalog.pg_type WHERE oid" eq "obj" }
      else { reg = "to_regclass"; owner = "SELECT relowner FROM pg_catalog.pg_class WHERE oid" eq "obj" }
      printf "DO $uuidx_once$\nDECLARE\n  obj oid := pg_catalog.%s(%s%s%s)::pg_catalog.oid;\nBEGIN\n", reg, q, name, q
      printf "  IF obj IS NULL THEN\n    %s;\n", $0
      printf "  ELSIF NOT pg_catalog.pg_has_role((%s), %sUSAGE%s) THEN\n", owner, q, q
      printf "    RAISE EXCEPTION %s%s %s belongs to role %%, not to this one%s, (%s)::pg_catalog.regrole USING ERRCODE = %sinsufficient_privilege%s;\n", q, tolower(kind), name, q, owner, q, q
      printf "  ELSIF EXISTS (SELECT FROM pg_catalog.pg_extension e WHERE e.extname%s%suuidx%s AND e.extnamespace%spg_catalog.to_regnamespace(%s%s%s)::pg_catalog.oid)\n", eq, q, q, eq, q, nsp, q
      printf "        AND NOT EXISTS (SELECT FROM pg_catalog.pg_depend d WHERE d.objid%sobj AND d.deptype%s%se%s) THEN\n", eq, eq, q, q
      printf "    RAISE EXCEPTION %s%s %s exists and is not a member of extension uuidx%s USING ERRCODE = %sduplicate_object%s;\n", q, tolower(kind), name, q, q, q
      printf "  END IF;\nEND\n$uuidx_once$;\n"
      next
    }
    { print }'
}
# After the objects are added: the extension's owner (the role that ran CREATE EXTENSION) has the
# privileges of the owner of every member; else nothing is adopted (42501). The script runs as the
# bootstrap superuser: every operator is named in pg_catalog, none found through the schema.
adopt_owner_check() {
  cat <<'CHECK'
DO $uuidx_adopt_owner$
DECLARE
  ext pg_catalog.pg_extension%ROWTYPE;
  foreign_owned text[];
BEGIN
  SELECT * INTO ext FROM pg_catalog.pg_extension WHERE extname OPERATOR(pg_catalog.=) 'uuidx';
  SELECT pg_catalog.array_agg(pg_catalog.format('%s (owner %s)', pg_catalog.pg_describe_object(d.classid, d.objid, 0),
                                                o.owner::pg_catalog.regrole) ORDER BY d.objid)
    INTO foreign_owned
  FROM pg_catalog.pg_depend d,
       LATERAL (SELECT proowner FROM pg_catalog.pg_proc
                WHERE d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass::pg_catalog.oid AND oid OPERATOR(pg_catalog.=) d.objid
                UNION ALL SELECT typowner FROM pg_catalog.pg_type
                WHERE d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_type'::pg_catalog.regclass::pg_catalog.oid AND oid OPERATOR(pg_catalog.=) d.objid
                UNION ALL SELECT relowner FROM pg_catalog.pg_class
                WHERE d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_class'::pg_catalog.regclass::pg_catalog.oid AND oid OPERATOR(pg_catalog.=) d.objid) o(owner)
  WHERE d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_extension'::pg_catalog.regclass::pg_catalog.oid
    AND d.refobjid OPERATOR(pg_catalog.=) ext.oid AND d.deptype OPERATOR(pg_catalog.=) 'e'
    AND NOT pg_catalog.pg_has_role(ext.extowner, o.owner, 'USAGE');
  IF foreign_owned IS NOT NULL THEN
    RAISE EXCEPTION 'permission denied to adopt the uuidx SQL edition of schema @extschema@'
      USING ERRCODE = 'insufficient_privilege',
            DETAIL = pg_catalog.format('Role %s does not have the privileges of the owner of %s of its objects, such as %s.', ext.extowner::pg_catalog.regrole,
                                       pg_catalog.cardinality(foreign_owned), pg_catalog.array_to_string(foreign_owned[1:2], ' and ')),
            HINT = 'Run CREATE EXTENSION as the role that installed the SQL edition there.';
  END IF;
END
$uuidx_adopt_owner$;
CHECK
}
# After the move to C: its C functions belong to the role that runs the script (the bootstrap
# superuser, for a trusted extension), as after CREATE EXTENSION; CREATE OR REPLACE kept the SQL
# edition's owner, who could otherwise redeclare one (CALLED ON NULL INPUT) and crash the server.
to_c_owner() {
  cat <<'OWNER'
DO $uuidx_c_owner$
DECLARE
  f pg_catalog.regprocedure;
BEGIN
  FOR f IN SELECT p.oid FROM pg_catalog.pg_depend d
             JOIN pg_catalog.pg_proc p ON p.oid OPERATOR(pg_catalog.=) d.objid
             JOIN pg_catalog.pg_extension e ON e.oid OPERATOR(pg_catalog.=) d.refobjid
           WHERE e.extname OPERATOR(pg_catalog.=) 'uuidx' AND d.deptype OPERATOR(pg_catalog.=) 'e'
             AND d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass::pg_catalog.oid
             AND p.prolang OPERATOR(pg_catalog.=) (SELECT l.oid FROM pg_catalog.pg_language l WHERE l.lanname OPERATOR(pg_catalog.=) 'c')
  LOOP
    EXECUTE pg_catalog.format('ALTER FUNCTION %s OWNER TO CURRENT_USER', f);
  END LOOP;
END
$uuidx_c_owner$;
OWNER
}
case $form in
  adopt)
    cat <<HEAD
-- uuidx $version-sql: the SQL edition's objects, already in this schema (a restored dump of a database
-- where psql installed uuidx-sql.sql), made this extension's, as they are, if the role that runs
-- CREATE EXTENSION owns them. Then ALTER EXTENSION uuidx UPDATE moves them to the C build
-- (uuidx--$version-sql--$version.sql).
\echo Use "CREATE EXTENSION uuidx VERSION '$version-sql'" to load this file. \quit
DO \$uuidx_adopt\$
BEGIN
  IF pg_catalog.to_regprocedure('@extschema@.uuidx_sql_digest(bytea, text)') IS NULL THEN
    RAISE EXCEPTION 'schema @extschema@ holds no uuidx SQL edition to adopt'
      USING ERRCODE = 'undefined_object',
            HINT = 'CREATE EXTENSION uuidx SCHEMA name VERSION ''$version-sql'' names the schema the SQL edition was installed in; a new database takes CREATE EXTENSION uuidx.';
  END IF;
END
\$uuidx_adopt\$;
HEAD
    edition | object_of | sed 's/^/ALTER EXTENSION uuidx ADD /; s/$/;/'
    adopt_owner_check
    exit ;;
  to-c)
    cat <<HEAD
-- uuidx $version-sql to $version: the SQL edition's functions become the C build's. CREATE OR REPLACE
-- keeps each function's OID, so the domains, column defaults and views that call it now call
-- the C function, and no table is rewritten.
\echo Use "ALTER EXTENSION uuidx UPDATE TO '$version'" to load this file. \quit
HEAD
    chunks "$c_script" |
      while IFS= read -r -d '' chunk; do
        if grep -q "'MODULE_PATHNAME'" <<<"$chunk"; then
          sed -n '/^CREATE FUNCTION /,$p' <<<"$chunk" | sed '1s/^CREATE FUNCTION /CREATE OR REPLACE FUNCTION /'
        fi
      done
    edition | grep -E '^CREATE (FUNCTION|SEQUENCE) @extschema@\.uuidx_sql_' | object_of | sed 's/^/DROP /; s/$/;/'
    to_c_owner
    exit ;;
esac
script=$(edition | rerunnable)
case $form in
  script) printf '%s\n' "$script" ;;
  psql)
    cat <<HEAD
-- uuidx $version, SQL edition: RFC 9562 UUIDs in SQL and PL/pgSQL only, for servers where no C
-- extension can be installed. Install: psql -v schema=NAME -f uuidx-sql.sql (default schema uuidx).
-- Every object is created in that schema, in one transaction, as the user who runs it. Run again
-- over an earlier version's install in that schema, it updates it in place.
\\set ON_ERROR_STOP on
\\if :{?schema}
\\else
\\set schema uuidx
\\endif
BEGIN;
-- Nothing below is looked up through the caller's search_path (an operator of an exact match
-- there would win over pg_catalog's).
SET LOCAL search_path = pg_catalog, pg_temp;
SELECT pg_catalog.set_config('uuidx_sql.install_schema', :'schema', true) IS NOT NULL AS installing;
DO \$uuidx_install\$
DECLARE
  target name := pg_catalog.current_setting('uuidx_sql.install_schema');
BEGIN
  -- The name goes into the script's text, string literals included (as @extschema@ in an
  -- extension's script, which PostgreSQL refuses for these characters).
  IF target OPERATOR(pg_catalog.~) '[''\$\\\\"]' THEN
    RAISE EXCEPTION 'invalid schema name for the uuidx SQL edition: "%"', target
      USING ERRCODE = 'invalid_schema_name', DETAIL = 'It must not contain a quote, a double quote, a dollar sign or a backslash.';
  END IF;
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_namespace WHERE nspname OPERATOR(pg_catalog.=) target) THEN
    EXECUTE pg_catalog.format('CREATE SCHEMA %I', target);
  END IF;
  EXECUTE pg_catalog.replace(\$uuidx_script\$
HEAD
    printf '%s\n' "$script"
    cat <<'TAIL'
$uuidx_script$, '@extschema@', pg_catalog.quote_ident(target));
END
$uuidx_install$;
COMMIT;
TAIL
    ;;
  pgtle)
    # One script for a new registration, for this version beside earlier ones, and for the update
    # from each earlier -sql version: it is run again over what it installed.
    cat <<HEAD
-- uuidx $version, SQL edition, as a pg_tle extension: run by a member of pgtle_admin. Where pg_tle
-- has no uuidx yet it registers version $version-sql; where it has an earlier -sql version it adds
-- this one, an update path from each earlier one, and makes it the default (then ALTER EXTENSION
-- uuidx UPDATE in each database that has it). Then CREATE EXTENSION uuidx in each database that wants it.
\\set ON_ERROR_STOP on
BEGIN;
SET LOCAL search_path = pg_catalog, pg_temp;
DO \$uuidx_pgtle\$
DECLARE
  script text := \$uuidx_script\$
HEAD
    printf '%s\n' "$script"
    cat <<TAIL
\$uuidx_script\$;
  earlier text;
BEGIN
  IF NOT EXISTS (SELECT FROM pgtle.available_extensions() WHERE name OPERATOR(pg_catalog.=) 'uuidx') THEN
    PERFORM pgtle.install_extension('uuidx', '$version-sql',
      'RFC 9562 UUIDs (uuidx SQL edition): every version, v1/v6 conversion, field inspection, monotonic v7', script);
    RETURN;
  END IF;
  IF NOT EXISTS (SELECT FROM pgtle.available_extension_versions()
                 WHERE name OPERATOR(pg_catalog.=) 'uuidx' AND version OPERATOR(pg_catalog.=) '$version-sql') THEN
    PERFORM pgtle.install_extension_version_sql('uuidx', '$version-sql', script);
  ELSE
    RAISE NOTICE 'pg_tle already has uuidx $version-sql: its script is kept as registered';
  END IF;
  FOR earlier IN SELECT version FROM pgtle.available_extension_versions()
                 WHERE name OPERATOR(pg_catalog.=) 'uuidx' AND version OPERATOR(pg_catalog.~) '^[0-9]+(\\.[0-9]+)*-sql\$'
                   AND pg_catalog.string_to_array(pg_catalog.split_part(version, '-', 1), '.')::int[]
                       OPERATOR(pg_catalog.<) '{${version//./,}}'::int[] LOOP
    PERFORM pgtle.uninstall_update_path_if_exists('uuidx', earlier, '$version-sql');
    PERFORM pgtle.install_update_path('uuidx', earlier, '$version-sql', script);
  END LOOP;
  -- The default moves up, never down (an older release's script run after a newer one's); and
  -- not where uuidx is created in this database: there pg_tle's set_default_version (1.5.3) reads
  -- memory it has freed (its control, after SPI_finish), which crashes a server built with
  -- assertions. ALTER EXTENSION uuidx UPDATE TO names the version instead.
  IF EXISTS (SELECT FROM pg_catalog.pg_extension WHERE extname OPERATOR(pg_catalog.=) 'uuidx') THEN
    RAISE NOTICE 'uuidx is created in this database: ALTER EXTENSION uuidx UPDATE TO ''$version-sql'' updates it; the default version pg_tle gives a new CREATE EXTENSION here stays as it was';
  ELSIF (SELECT pg_catalog.string_to_array(pg_catalog.split_part(default_version, '-', 1), '.')::int[]
         FROM pgtle.available_extensions() WHERE name OPERATOR(pg_catalog.=) 'uuidx') OPERATOR(pg_catalog.<) '{${version//./,}}'::int[] THEN
    PERFORM pgtle.set_default_version('uuidx', '$version-sql');
  END IF;
END
\$uuidx_pgtle\$;
COMMIT;
TAIL
    ;;
  *) echo "build.sh: unknown form $form (script, psql or pgtle)" >&2; exit 2 ;;
esac
