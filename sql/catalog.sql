-- The catalog entries of every uuidx function: volatility, strictness, parallel safety, comment.
-- Generators are VOLATILE; pure functions IMMUTABLE (and STRICT where they take arguments); all
-- PARALLEL SAFE; every function has a COMMENT. Update this list when a function is added.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS uuidx;
RESET client_min_messages;

SELECT p.proname || '(' || oidvectortypes(p.proargtypes) || ')' AS function, p.provolatile AS volatility, p.proisstrict AS strict,
       p.proparallel AS parallel, obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuidx'
ORDER BY 1;
