-- uuidx 1.1 to 1.2.
-- 1.2 has the objects of 1.1, unchanged: what 1.2 adds is in the library (settings, partitions
-- pruned at planning), which the server loads without this script. The script exists so that
-- ALTER EXTENSION uuidx UPDATE brings a database to 1.2, as a fresh CREATE EXTENSION does.
\echo Use "ALTER EXTENSION uuidx UPDATE TO '1.2'" to load this file. \quit
