-- uuidx 1.3 to 1.4: the objects 1.4 adds for keys made outside the database (TypeID and ULID
-- text, a check of client-made v7 keys, deterministic v7 keys for re-keying, a version-mix report).
\echo Use "ALTER EXTENSION uuidx UPDATE TO '1.4'" to load this file. \quit
