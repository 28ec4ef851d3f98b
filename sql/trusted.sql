-- Installation by a non-superuser: uuidx is a trusted extension, so a role with CREATE on the
-- database can install it (as with uuid-ossp and pgcrypto); a role without cannot.
SELECT current_database() AS regress_db \gset
SET client_min_messages = warning;
DROP DATABASE IF EXISTS regression_uuidx_trusted;
DROP ROLE IF EXISTS regress_uuidx_owner;
DROP ROLE IF EXISTS regress_uuidx_nobody;
DROP ROLE IF EXISTS regress_uuidx_other;
RESET client_min_messages;
CREATE DATABASE regression_uuidx_trusted;
CREATE ROLE regress_uuidx_owner;
CREATE ROLE regress_uuidx_nobody;
GRANT CREATE ON DATABASE regression_uuidx_trusted TO regress_uuidx_owner;
\c regression_uuidx_trusted
SET timezone = 'UTC';

SELECT name, version, superuser, trusted, relocatable FROM pg_available_extension_versions WHERE name = 'uuidx'
ORDER BY version COLLATE "C";
CREATE SCHEMA app AUTHORIZATION regress_uuidx_owner;
GRANT USAGE ON SCHEMA app TO regress_uuidx_nobody;

\i sql/include/err.psql

-- No CREATE on the database: refused.
SET ROLE regress_uuidx_nobody;
SELECT current_user, pg_temp.err('CREATE EXTENSION uuidx SCHEMA app') AS without_create_privilege;
RESET ROLE;

-- With CREATE on the database, and without being a superuser: installed.
SET ROLE regress_uuidx_owner;
SELECT current_user, rolsuper FROM pg_roles WHERE rolname = current_user;
CREATE EXTENSION uuidx SCHEMA app;
SELECT extname, extowner::regrole AS owner, extnamespace::regnamespace AS schema FROM pg_extension WHERE extname = 'uuidx';
-- Its C functions belong to the bootstrap superuser, not to the installing role.
SELECT count(*) AS functions, count(*) FILTER (WHERE p.proowner = 10) AS owned_by_bootstrap_superuser
FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuidx');
-- And they work for the role.
SELECT app.uuid_extract_version(app.uuid_generate_v7()) AS v7, app.uuid_generate_v5(app.uuid_ns_dns(), 'www.example.com') AS a4,
       app.uuid_extract_version(app.uuidv7()) AS pg18_name;
-- Another role can use them too (EXECUTE is granted to PUBLIC).
SET ROLE regress_uuidx_nobody;
SELECT app.uuid_extract_version(app.uuid_generate_v4()) AS nobody_v4;
SET ROLE regress_uuidx_owner;
DROP EXTENSION uuidx;
RESET ROLE;

-- Into a schema the installing role does not own (README.md: "into any schema"): one of
-- another role on which it has no privilege at all, and one on which it has CREATE. PostgreSQL
-- checks no privilege on the named schema: a trusted extension's script runs as the bootstrap
-- superuser. The extension is the installing role's either way.
CREATE ROLE regress_uuidx_other;
CREATE SCHEMA no_rights AUTHORIZATION regress_uuidx_other;
CREATE SCHEMA shared AUTHORIZATION regress_uuidx_other;
GRANT USAGE, CREATE ON SCHEMA shared TO regress_uuidx_owner;
SET ROLE regress_uuidx_owner;
SELECT has_schema_privilege('no_rights', 'CREATE') AS can_create, has_schema_privilege('no_rights', 'USAGE') AS can_use;
CREATE EXTENSION uuidx SCHEMA no_rights;
SELECT extname, extowner::regrole AS owner, extnamespace::regnamespace AS schema,
       (SELECT nspowner::regrole FROM pg_namespace WHERE oid = extnamespace) AS schema_owner
FROM pg_extension WHERE extname = 'uuidx';
DROP EXTENSION uuidx;
CREATE EXTENSION uuidx SCHEMA shared;
SELECT extname, extowner::regrole AS owner, extnamespace::regnamespace AS schema,
       (SELECT nspowner::regrole FROM pg_namespace WHERE oid = extnamespace) AS schema_owner
FROM pg_extension WHERE extname = 'uuidx';
SELECT shared.uuid_extract_version(shared.uuid_generate_v7()) AS v7;
DROP EXTENSION uuidx;
RESET ROLE;

\c :regress_db
DROP DATABASE regression_uuidx_trusted;
DROP ROLE regress_uuidx_owner;
DROP ROLE regress_uuidx_nobody;
DROP ROLE regress_uuidx_other;
