-- Uninstalling (README.md, "Uninstalling"): DROP EXTENSION uuidx is refused for the dependencies
-- PostgreSQL records (a default, a generated column, an index expression, a view, a CHECK
-- constraint, a column of a uuidx domain, a BEGIN ATOMIC SQL body),
-- not for a $$-quoted SQL or PL/pgSQL body, which then fails at its next call; CASCADE drops the
-- recorded dependents.
SELECT current_database() AS regress_db \gset
SET client_min_messages = warning;
DROP DATABASE IF EXISTS regression_uuidx_uninstall;
RESET client_min_messages;
CREATE DATABASE regression_uuidx_uninstall;
\c regression_uuidx_uninstall
\i sql/include/err.psql
CREATE EXTENSION uuidx;

-- One recorded dependent at a time: each makes DROP EXTENSION fail with 2BP01.
CREATE TABLE with_default (id uuid DEFAULT uuid_generate_v7());
SELECT pg_temp.err('DROP EXTENSION uuidx') AS default_blocks;
DROP TABLE with_default;
CREATE TABLE with_domain (id uuid_v7);
SELECT pg_temp.err('DROP EXTENSION uuidx') AS domain_column_blocks;
DROP TABLE with_domain;
CREATE VIEW with_view AS SELECT uuid_nil() AS u;
SELECT pg_temp.err('DROP EXTENSION uuidx') AS view_blocks;
DROP VIEW with_view;
-- (uuid_extract_time: a name no major's pg_catalog has. One it has, such as uuid_extract_version
-- from 17 on, resolves to PostgreSQL's function, on which the column then depends instead.)
CREATE TABLE with_generated (id uuid, created timestamptz GENERATED ALWAYS AS (uuid_extract_time(id)) STORED);
SELECT pg_temp.err('DROP EXTENSION uuidx') AS generated_column_blocks;
DROP TABLE with_generated;
CREATE TABLE with_index (id uuid);
CREATE INDEX with_index_time ON with_index ((uuid_extract_time(id)));
SELECT pg_temp.err('DROP EXTENSION uuidx') AS index_expression_blocks;
DROP TABLE with_index;
CREATE TABLE with_check (id uuid CHECK (uuid_extract_time(id) IS NOT NULL));
SELECT pg_temp.err('DROP EXTENSION uuidx') AS check_constraint_blocks;
DROP TABLE with_check;
CREATE FUNCTION atomic_body() RETURNS uuid LANGUAGE sql BEGIN ATOMIC SELECT uuid_generate_v7(); END;
SELECT pg_temp.err('DROP EXTENSION uuidx') AS begin_atomic_body_blocks;
DROP FUNCTION atomic_body();

-- Quoted bodies are not recorded: the drop goes through and the function breaks. (The error's
-- DETAIL is PostgreSQL's: from 19 on "There is no function of that name.", expected/uninstall_3.out.)
CREATE FUNCTION quoted_sql() RETURNS uuid LANGUAGE sql AS $$ SELECT uuid_generate_v7() $$;
CREATE FUNCTION quoted_plpgsql() RETURNS uuid LANGUAGE plpgsql AS $$ BEGIN RETURN uuid_generate_v7(); END $$;
SELECT uuid_extract_version(quoted_sql()) AS before_drop_sql, uuid_extract_version(quoted_plpgsql()) AS before_drop_plpgsql;
SELECT pg_temp.err('DROP EXTENSION uuidx') AS quoted_bodies_do_not_block;
SELECT pg_temp.err('SELECT quoted_sql()') AS quoted_sql_after_drop;
SELECT pg_temp.err('SELECT quoted_plpgsql()') AS quoted_plpgsql_after_drop;

-- CASCADE drops the recorded dependents with the extension.
CREATE EXTENSION uuidx;
CREATE TABLE t (id uuid DEFAULT uuid_generate_v7(), k uuid_v7, note text);
DROP EXTENSION uuidx CASCADE;
SELECT a.attname, format_type(a.atttypid, a.atttypmod) AS type, pg_get_expr(d.adbin, d.adrelid) AS default_expr
FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
WHERE a.attrelid = 't'::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum;

\c :regress_db
DROP DATABASE regression_uuidx_uninstall;
