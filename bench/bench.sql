-- bench.sql: server-side helpers of bench/bench.sh. Timing happens inside the backend with
-- clock_timestamp(), so client round trips never enter a measurement.

-- Per-call cost: one timed query per (round, expression), in an order rotated every round so
-- that no expression always runs first or last (the machine is shared and noisy).
-- ns_per_row is timed by the backend's CPU clock (bench_cpu_ns(), created by bench.sh), wall_ns_per_row
-- by clock_timestamp().
CREATE TABLE bench_call_raw (part text, round int, expr text, ns_per_row float8, wall_ns_per_row float8);

CREATE PROCEDURE bench_calls(part text, exprs text[], from_clause text, n bigint, rounds int)
LANGUAGE plpgsql AS $$
DECLARE
  k int := array_length(exprs, 1);
  r int;
  j int;
  e text;
  t0 timestamptz;
  t1 timestamptz;
  c0 bigint;
  c1 bigint;
BEGIN
  -- One untimed pass first: library loading, catalog caches, buffer warm-up.
  FOREACH e IN ARRAY exprs LOOP
    EXECUTE format('SELECT count(%s) FROM %s', e, replace(from_clause, '$n', least(n, 10000)::text));
  END LOOP;
  FOR r IN 1..rounds LOOP
    FOR j IN 0..k - 1 LOOP
      e := exprs[1 + (j + r) % k];
      t0 := clock_timestamp();
      c0 := bench_cpu_ns();
      EXECUTE format('SELECT count(%s) FROM %s', e, replace(from_clause, '$n', n::text));
      c1 := bench_cpu_ns();
      t1 := clock_timestamp();
      INSERT INTO bench_call_raw VALUES (part, r, e, (c1 - c0)::float8 / n, extract(epoch FROM t1 - t0) * 1e9 / n);
    END LOOP;
    COMMIT;
  END LOOP;
END $$;

-- Medians per expression, net of the median of the baseline `1`, and the ratio to a reference
-- expression's net cost. Medians are taken before subtracting: on a shared machine a spike in one
-- baseline run would otherwise leak into that round's every figure.
CREATE FUNCTION bench_call_summary(part_ text, reference text)
RETURNS TABLE (expr text, gross_ns float8, net_ns float8, ratio float8)
LANGUAGE sql AS $$
  WITH med AS (
    SELECT r.expr, percentile_cont(0.5) WITHIN GROUP (ORDER BY r.ns_per_row) AS gross_ns
    FROM bench_call_raw r WHERE r.part = part_ GROUP BY r.expr),
  net AS (
    SELECT m.expr, m.gross_ns, m.gross_ns - (SELECT gross_ns FROM med WHERE med.expr = '1') AS net_ns FROM med m)
  SELECT n.expr, n.gross_ns, n.net_ns, n.net_ns / nullif((SELECT net_ns FROM net WHERE net.expr = reference), 0)
  FROM net n
$$;

-- Inserts: `total` rows into bench_ins in `batch`-row transactions; the clock and WAL position
-- are recorded at the start and after every tenth of the rows.
CREATE TABLE bench_ins_progress (key text, round int, tenth int, rows_done bigint, at timestamptz, lsn pg_lsn);
CREATE TABLE bench_ins_sizes (key text, round int, index_bytes bigint, table_bytes bigint);

CREATE PROCEDURE bench_insert(key text, round int, total bigint, batch int)
LANGUAGE plpgsql AS $$
DECLARE
  done bigint := 0;
  step bigint;
  tenth int := 0;
BEGIN
  INSERT INTO bench_ins_progress VALUES (key, round, 0, 0, clock_timestamp(), pg_current_wal_insert_lsn());
  COMMIT;
  WHILE done < total LOOP
    step := least(batch, total - done);
    INSERT INTO bench_ins (payload) SELECT g::int FROM generate_series(done + 1, done + step) g;
    done := done + step;
    COMMIT;
    WHILE tenth < 10 AND done * 10 >= (tenth + 1) * total LOOP
      tenth := tenth + 1;
      INSERT INTO bench_ins_progress VALUES (key, round, tenth, done, clock_timestamp(), pg_current_wal_insert_lsn());
    END LOOP;
  END LOOP;
  COMMIT;
END $$;

-- Per key: median over rounds of the overall rate, duration, sizes and WAL.
CREATE VIEW bench_ins_summary AS
  WITH runs AS (
    SELECT s.key, s.round, e.rows_done::float8 / extract(epoch FROM e.at - s.at) AS rate,
           extract(epoch FROM e.at - s.at) AS seconds, pg_wal_lsn_diff(e.lsn, s.lsn) AS wal_bytes,
           z.index_bytes, z.table_bytes
    FROM bench_ins_progress s
    JOIN bench_ins_progress e ON e.key = s.key AND e.round = s.round AND e.tenth = 10
    JOIN bench_ins_sizes z ON z.key = s.key AND z.round = s.round
    WHERE s.tenth = 0)
  SELECT key, count(*) AS rounds,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY rate) AS rate,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) AS seconds,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY wal_bytes) AS wal_bytes,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY index_bytes) AS index_bytes,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY table_bytes) AS table_bytes
  FROM runs GROUP BY key;

-- Per key and tenth: median over rounds of the rate within that tenth.
CREATE VIEW bench_ins_tenths AS
  WITH steps AS (
    SELECT key, round, tenth,
           (rows_done - lag(rows_done) OVER w)::float8 / nullif(extract(epoch FROM at - lag(at) OVER w), 0) AS rate
    FROM bench_ins_progress
    WINDOW w AS (PARTITION BY key, round ORDER BY tenth))
  SELECT key, tenth, percentile_cont(0.5) WITHIN GROUP (ORDER BY rate) AS rate
  FROM steps WHERE tenth > 0 GROUP BY key, tenth;
