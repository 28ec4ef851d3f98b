#!/usr/bin/env python3
"""time_oracle.py: the oracle of the planner hook over uuid_extract_time(id) comparisons.

gen SEED PGMAJOR N OUT.sql [hypertable]
    the tables (keys built here, independently of uuidx) and N random queries per table, each run
    twice in one transaction (same now()), uuidx.time_predicates on then off, with its EXPLAIN.
    `hypertable`: TimescaleDB hypertables (no NULL key, no other version, no domain): h_chk and
    h_strict v7 by a CHECK, h_plain unconstrained (never rewritten).
chunks OUT.txt
    per table: queries scanning fewer chunks on than off, more (must be 0), and all chunk scans.
same A.txt B.txt OUT.sql.queries
    A: OUT.sql's output on a primary; B: OUT.sql.rows's (rows of the queries that read no clock)
    on its standby: how many compared, of how many, how many differ, then the first of those.
check OUT.txt
    per table: predicates tried, mismatches (rows differ, or a condition added with the setting
    off; must be 0), how often the rewrite fired (must be 0 where not provably v7), then the same
    two counts among the queries run with enable_seqscan off.
Needs file_fdw and FOREIGN_FILE in the data directory; makes a role oracle_reader that may read
the tables but not call the bound functions.
"""
import random
import re
import sys
import time

from uuid_values import GREG_OFFSET_100NS, ODD, hypertable, print_stats, read_parts, text, v1_at, v4, v6_at, v7

T0 = 1717243200 * 1000000  # 2024-06-01 12:00:00 UTC in µs
MAX_MS = (1 << 48) - 1
FOREIGN_FILE = 'uuidx_oracle_foreign.csv'
# A query that reads the clock: its rows depend on when it runs.
CLOCK = re.compile(r'now\(\)|current_timestamp|transaction_timestamp|statement_timestamp|clock_timestamp|localtimestamp',
                   re.IGNORECASE)


def fmt_us(us):
    s, frac = divmod(us, 1000000)
    return time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime(s)) + '.%06d+00' % frac


def v1(rng, us):
    return v1_at(rng, us * 10 + GREG_OFFSET_100NS + rng.randrange(10))


def v6(rng, us):
    return v6_at(rng, us * 10 + GREG_OFFSET_100NS + rng.randrange(10))


def near_t0(rng):  # within an hour of T0
    return T0 + rng.randrange(-3600000000, 3600000000)


def recent(rng, now_us):  # within the two hours before now
    return now_us - rng.randrange(0, 7200000000)


def sub_ms_us(frac):  # micros_from_sub_ms_fraction: nearest µs, at most 999 (§6.2 Method 3)
    return min(999, (frac * 1000 + 2048) >> 12)


def v7_keys(rng, now_us):
    keys = []  # (uuid int, ms time µs, sub-ms time µs)
    def add(ms, frac):
        keys.append((v7(rng, ms, frac), ms * 1000, ms * 1000 + sub_ms_us(frac)))
    for _ in range(30):  # many keys in one ms, fractions at both ends too
        ms = (T0 + rng.randrange(-10000000, 10000000)) // 1000
        for _ in range(20):
            add(ms, rng.choice([0, 0xfff, rng.randrange(4096), rng.randrange(4096)]))
    for i in range(750):  # spread over two hours around T0, then the last two hours before now
        us = near_t0(rng) if i < 600 else recent(rng, now_us)
        add(us // 1000, (us % 1000) * 4096 // 1000)
    for ms in (0, 1, MAX_MS - 1, MAX_MS):  # the ends of the 48-bit range
        add(ms, 0)
        add(ms, 0xfff)
    return keys


def instants(rng, keys, now_us):
    k = rng.choice(keys)
    r = rng.random()
    deltas = [-1001, -1000, -999, -501, -500, -1, 0, 1, 499, 500, 999, 1000, 1001]
    if r < 0.6:  # around a key's time read whole (k[1]) or with its fraction (k[2]), where timestamptz goes
        t = k[1] if r < 0.35 else k[2]
        return "'%s'::timestamptz" % fmt_us(t + rng.choice(deltas) if 0 < t < 253402300799000000 else T0 + (r >= 0.35))
    if r < 0.7:
        return "'%s'::timestamptz" % fmt_us(T0 + rng.randrange(-4000000000, 4000000000))
    if r < 0.8:
        fn = rng.choice(['now()', 'current_timestamp', 'transaction_timestamp()'])
        return "(%s - interval '%d microseconds')" % (fn, rng.randrange(0, 7500000000))
    return "'%s'::timestamptz" % rng.choice([
        '-infinity', 'infinity', '1969-12-31 23:59:59.999999+00', '1970-01-01 00:00:00+00', '1970-01-01 00:00:00.000999+00',
        '1970-01-01 00:00:00.001+00', '10889-08-02 05:31:50.654999+00', '10889-08-02 05:31:50.655+00',
        '10889-08-02 05:31:50.655999+00', '10889-08-02 05:31:50.656+00', '294276-12-31 23:59:59+00'])


def digest(expr):  # an order-independent digest of the rows (no sort): the count and a sum of hashes
    return "count(*) || ' ' || coalesce(sum(hashtext(%s)::bigint), 0)" % expr


def gen(seed, major, n, out, hyper=False):
    rng = random.Random(seed)
    now_us = int(time.time() * 1000000)
    keys = v7_keys(rng, now_us)
    v7s = [k[0] for k in keys]
    lines = ["\\set ON_ERROR_STOP 1", "SET client_min_messages = warning;", "SET timezone = 'UTC';",
             "SET search_path = public, pg_catalog;",
             "SELECT uuid_extract_version(uuid_nil()) IS NULL AS library_loaded;"]
    # v7 by the domain (NULL keys too), by a CHECK (which admits the ODD values too), and anything.
    v7_check = 'uuid CHECK (uuid_extract_version(id) = 7)'
    tables = {
        'o_dom': ('uuid_v7', v7s, True),
        'o_chk': (v7_check, v7s + ODD, True),
        'o_mix': ('uuid', v7s + ODD + [v1(rng, near_t0(rng)) for _ in range(200)]
                  + [v6(rng, near_t0(rng)) for _ in range(200)] + [v1(rng, recent(rng, now_us)) for _ in range(50)]
                  + [v4(rng) for _ in range(200)], True),
    }
    # Not provably v7: a CHECK on parents whose tree holds a foreign table of v1/v6 keys (never
    # checked), and a domain whose constraint was dropped before v1/v6 keys went in.
    foreign_keys = [v1(rng, near_t0(rng)) for _ in range(20)] + [v6(rng, near_t0(rng)) for _ in range(20)]
    late_keys = [v1(rng, near_t0(rng)) for _ in range(30)] + [v6(rng, recent(rng, now_us)) for _ in range(30)]
    if hyper:  # v7 keys only, none NULL: what a UUID dimension of TimescaleDB takes
        tables = {'h_chk': ('uuid NOT NULL CHECK (uuid_extract_version(id) = 7)', v7s, False),
                  'h_strict': ("uuid NOT NULL CHECK (uuid_check_version(id, 7, 'uuid_v7'))", v7s, False),
                  'h_plain': ('uuid NOT NULL', v7s, False)}
    else:
        tables.update(o_fpart=(v7_check, v7s, False), o_finh=(v7_check, v7s, False), o_ddrop=('o_v7', v7s, True),
                      # range partitions around T0 and the last hour, and a default one (NULL
                      # keys): a bound from now() prunes them at planning.
                      o_ppart=('uuid_v7', v7s, True))
        # v7 by the check of client-made keys, its limits off (the keys reach the ends of the
        # 48-bit range): it refuses every other version. Last, so that the other tables' queries
        # are drawn as before it came.
        tables['o_client'] = ('uuid CHECK (uuid_v7_check(id, NULL, NULL))', v7s, True)
        lines += ["DROP TABLE IF EXISTS o_ddrop; DROP DOMAIN IF EXISTS o_v7;",
                  "CREATE DOMAIN o_v7 AS uuid CONSTRAINT o_v7_check CHECK (uuid_check_version(VALUE, 7, 'o_v7'));",
                  "CREATE EXTENSION IF NOT EXISTS file_fdw;",
                  "DROP SERVER IF EXISTS o_files CASCADE; CREATE SERVER o_files FOREIGN DATA WRAPPER file_fdw;"]
    def extra(k):  # the values of k, nn and nl of a row
        return '%d, %d, %s' % (k, k, 'NULL' if k % 4 < 2 else str(k))
    no_autovacuum = " WITH (autovacuum_enabled = off)"
    foreign = "SERVER o_files OPTIONS (filename '%s', format 'csv');" % FOREIGN_FILE
    for name, (typ, vals, nulls) in tables.items():
        # No autovacuum: new statistics between the two runs of a query would change its plan.
        part = " PARTITION BY RANGE (id)" if name in ('o_fpart', 'o_ppart') else no_autovacuum
        # nn is NOT NULL, nl NULL in every other row: the columns the CASE shapes test for NULL.
        lines.append("DROP TABLE IF EXISTS %s CASCADE; CREATE TABLE %s (id %s, k int, nn int NOT NULL, nl int)%s;" % (
            name, name, typ, part))
        if name == 'o_fpart':
            lines.append("CREATE TABLE o_fpart_v7 PARTITION OF o_fpart FOR VALUES FROM (MINVALUE) TO (MAXVALUE)%s;"
                         % no_autovacuum)
        if name == 'o_ppart':
            hour_ms = 3600000
            edges = [T0 // 1000 - hour_ms, T0 // 1000, T0 // 1000 + hour_ms, now_us // 1000 - hour_ms,
                     now_us // 1000 - hour_ms // 2, now_us // 1000 - hour_ms // 6, now_us // 1000]
            bounds = ['MINVALUE'] + ["'%s'" % text((ms << 80) | (0x7 << 76) | (0b10 << 62)) for ms in edges] + ['MAXVALUE']
            lines += ["CREATE TABLE o_ppart_%d PARTITION OF o_ppart FOR VALUES FROM (%s) TO (%s)%s;"
                      % (i, bounds[i], bounds[i + 1], no_autovacuum) for i in range(len(bounds) - 1)]
            lines.append("CREATE TABLE o_ppart_null PARTITION OF o_ppart DEFAULT%s;" % no_autovacuum)
        if hyper:  # about 30 chunks over the keys' times, the ends of the range apart
            lines.append(hypertable(name))
        lines.append("CREATE INDEX ON %s (id);" % name)
        rows = ["('%s', %s)" % (text(u), extra(i)) for i, u in enumerate(vals)]
        if nulls:
            rows += ["(NULL, %s)" % extra(len(vals) + i) for i in range(5)]
        lines += ["INSERT INTO %s VALUES %s;" % (name, ','.join(rows[i:i + 500])) for i in range(0, len(rows), 500)]
        if name == 'o_fpart':  # the foreign keys in the default partition, whose (empty) range nobody checks
            lines += ["CREATE FOREIGN TABLE o_fpart_old PARTITION OF o_fpart DEFAULT " + foreign, "ANALYZE o_fpart_v7;"]
        elif name == 'o_finh':
            lines.append("CREATE FOREIGN TABLE o_finh_old () INHERITS (o_finh) " + foreign)
        elif name == 'o_ddrop':
            lines.append("ALTER DOMAIN o_v7 DROP CONSTRAINT o_v7_check;")
            lines.append("INSERT INTO o_ddrop VALUES %s;" % ','.join(
                "('%s', %s)" % (text(u), extra(100000 + i)) for i, u in enumerate(late_keys)))
        if name != 'o_fpart':
            lines.append("ANALYZE %s;" % name)
    # The foreign file's rows: v1 and v6 keys (k from 200000), written by the suite.
    with open(out + '.foreign.csv', 'w') as f:
        for i, u in enumerate(foreign_keys):
            f.write('%s,%d,%d,%s\n' % (text(u), 200000 + i, i, '' if i % 4 < 2 else str(i)))
    lines += [
        # A NOT NULL column snn to join on sk = k (the even ones), through the nullable side of a LEFT JOIN.
        "DROP TABLE IF EXISTS o_side; CREATE TABLE o_side (sk int PRIMARY KEY, snn int NOT NULL);",
        "INSERT INTO o_side SELECT k, k FROM generate_series(0, 2000, 2) AS k; ANALYZE o_side;",
        # A role that may read the tables but not call the bound functions.
        "DROP ROLE IF EXISTS oracle_reader; CREATE ROLE oracle_reader;",
        "GRANT SELECT ON ALL TABLES IN SCHEMA public TO oracle_reader;",
        "REVOKE EXECUTE ON FUNCTION uuid_v7_lower_bound(timestamptz, boolean, boolean), "
        "uuid_v7_upper_bound(timestamptz, boolean, boolean) FROM PUBLIC;",
        "DROP TABLE IF EXISTS o_marks; CREATE TABLE o_marks (at timestamptz);",
        "INSERT INTO o_marks VALUES %s;" % ','.join(
            "('%s')" % fmt_us(rng.choice(keys)[1] + rng.choice([-1, 0, 1, 500])) for _ in range(5)),
        "INSERT INTO o_marks VALUES (NULL), ('infinity'), ('-infinity');",
        "ANALYZE o_marks;",
        "GRANT SELECT ON o_marks TO oracle_reader;",
        # The result or the error (in a subtransaction): an error both runs raise is one answer.
        "CREATE OR REPLACE FUNCTION oracle_run(q text) RETURNS text LANGUAGE plpgsql AS $f$ "
        "DECLARE r text; BEGIN EXECUTE q INTO r; RETURN r; "
        "EXCEPTION WHEN OTHERS THEN RETURN 'ERROR ' || SQLSTATE || ': ' || SQLERRM; END $f$;"]
    # On hypertables a plan may raise an error too (TimescaleDB evaluates instants at executor
    # start to exclude chunks, on and off alike): such a plan is recorded as its error.
    if hyper:
        lines.append("CREATE OR REPLACE FUNCTION oracle_explain(q text) RETURNS SETOF text LANGUAGE plpgsql AS $f$ "
                     "DECLARE l text; BEGIN FOR l IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP RETURN NEXT l; END LOOP; "
                     "EXCEPTION WHEN OTHERS THEN RETURN NEXT 'ERROR ' || SQLSTATE || ': ' || SQLERRM; END $f$;")

    time_fns = ['uuid_extract_time(%s)', 'uuid_extract_time(%s, true)', 'uuid_extract_time(%s, false)',
                'uuid_extract_time(%s, submillisecond => true)', 'uuid_extract_time(%s, submillisecond => false)',
                'public.uuid_extract_timestamp(%s)'] + (['pg_catalog.uuid_extract_timestamp(%s)'] if major >= 17 else [])
    swapped = {'<': '>', '<=': '>=', '=': '=', '>=': '<=', '>': '<'}

    def atom(col, inst):
        f = rng.choice(time_fns) % col
        r = rng.random()
        if r < 0.2:
            lo, hi = inst(), inst()
            return '%s %sBETWEEN %s%s AND %s' % (f, rng.choice(['', 'NOT ']), rng.choice(['', 'SYMMETRIC ']), lo, hi)
        op = rng.choice(list(swapped))
        return '%s %s %s' % (inst(), swapped[op], f) if r < 0.55 else '%s %s %s' % (f, op, inst())

    def pred(col, inst, depth=0):
        r = rng.random()
        if depth < 2 and r < 0.3:
            return '(%s %s %s)' % (pred(col, inst, depth + 1), 'OR' if r < 0.15 else 'AND', pred(col, inst, depth + 1))
        if depth < 2 and r < 0.4:
            return 'NOT (%s)' % pred(col, inst, depth + 1)
        if r < 0.45:
            return '(%s) IS NOT TRUE' % atom(col, inst)
        if r < 0.5:
            return '(%s AND k %% 3 = 0)' % atom(col, inst)
        return atom(col, inst)

    def guarded(col, inst):
        # A predicate over t.id where `col` is not NULL, as constant folding reads it; the hook
        # folds it only for a NOT NULL column outside an outer join's nullable side. The first four
        # are true where col is NULL: folded wrongly, their range would lose those rows.
        p = atom('t.id', inst) if rng.random() < 0.8 else pred('t.id', inst)
        form = rng.choice([
            'CASE WHEN {c} IS NULL THEN true ELSE {p} END',
            'CASE WHEN {c} IS NOT NULL THEN {p} ELSE true END',
            'NOT (CASE WHEN {c} IS NULL THEN false ELSE NOT ({p}) END)',
            'NOT ({c} IS NOT NULL AND NOT ({p}))',
            'CASE WHEN {c} IS NULL THEN {tf} ELSE {p} END',
            'CASE WHEN {c} IS NOT NULL THEN {p} END',
            'NOT ({c} IS NULL OR NOT ({p}))',
            'CASE WHEN {c} IS NULL THEN {tf} WHEN t.k % 5 = 0 THEN {tf} ELSE {p} END'])
        return form.format(c=col, tf=rng.choice(['true', 'false', 'NULL']), p=p)

    def select(name, where):
        return "SELECT %s FROM %s t WHERE %s" % (digest('t.id::text'), name, where)

    def folded_query(name, inst):
        r = rng.random()
        if r < 0.4:  # nn is NOT NULL; nl, k and id are not
            return select(name, guarded(rng.choice(['t.nn', 't.nn', 't.nl', 't.nl', 't.k', 't.id']), inst))
        side = digest("t.id::text || '/' || coalesce(s.snn::text, '')")
        if r < 0.55:  # s.snn is NOT NULL, but NULL for the rows of t without an s (odd k)
            return "SELECT %s FROM %s t LEFT JOIN o_side s ON s.sk = t.k WHERE %s" % (side, name, guarded('s.snn', inst))
        if r < 0.7:  # an inner join: s.snn is never NULL
            return "SELECT %s FROM %s t JOIN o_side s ON s.sk = t.k WHERE %s" % (side, name, guarded('s.snn', inst))
        if r < 0.85:  # the preserved side's column (folded from 16 on; 15 folds nothing under an outer join)
            return "SELECT %s FROM %s t LEFT JOIN o_side s ON s.sk = t.k WHERE %s" % (
                side, name, guarded(rng.choice(['t.nn', 't.nl']), inst))
        # in the LEFT JOIN's own ON, where t's columns are those of its rows
        return "SELECT %s FROM o_side s LEFT JOIN %s t ON t.k = s.sk AND %s" % (
            digest("coalesce(t.id::text, '') || '/' || s.sk"), name, guarded(rng.choice(['t.nn', 't.nl']), inst))

    queries = []  # (table, the statement a PREPARE makes or None, whether oracle_reader runs it, query, no seq scans)
    for name in tables:
        for i in range(n):
            inst = lambda: instants(rng, keys, now_us)
            shape = rng.random()
            prep, role = None, False
            noseq = rng.random() < 0.5
            if rng.random() < 0.2:  # quals read as constant folding gives them
                q = folded_query(name, inst)
                # (o_side joins on k, unindexed: without seq scans a nested loop reads it per row)
                noseq = noseq and 'o_side' not in q
            elif shape < 0.45:
                q = select(name, pred('t.id', inst))
            elif shape < 0.55:
                # A predicate over parameters; some overflow (years off now()): a rewrite may
                # evaluate them nowhere the original does not.
                args, types = [], []
                def pinst():
                    if rng.random() < 0.15:
                        args.append(str(rng.choice([1, 100, 300000, -300000, 2147483647])))
                        types.append('int')
                        return "(now() - $%d * interval '1 year')" % len(args)
                    args.append(instants(rng, keys, now_us))
                    types.append('timestamptz')
                    return '$%d' % len(args)
                body = pred('t.id', pinst)
                if rng.random() < 0.3:  # rows of no key reach the time qual: it is never evaluated
                    body = 't.k = -1 AND %s' % body
                q = select(name, body)
                # A generic plan made by a role that may call the bound functions, run by one that
                # may not: planned again, no error; else a parameter's generic plan.
                role = shape < 0.5
                if role or args:
                    params = '(%s)' % ','.join(types) if args else ''
                    prep, q = "PREPARE oq%s AS %s" % (params, q), "EXECUTE oq%s" % ('(%s)' % ','.join(args) if args else '')
            elif shape < 0.65:  # subquery in FROM kept apart
                q = "SELECT %s FROM (SELECT * FROM %s t WHERE %s OFFSET 0) s" % (digest('s.id::text'), name, pred('t.id', inst))
            elif shape < 0.73:  # CTE
                q = "WITH c AS MATERIALIZED (SELECT * FROM %s t WHERE %s) SELECT %s FROM c" % (
                    name, pred('t.id', inst), digest('c.id::text'))
            elif shape < 0.8:  # sublink
                q = select(name, "t.k %% 2 = 0 AND t.id IN (SELECT t2.id FROM %s t2 WHERE %s)" % (name, pred('t2.id', inst)))
            elif shape < 0.92:  # join: the instant from the other table
                col = lambda: rng.choice(['m.at', "m.at + interval '1 millisecond'", "m.at - interval '500 microseconds'"])
                kind = rng.choice(['JOIN', 'LEFT JOIN'])
                q = "SELECT %s FROM o_marks m %s %s t ON %s" % (
                    digest("t.id::text || '/' || coalesce(m.at::text, '')"), kind, name, pred('t.id', col))
            else:  # the key compared in the join's WHERE, instants constant
                q = "SELECT %s FROM o_marks m JOIN %s t ON true WHERE m.at IS NOT NULL AND %s" % (
                    digest("t.id::text || '/' || m.at::text"), name, pred('t.id', inst))
            queries.append((name, prep, role, q, noseq))
    lines.append("SET plan_cache_mode = force_generic_plan;")
    # For `same`: the rows, setting on, of each query that reads no clock.
    rows_only = lines[:4] + ["SET plan_cache_mode = force_generic_plan;"]
    for idx, (name, prep, role, q, noseq) in enumerate(queries):
        lines.append("BEGIN;")
        if noseq:
            lines += ["SET LOCAL enable_seqscan = off;", "\\echo @@ %d %s on noseq" % (idx, name)]
        for mode in ('on', 'off'):
            lines.append("SET LOCAL uuidx.time_predicates = %s;" % mode)
            # Prepared anew in each mode: a cached generic plan would outlive the setting.
            if prep:
                lines.append(prep + ";")
            if role:  # the superuser's generic plan first, then the reader runs the statement
                lines += ["\\echo @@ %d %s %s warm" % (idx, name, mode), "SELECT oracle_run($oq$%s$oq$);" % q,
                          "SET LOCAL ROLE oracle_reader;"]
            lines += ["\\echo @@ %d %s %s plan" % (idx, name, mode),
                      ("SELECT oracle_explain($oq$%s$oq$);" if hyper else "EXPLAIN (COSTS OFF) %s;") % q,
                      "\\echo @@ %d %s %s rows" % (idx, name, mode), "SELECT oracle_run($oq$%s$oq$);" % q]
            if role:
                lines.append("RESET ROLE;")
            if prep:
                lines.append("DEALLOCATE oq;")
        lines.append("COMMIT;")
        if CLOCK.search('%s %s' % (prep or '', q)):
            continue
        rows_only += ["BEGIN;", "SET LOCAL uuidx.time_predicates = on;"]
        rows_only += ["SET LOCAL enable_seqscan = off;"] if noseq else []
        rows_only += [prep + ";"] if prep else []
        rows_only += ["SET LOCAL ROLE oracle_reader;"] if role else []
        rows_only += ["\\echo @@ %d %s on rows" % (idx, name), "SELECT oracle_run($oq$%s$oq$);" % q, "COMMIT;"]
        rows_only += ["DEALLOCATE oq;"] if prep else []
    for suffix, script in (('', lines), ('.rows', rows_only)):
        with open(out + suffix, 'w') as f:
            f.write('\n'.join(script) + '\n')
    with open(out + '.queries', 'w') as f:
        for idx, (name, prep, role, q, noseq) in enumerate(queries):
            f.write('%d %s %s | %s\n' % (idx, name, ('role', prep) if role else prep or '', q))


# The condition the hook adds, in EXPLAIN: a bound function call, or the key against a uuid constant.
ADDED = re.compile(r"uuid_v7_(lower|upper)_bound|[<>]= '[0-9a-f-]{36}'::uuid")
CHUNK_SCAN = re.compile(r' on _hyper_\d+_\d+_chunk\b')


def read(path):  # {(query, table, on|off, plan|rows|warm|noseq): [lines]}
    return read_parts(path, r'^@@ (\d+) (\S+) (on|off) (plan|rows|warm|noseq)$')


def chunks(path):
    parts, stats = read(path), {}
    for (idx, name, mode, kind), lines in sorted(parts.items()):
        if (mode, kind) == ('on', 'plan'):
            on = sum(bool(CHUNK_SCAN.search(l)) for l in lines)
            off = sum(bool(CHUNK_SCAN.search(l)) for l in parts.get((idx, name, 'off', 'plan'), []))
            s = stats.setdefault(name, [0, 0, 0, 0, 0])
            for i, v in enumerate((1, on < off, on > off, on, off)):
                s[i] += v
    print_stats(stats)


def check(path):
    parts, stats, bad = read(path), {}, []
    for (idx, name, mode, kind) in sorted(parts):
        if (mode, kind) != ('on', 'rows'):
            continue
        fired = any(ADDED.search(l) for l in parts[(idx, name, 'on', 'plan')])
        noseq = (idx, name, 'on', 'noseq') in parts
        s = stats.setdefault(name, [0, 0, 0, 0, 0])
        for i, v in enumerate((1, 0, fired, noseq, noseq and fired)):
            s[i] += v
        if parts[(idx, name, 'on', 'rows')] != parts.get((idx, name, 'off', 'rows')):
            s[1] += 1
            bad.append(idx)
        if any(ADDED.search(l) for l in parts.get((idx, name, 'off', 'plan'), [])):
            s[1] += 1  # added although the setting is off
            bad.append(idx)
    print_stats(stats, bad)


def same(path_a, path_b, queries_path):
    a, b = read(path_a), read(path_b)
    queries = [line.split(' ', 2) for line in open(queries_path)]
    clockless = sorted((int(idx), name) for idx, name, rest in queries if not CLOCK.search(rest))
    differ = [idx for (idx, name) in clockless
              if (idx, name, 'on', 'rows') not in a or a.get((idx, name, 'on', 'rows')) != b.get((idx, name, 'on', 'rows'))]
    print('%d %d %d' % (len(clockless), len(queries), len(differ)))
    if differ:
        print('differing queries: ' + ' '.join(map(str, differ[:20])))


if __name__ == '__main__':
    if sys.argv[1] == 'gen':
        gen(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6:] == ['hypertable'])
    else:
        {'same': same, 'chunks': chunks}.get(sys.argv[1], check)(*sys.argv[2:])
