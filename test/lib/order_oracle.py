#!/usr/bin/env python3
"""order_oracle.py: the oracle of the planner hook over orders by time and min/max of time.

gen SEED N OUT.sql [hypertable]
                     writes the tables (keys built here, bit by bit, independently of uuidx) and
                     about 3*N random queries per table, each run in one transaction with
                     uuidx.time_predicates on, then off, each with its EXPLAIN; for a query with
                     LIMIT or OFFSET also its full answer (no LIMIT/OFFSET, setting off).
check OUT.txt        reads psql's output and prints, per table: queries tried, mismatches (must be
                     0), and how often the order or min/max rewrite fired with the setting on
                     (a sort on a time gone, min/max of the key in the plan; must be 0 on the
                     tables that are not provably v7).

Every query returns two columns: s, its sort key as text (the time, or the keys before it and
the time), and k, the row (key and n). Rows of one instant may come in any order under an order
by time, so the comparison is ('strict' queries): the sequence of s is identical; for each run of
equal s the multiset of k is identical, except for a run at a LIMIT or OFFSET boundary, where any
rows of that instant are a valid answer: there each side's k must be rows of that instant in the
full answer (prepared statements run as generic plans, LIMIT and OFFSET as parameters).
'loose' queries (UNION of limited arms, limited subqueries, cursors) compare the
sorted s and check that every (s, k) is a row of the table's full answer. Aggregates are exact.

Tables: o_dom (uuid_v7 domain, nullable: NULL keys), o_chk (table CHECK calling
uuid_check_version: strict proof), o_empty (uuid_v7, no rows): rewritten; o_ver (CHECK
uuid_extract_version(id) = 7, which admits nil, max and other variants whose time is NULL) and
o_mix (v1, v6, v4, v7, nil, max): never rewritten.
With `hypertable` (TimescaleDB must exist; rows_sql takes the word too) the tables are hypertables
partitioned by range of the key, 10-minute chunks, with v7 keys only (a UUID dimension takes no
other version, no NULL, no domain): h_chk (CHECK uuid_check_version) and h_empty: rewritten;
h_ver (CHECK uuid_extract_version(id) = 7) and h_plain (no constraint: only TimescaleDB keeps it
v7): never rewritten.
"""
import collections
import random
import re
import sys

from uuid_values import GREG_OFFSET_100NS, ODD, hypertable, print_stats, read_parts, text, v1_at, v4, v6_at, v7

T0 = 1717243200 * 1000  # 2024-06-01 12:00:00 UTC in ms
TIMES = ['uuid_extract_time(id)', 'uuid_extract_time(id, true)', 'uuid_extract_time(id, false)',
         'uuid_extract_time(id, submillisecond => true)', 'public.uuid_extract_timestamp(id)']


def near_t0(rng):  # within an hour of T0, in ms
    return T0 + rng.randrange(-3600000, 3600000)


def v7_keys(rng):
    keys = []
    for _ in range(25):  # many keys in one ms, and many in one µs (same fraction)
        ms = near_t0(rng)
        frac = rng.randrange(4096)
        for _ in range(16):
            keys.append(v7(rng, ms, frac if rng.random() < 0.5 else rng.randrange(4096)))
    for _ in range(500):  # spread over two hours
        keys.append(v7(rng, near_t0(rng), rng.randrange(4096)))
    return keys


def hypertables(keys):
    return {
        'h_chk': ("uuid NOT NULL PRIMARY KEY CHECK (uuid_check_version(id, 7, 'h_chk'))", keys),
        'h_empty': ("uuid NOT NULL CHECK (uuid_check_version(id, 7, 'h_empty'))", []),
        'h_ver': ('uuid NOT NULL PRIMARY KEY CHECK (uuid_extract_version(id) = 7)', keys),
        'h_plain': ('uuid NOT NULL PRIMARY KEY', keys),
    }


def gen(seed, n, out, hyper=False):
    rng = random.Random(seed)
    keys = v7_keys(rng)
    gregorian = lambda: near_t0(rng) * 10000 + GREG_OFFSET_100NS + rng.randrange(10000)
    others = [v1_at(rng, gregorian()) for _ in range(150)] + [v6_at(rng, gregorian()) for _ in range(150)] \
        + [v4(rng) for _ in range(100)]
    tables = hypertables(keys) if hyper else {
        'o_dom': ('uuid_v7', keys + [None] * 30),
        'o_chk': ("uuid PRIMARY KEY CHECK (uuid_check_version(id, 7, 'o_chk'))", keys),
        'o_empty': ('uuid_v7 PRIMARY KEY', []),
        'o_ver': ('uuid PRIMARY KEY CHECK (uuid_extract_version(id) = 7)', keys + ODD),
        'o_mix': ('uuid PRIMARY KEY', keys + ODD + others),
    }
    lines = ["\\set ON_ERROR_STOP 1", "SET client_min_messages = warning;", "SET timezone = 'UTC';",
             "SET datestyle = 'ISO, YMD';", "SET search_path = public, pg_catalog;", "\\pset null '<null>'",
             "SELECT uuid_extract_version(uuid_nil()) IS NULL AS library_loaded;",
             "SET plan_cache_mode = force_generic_plan;"]
    for name, (coltype, vals) in tables.items():
        lines += ["DROP TABLE IF EXISTS %s;" % name, "CREATE TABLE %s (id %s, n int NOT NULL, g int NOT NULL);" % (name, coltype)]
        if hyper:
            lines.append(hypertable(name))
        if 'PRIMARY KEY' not in coltype:
            lines.append("CREATE INDEX ON %s (id);" % name)
        rows = ["(%s, %d, %d)" % ("NULL" if v is None else "'%s'" % text(v), i, rng.randrange(4)) for i, v in enumerate(vals)]
        lines += ["INSERT INTO %s VALUES %s;" % (name, ', '.join(rows[i:i + 500])) for i in range(0, len(rows), 500)]
        lines.append("VACUUM ANALYZE %s;" % name)

    def when():
        return "'2024-06-01 %02d:%02d:%02d.%03d+00'" % (11 + rng.randrange(2), rng.randrange(60), rng.randrange(60),
                                                       rng.randrange(1000))

    def where():
        if rng.random() < 0.4:
            return ''
        return ' WHERE ' + rng.choice(['n % 3 = 0', 'g = 1', 'id IS NOT NULL', 'n < 400',
                                       'uuid_extract_time(id) >= %s' % when(),
                                       'uuid_extract_time(id) < %s AND g <> 2' % when()])

    def direction():
        return rng.choice(['', ' ASC', ' DESC']) + rng.choice(['', '', ' NULLS FIRST', ' NULLS LAST'])

    def limit():  # a LIMIT and an OFFSET, either, both or none
        lim = rng.choice([1, 2, 3, 5, 10, 17, 40]) if rng.random() < 0.7 else None
        off = rng.choice([1, 5, 16, 100]) if rng.random() < 0.3 else None
        return lim, off

    def strict(name, base, lim, off):  # base limited, and its full answer when it is
        tail = (' LIMIT %d' % lim if lim is not None else '') + (' OFFSET %d' % off if off is not None else '')
        queries.append((name, 'strict', base + tail, base if tail else None, (lim is not None, off is not None)))

    K = "coalesce(id::text, 'null') || ':' || n"
    queries = []  # (table, kind, sql, full answer's sql or None, (has LIMIT, has OFFSET) or None)
    for name in tables:
        for _ in range(3 * n):
            t = rng.choice(TIMES)
            shape = rng.random()
            s = "coalesce(%s::text, 'null')" % t
            if shape < 0.35:  # ORDER BY [g,] time
                pre = rng.random() < 0.25
                lim, off = limit()
                strict(name, "SELECT %s, %s FROM %s%s ORDER BY %s%s%s" % (
                    "g || '|' || " + s if pre else s, K, name, where(), 'g%s, ' % direction() if pre else '', t,
                    direction()), lim, off)
            elif shape < 0.39:  # a prepared statement's generic plan, LIMIT and OFFSET as parameters
                lim, off = rng.choice([1, 3, 10]), rng.choice([0, 0, 2])
                base = "SELECT %s, %s FROM %s%s ORDER BY %s%s" % (s, K, name, where(), t, direction())
                q = "PREPARE oq(int, int) AS %s LIMIT $1 OFFSET $2; EXECUTE oq(%d, %d); DEALLOCATE oq" % (base, lim, off)
                queries.append((name, 'strict', q, base, (True, off > 0)))
            elif shape < 0.42:  # a key after the time: left alone
                lim, off = limit()
                strict(name, "SELECT %s, %s FROM %s%s ORDER BY %s%s, n" % (s + " || '|' || n", K, name, where(), t,
                                                                             direction()), lim, off)
            elif shape < 0.48:  # DISTINCT times
                lim = rng.choice([3, 10, 1000])
                q = "SELECT coalesce(x::text, 'null'), '' FROM (SELECT DISTINCT %s AS x FROM %s%s ORDER BY x%s LIMIT %d) AS d" % (
                    t, name, where(), direction(), lim)
                queries.append((name, 'loose', q, None, None))
            elif shape < 0.55:  # a limited subquery, ordered outside
                lim = rng.choice([2, 5, 20])
                q = "SELECT %s, %s FROM (SELECT id, n FROM %s%s ORDER BY %s%s LIMIT %d) AS sub" % (
                    s, K, name, where(), t, direction(), lim)
                queries.append((name, 'loose', q, None, None))
            elif shape < 0.62:  # UNION of limited arms (of disjoint rows: what UNION removes is known)
                a, b = rng.choice([1, 3, 8]), rng.choice([1, 3, 8])
                q = ("SELECT %s, %s FROM ((SELECT id, n FROM %s WHERE g = 0 ORDER BY %s%s LIMIT %d) "
                     "UNION (SELECT id, n FROM %s WHERE g <> 0 ORDER BY %s%s LIMIT %d)) AS u") % (
                    s, K, name, t, direction(), a, name, t, direction(), b)
                queries.append((name, 'loose', q, None, None))
            elif shape < 0.68:  # a cursor scrolling backwards
                d = direction()
                steps = ' '.join(rng.choice(['FETCH LAST FROM c;', 'FETCH BACKWARD %d FROM c;' % rng.choice([1, 3, 7]),
                                             'FETCH ABSOLUTE %d FROM c;' % rng.choice([1, 2, 50]), 'FETCH PRIOR FROM c;',
                                             'FETCH FORWARD 4 FROM c;']) for _ in range(4))
                q = "DECLARE c SCROLL CURSOR FOR SELECT %s, %s FROM %s%s ORDER BY %s%s; %s CLOSE c" % (
                    s, K, name, where(), t, d, steps)
                queries.append((name, 'loose', q, None, None))
            elif shape < 0.72:  # a window ranking by time
                lim = rng.choice([3, 10])
                q = "SELECT %s || '#' || rank() OVER (ORDER BY %s), '' FROM %s%s ORDER BY %s LIMIT %d" % (
                    s, t, name, where(), t, lim)
                queries.append((name, 'loose', q, None, None))
            else:  # min/max
                agg = rng.choice(['min', 'max'])
                r = rng.random()
                if r < 0.5:
                    q = "SELECT coalesce(%s(%s)::text, 'null'), '' FROM %s%s" % (agg, t, name, where())
                elif r < 0.6:
                    q = "SELECT coalesce((max(%s) - min(%s))::text, 'null'), '' FROM %s%s" % (t, t, name, where())
                elif r < 0.7:
                    q = "SELECT coalesce(%s(%s) FILTER (WHERE g = %d)::text, 'null'), '' FROM %s%s" % (
                        agg, t, rng.randrange(4), name, where())
                elif r < 0.8:
                    q = "SELECT g || '|' || coalesce(%s(%s)::text, 'null'), '' FROM %s%s GROUP BY g ORDER BY g" % (
                        agg, t, name, where())
                elif r < 0.9:
                    q = ("SELECT v.g || '|' || coalesce((SELECT %s(%s) FROM %s AS e WHERE e.g = v.g)::text, 'null'), '' "
                         "FROM (VALUES (0), (1), (5)) AS v(g) ORDER BY v.g") % (agg, t.replace('(id', '(e.id'), name)
                else:
                    q = "SELECT count(*)::text, '' FROM %s HAVING %s(%s) > %s" % (name, agg, t, when())
                queries.append((name, 'exact', q, None, None))

    for idx, (name, kind, q, full, flags) in enumerate(queries):
        lines.append("BEGIN;")
        for mode in ('on', 'off'):
            lines += ["SET LOCAL uuidx.time_predicates = %s;" % mode, "\\echo @@ %d %s %s %s plan" % (idx, name, mode, kind)]
            if q.startswith('DECLARE'):
                lines.append("EXPLAIN (VERBOSE, COSTS OFF) %s;" % q[len('DECLARE c SCROLL CURSOR FOR '):q.index(';')])
            elif q.startswith('PREPARE'):  # the generic plan of the statement, prepared anew in each mode
                lines.append(q[:q.index('; EXECUTE')] + "; EXPLAIN (VERBOSE, COSTS OFF) " + q[q.index('EXECUTE'):] + ";")
            else:
                lines.append("EXPLAIN (VERBOSE, COSTS OFF) %s;" % q)
            lines += ["\\echo @@ %d %s %s %s rows" % (idx, name, mode, kind), q + ";"]
        if full:
            lines += ["\\echo @@ %d %s full %s rows" % (idx, name, kind), full + ";"]
        lines.append("COMMIT;")
    with open(out, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    with open(out + '.queries', 'w') as f:
        f.writelines('%d %s %s %s | %s\n' % (idx, name, kind, flags, q) for idx, (name, kind, q, full, flags) in enumerate(queries))
    with open(out + '.flags', 'w') as f:
        f.writelines('%d %s\n' % (idx, '%d%d' % flags if flags else '00') for idx, (_, _, _, _, flags) in enumerate(queries))


def rows_of(lines):
    # k never holds '|'; s may (the keys before the time); lines without one are command tags
    # (CLOSE CURSOR, ...)
    return [tuple(l.rsplit('|', 1)) for l in lines if '|' in l]


def runs(rows):
    out = []
    for s, k in rows:
        if out and out[-1][0] == s:
            out[-1][1].append(k)
        else:
            out.append((s, [k]))
    return out


def strict_ok(on, off, full, has_limit, has_offset):
    if [s for s, _ in on] != [s for s, _ in off]:
        return False
    r_on, r_off = runs(on), runs(off)
    full_by_s = collections.defaultdict(collections.Counter)
    for s, k in (full if full is not None else off):
        full_by_s[s][k] += 1
    for i, ((s, a), (_, b)) in enumerate(zip(r_on, r_off)):
        boundary = (has_limit and i == len(r_on) - 1) or (has_offset and i == 0)
        if boundary:
            if any(collections.Counter(side) - full_by_s[s] for side in (a, b)):
                return False
        elif collections.Counter(a) != collections.Counter(b):
            return False
    return True


# The rewrite fired: a sort on a time became none (or one on the key), or min/max of the key
# appears (EXPLAIN VERBOSE's output lists). The rewrite of time predicates, which also changes
# plans, changes neither.
TIME_SORT = re.compile(r'Sort Key:.*uuid_extract_time')
KEY_AGG = re.compile(r'\b(min|max)\(([a-z_0-9]+\.)?id\)')


def rewrite_fired(on_plan, off_plan):
    if sum(bool(TIME_SORT.search(l)) for l in on_plan) < sum(bool(TIME_SORT.search(l)) for l in off_plan):
        return True
    return any(KEY_AGG.search(l) for l in on_plan)


def check(path, flags_path, table_rows_path):
    # {(query, table, on|off|full, plan|rows): [lines]}, and each query's kind
    marked = read_parts(path, r'^@@ (\d+) (\S+) (on|off|full) (\S+) (plan|rows)$')
    parts = {(i, name, mode, what): v for (i, name, mode, _, what), v in marked.items()}
    kinds = {i: kind for (i, _, _, kind, _) in marked}
    flags = {int(i): (f[0] == '1', f[1] == '1') for i, f in (line.split() for line in open(flags_path))}
    # Every row of each table, as (time text under each time expression, k): read from the
    # table-rows file the suite dumps (s and k per time expression).
    all_rows = collections.defaultdict(set)
    for line in open(table_rows_path):
        table, _expr, s, k = line.rstrip('\n').split('\t')
        all_rows[table].add((s, k))
    stats, bad = {}, []
    for key in sorted(parts):
        idx, name, mode, what = key
        if (mode, what) != ('on', 'rows'):
            continue
        on = rows_of(parts[key])
        off = rows_of(parts.get((idx, name, 'off', 'rows'), []))
        full = parts.get((idx, name, 'full', 'rows'))
        if kinds[idx] == 'strict':
            ok = strict_ok(on, off, rows_of(full) if full is not None else None, *flags[idx])
        elif kinds[idx] == 'loose':  # each row with a key is a row of the table under some time expression
            ok = sorted(s for s, _ in on) == sorted(s for s, _ in off) and all(
                not k or (s, k) in all_rows[name] for s, k in on)
        else:
            ok = on == off
        fired = rewrite_fired(parts.get((idx, name, 'on', 'plan'), []), parts.get((idx, name, 'off', 'plan'), []))
        st = stats.setdefault(name, [0, 0, 0])
        st[0], st[1], st[2] = st[0] + 1, st[1] + (not ok), st[2] + fired
        if not ok:
            bad.append(idx)
    print_stats(stats, bad)


if __name__ == '__main__':
    if sys.argv[1] == 'gen':
        gen(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5:] == ['hypertable'])
    elif sys.argv[1] == 'rows_sql':  # the SQL that dumps every table's rows under each time expression
        names = hypertables([]) if sys.argv[2:] == ['hypertable'] else ('o_dom', 'o_chk', 'o_empty', 'o_ver', 'o_mix')
        for name in names:
            for e, t in enumerate(TIMES):
                print("SELECT '%s', %d, coalesce(%s::text, 'null'), coalesce(id::text, 'null') || ':' || n FROM %s;" % (
                    name, e, t, name))
    else:
        check(sys.argv[2], sys.argv[3], sys.argv[4])
