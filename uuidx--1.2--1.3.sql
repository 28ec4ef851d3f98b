-- uuidx 1.2 to 1.3.
-- 1.3 has the objects of 1.2, unchanged: what changed is the SQL edition (its own versions,
-- 1.3-sql), and the C build's steps from it, which ALTER EXTENSION takes from 1.2-sql as well.
-- The script exists so that ALTER EXTENSION uuidx UPDATE brings a database to 1.3, as a fresh
-- CREATE EXTENSION does.
\echo Use "ALTER EXTENSION uuidx UPDATE TO '1.3'" to load this file. \quit
