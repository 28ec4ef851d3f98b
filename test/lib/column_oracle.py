#!/usr/bin/env python3
"""column_oracle.py: the oracle of the planner hook's column bounds (uuidx.column_bounds): a lookup
by a UUID key gains bounds on the timestamp column a CHECK constraint ties to the key's time.

gen SEED N OUT.sql
    tables (keys built here, independently of uuidx), each holding rows at the edges of its
    constraint, NULL columns and keys without a time, and N random lookups per table (=, IN, ANY,
    OR, joins, prepared generic and custom plans, UPDATE and DELETE rolled back, in random time
    zones), each run with the setting on and off. Midway a partition is detached and another added.
check OUT.txt
    per table: lookups, mismatches (rows or table state differ; must be 0), how many plans the
    setting changed (bounds added), and the scans of the plans on and off.
"""
import random
import sys
import time

from uuid_values import ODD, text, v1_at, v4, v7, GREG_OFFSET_100NS

T0_MS = 1767225600000  # 2026-01-01 00:00:00 UTC
DAY_MS = 86400000
ZONES = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham']

# name: (key type, NOT NULL column, constraint, lower and upper offsets in ms admitted (None: open),
#        strict, partitioned, rewritten)
TABLES = {
    'c_between': ('uuid', False, "created_at BETWEEN uuid_extract_time(id) - interval '1 minute' "
                  "AND uuid_extract_time(id) + interval '1 minute'", -60000, 60000, False, True, True),
    'c_strict': ('uuid', True, "uuid_extract_time(id) - interval '30 seconds' < created_at "
                 "AND created_at < interval '2 minutes' + uuid_extract_time(id)", -29999, 119999, False, True, True),
    'c_equal': ('uuid_v7', True, 'created_at = uuid_extract_time(id)', 0, 0, False, True, True),
    'c_hours': ('uuid', False, "created_at >= uuid_extract_time(id) - interval '24 hours' "
                "AND created_at <= uuid_extract_time(id) + interval '36:00:00'", -DAY_MS, DAY_MS * 3 // 2, False,
                True, True),
    # A day is 23 or 25 hours in some zones: checked in UTC, rows may lie outside another zone's bound.
    'c_days': ('uuid', False, "created_at >= uuid_extract_time(id) - interval '1 day' "
               "AND created_at <= uuid_extract_time(id) + interval '1 mon'", -DAY_MS, 28 * DAY_MS, False, True, False),
    # uuidx's uuid_extract_timestamp, named with its schema: 17's own reads v1 only (NULL for a v7,
    # so a tie through it bounds v1 keys alone).
    'c_lower': ('uuid', True, 'created_at >= public.uuid_extract_timestamp(id)', 0, None, False, True, True),
    # A key NOT NULL and v7 only: a range of created_at also bounds the key (its index).
    'c_keyed': ('uuid_v7 NOT NULL PRIMARY KEY', True, "created_at BETWEEN uuid_extract_time(id) - interval '1 minute' "
                "AND uuid_extract_time(id) + interval '2 seconds'", -60000, 2000, False, False, True),
    # The same through uuid_extract_timestamp, unqualified: on 17 the server's, which reads v1 only
    # (NULL for every v7): the tie holds nothing there, and must bound nothing.
    'c_keyed_pg': ('uuid_v7 NOT NULL PRIMARY KEY', True, "created_at BETWEEN uuid_extract_timestamp(id) - interval "
                   "'1 minute' AND uuid_extract_timestamp(id) + interval '2 seconds'", -60000, 2000, False, False, True),
    'c_sub_ms': ('uuid', True, "created_at BETWEEN uuid_extract_time(id, true) AND uuid_extract_time(id, true) "
                 "+ interval '5 ms'", 0, 4, False, False, True),
    'c_inherit': ('uuid', True, "created_at BETWEEN uuid_extract_time(id) - interval '1 hour' "
                  "AND uuid_extract_time(id)", -3600000, 0, False, 'inherit', True),
    'c_not_valid': ('uuid', True, "created_at BETWEEN uuid_extract_time(id) AND uuid_extract_time(id)", 0, 0, True,
                    True, False),
    'c_dropped': ('uuid', True, "created_at BETWEEN uuid_extract_time(id) AND uuid_extract_time(id)", 0, 0, True,
                  True, False),
    'c_no_tie': ('uuid', True, "created_at > '2000-01-01' AND uuid_extract_time(id) > '2000-01-01'", 0, 0, False,
                 True, False),
}
DAYS = 6
# c_days' rows span 2026-03-08, when New York's clocks went forward: there a day was 23 hours.
BASE_MS = {'c_days': T0_MS + 64 * DAY_MS}


def sql_ts(ms):  # ms (an int, or a float to the µs) as a timestamptz literal
    s, us = divmod(int(round(ms * 1000)), 1000000)
    return "'%s.%06d+00'" % (time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime(s)), us)


def rows_for(rng, name):
    keytype, not_null, _, lo, hi, breaks, _, _ = TABLES[name]
    rows = []
    base = BASE_MS.get(name, T0_MS)
    for _ in range(240):
        ms = base + rng.randrange(0, DAYS * DAY_MS)
        frac = rng.getrandbits(12)
        key = v7(rng, ms, frac)
        t_ms = ms + min(999, (frac * 1000 + 2048) >> 12) / 1000.0 if name == 'c_sub_ms' else ms
        hi_ms = hi if hi is not None else 3 * DAY_MS
        off = rng.choice([lo, hi_ms, rng.uniform(lo, hi_ms), 0]) if lo <= hi_ms else 0
        if breaks and rng.random() < 0.3:
            off = rng.choice([-1, 1]) * rng.randrange(1, 3 * DAY_MS)  # violates: inserted before or without it
        col = 'NULL' if not not_null and rng.random() < 0.08 else sql_ts(t_ms + off)
        rows.append((text(key), col))
    if keytype == 'uuid':  # keys without a time, and a v1 whose time the constraint reads
        for _ in range(20):
            rows.append((text(rng.choice([v4(rng)] + ODD[1:])), sql_ts(T0_MS + rng.randrange(0, DAYS * DAY_MS))))
        for _ in range(10):
            ms = T0_MS + rng.randrange(0, DAYS * DAY_MS)
            key = v1_at(rng, ms * 10000 + GREG_OFFSET_100NS)
            rows.append((text(key), sql_ts(ms if name != 'c_sub_ms' else ms)))
        rows.append(('NULL', sql_ts(T0_MS)))
    return rows


def create(out, rng, name):
    keytype, not_null, check, _, _, breaks, partitioned, _ = TABLES[name]
    nn = ' NOT NULL' if not_null else ''
    if partitioned is True:
        out.append('CREATE TABLE %s (id %s, created_at timestamptz%s, v int) PARTITION BY RANGE (created_at);'
                   % (name, keytype, nn))
        for d in range(-1, DAYS + 2):
            for half in range(2):
                start = BASE_MS.get(name, T0_MS) + d * DAY_MS + half * DAY_MS // 2
                out.append("CREATE TABLE %s_%d_%d PARTITION OF %s FOR VALUES FROM (%s) TO (%s);"
                           % (name, d + 1, half, name, sql_ts(start), sql_ts(start + DAY_MS // 2)))
        out.append('CREATE TABLE %s_default PARTITION OF %s DEFAULT;' % (name, name))
    elif partitioned == 'inherit':
        out.append('CREATE TABLE %s (id %s, created_at timestamptz%s, v int);' % (name, keytype, nn))
        out.append('CREATE TABLE %s_child (extra int) INHERITS (%s);' % (name, name))
    else:
        out.append('CREATE TABLE %s (id %s, created_at timestamptz%s, v int);' % (name, keytype, nn))
        if 'PRIMARY KEY' not in keytype:
            out.append('CREATE INDEX ON %s (created_at);' % name)
    if not breaks:
        out.append('ALTER TABLE %s ADD CONSTRAINT tie CHECK (%s);' % (name, check))
    rows = rows_for(rng, name)
    for i in range(0, len(rows), 60):
        chunk = rows[i:i + 60]
        target = name + '_child' if partitioned == 'inherit' and i % 120 else name
        cols = '(id, created_at, v)'
        out.append('INSERT INTO %s %s VALUES %s;' % (target, cols, ', '.join(
            '(%s, %s, %d)' % ("'%s'" % k if k != 'NULL' else 'NULL', c, rng.randrange(100)) for k, c in chunk)))
    if name == 'c_not_valid':
        out.append('ALTER TABLE %s ADD CONSTRAINT tie CHECK (%s) NOT VALID;' % (name, check))
    if name == 'c_dropped':
        out.append('ALTER TABLE %s ADD CONSTRAINT tie CHECK (%s) NOT VALID;' % (name, check))
        out.append('ALTER TABLE %s DROP CONSTRAINT tie;' % name)
    out.append('ANALYZE %s;' % name)
    return [k for k, _ in rows]


def hours_back(rng):
    """Hours from a moment among the rows to now (the script runs right after it is made): now()
    moved back by them lands among the rows."""
    return int((time.time() * 1000 - T0_MS - rng.randrange(0, DAYS * DAY_MS)) // 3600000)


def lookup_key(rng, keys):
    r = rng.random()
    if r < 0.6:
        return rng.choice(keys)
    if r < 0.75:
        return text(v7(rng, T0_MS + rng.randrange(-DAY_MS, (DAYS + 1) * DAY_MS), rng.getrandbits(12)))
    if r < 0.85:
        return text(v4(rng))
    return 'NULL'


def lit(k):
    return 'NULL::uuid' if k == 'NULL' else "'%s'::uuid" % k


def query(rng, name, keys, i):
    """(kind, SQL): a select, a DML statement, or a prepared statement's name and argument."""
    k = lookup_key(rng, keys)
    many = [lookup_key(rng, keys) for _ in range(rng.randrange(1, 25))]
    shape = rng.randrange(14)
    if shape == 12:  # the key's time, read as the tie reads it or otherwise
        fn = rng.choice(['uuid_extract_time(id)', 'uuid_extract_time(id, true)', 'uuid_extract_timestamp(id)'])
        op = rng.choice(['>=', '>', '<', '<=', '='])
        if rng.random() < 0.3:
            return 'select', "SELECT * FROM %s WHERE %s %s now() - interval '%d hours'" % (name, fn, op, hours_back(rng))
        return 'select', 'SELECT * FROM %s WHERE %s %s %s' % (
            name, fn, op, sql_ts(T0_MS + rng.randrange(-DAY_MS, (DAYS + 1) * DAY_MS)))
    if shape == 13:  # a key range
        lo = T0_MS + rng.randrange(-DAY_MS, (DAYS + 1) * DAY_MS)
        a = text(v7(rng, lo, rng.getrandbits(12)))
        b = text(v7(rng, lo + rng.randrange(0, DAY_MS), rng.getrandbits(12)))
        return 'select', "SELECT * FROM %s WHERE id %s '%s' AND id %s '%s'" % (
            name, rng.choice(['>=', '>']), a, rng.choice(['<=', '<']), b)
    at = sql_ts(T0_MS + rng.randrange(-DAY_MS, (DAYS + 1) * DAY_MS))
    if shape == 10:
        op = rng.choice(['>=', '>', '<', '<=', '='])
        return 'select', 'SELECT * FROM %s WHERE created_at %s %s' % (name, op, at) if rng.random() < 0.5 else \
            'SELECT * FROM %s WHERE %s %s created_at' % (name, at, op)
    if shape == 11:
        if rng.random() < 0.5:
            return 'select', "SELECT * FROM %s WHERE created_at BETWEEN %s AND %s::timestamptz + interval '%d minutes'" % (
                name, at, at, rng.randrange(1, 600))
        return 'select', "SELECT * FROM %s WHERE created_at > now() - interval '%d hours'" % (name, hours_back(rng))
    if shape == 0:
        return 'select', 'SELECT * FROM %s WHERE id = %s' % (name, lit(k))
    if shape == 1:
        return 'select', 'SELECT * FROM %s WHERE id IN (%s)' % (name, ', '.join(lit(x) for x in many))
    if shape == 2:
        return 'select', "SELECT * FROM %s WHERE id = ANY('{%s}'::uuid[])" % (name, ','.join(many))
    if shape == 3:
        return 'select', 'SELECT * FROM %s WHERE id = %s OR v < %d' % (name, lit(k), rng.randrange(5))
    if shape == 4:
        return 'select', 'SELECT * FROM %s t WHERE (t.id = %s AND t.v > 20) OR t.id = %s' % (
            name, lit(k), lit(rng.choice(keys)))
    if shape == 5:
        join = rng.choice(['JOIN', 'LEFT JOIN', 'RIGHT JOIN'])
        return 'select', "SELECT k.u, t.* FROM (SELECT unnest('{%s}'::uuid[]) u) k %s %s t ON t.id = k.u" % (
            ','.join(many), join, name)
    # Rows that break the constraint (c_not_valid's, c_days' in another zone) refuse an UPDATE.
    if shape == 6 and name not in ('c_not_valid', 'c_days'):
        return 'dml', 'UPDATE %s SET v = -v WHERE id = %s' % (name, lit(k))
    if shape == 7:
        return 'dml', 'DELETE FROM %s WHERE id IN (%s)' % (name, ', '.join(lit(x) for x in many))
    mode = 'force_generic_plan' if shape == 8 else 'force_custom_plan'
    return 'prepared', (mode, 'SELECT * FROM %s WHERE id = $1' % name, k)


def gen(seed, n, path):
    rng = random.Random(seed)
    out = [r'\set ON_ERROR_STOP 1', 'SET client_min_messages = warning;', "SET TimeZone = 'UTC';", 'CREATE EXTENSION IF NOT EXISTS uuidx;', '''
CREATE FUNCTION ux_plan(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE line text; plan text := ''; scans int := 0;
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
    plan := plan || line || chr(10);
    scans := scans + (line ~ 'Scan on ')::int;
  END LOOP;
  RETURN md5(plan) || '|' || scans;
END $$;''', '''
CREATE FUNCTION ux_rows(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE r text;
BEGIN
  EXECUTE format('SELECT count(*) || ''|'' || coalesce(md5(string_agg(x::text, '','' ORDER BY x::text)), ''-'') FROM (%s) x', q) INTO r;
  RETURN r;
END $$;''']
    keys = {name: create(out, rng, name) for name in TABLES}
    qn = 0
    for i in range(n):
        if i == n // 2:  # a partition detached, one added in the middle of the queries
            out.append('ALTER TABLE c_between DETACH PARTITION c_between_3_0;')
            out.append("CREATE TABLE c_between_late PARTITION OF c_between FOR VALUES FROM (%s) TO (%s);"
                       % (sql_ts(T0_MS + 40 * DAY_MS), sql_ts(T0_MS + 41 * DAY_MS)))
            out.append("INSERT INTO c_between VALUES ('%s', %s, 1);" % (
                text(v7(rng, T0_MS + 40 * DAY_MS + 5000, 0)), sql_ts(T0_MS + 40 * DAY_MS + 5000 + 60000)))
        for name in TABLES:
            qn += 1
            kind, q = query(rng, name, keys[name], i)
            tag = '%s|%d' % (name, qn)
            out.append("SET TimeZone = '%s';" % rng.choice(ZONES))
            if kind != 'dml':
                out.append('BEGIN;')  # one now() for both runs
            for mode in ('on', 'off'):
                out.append('SET uuidx.column_bounds = %s;' % mode)
                if kind == 'select':
                    out.append("SELECT 'P|%s|%s|' || ux_plan($Q$%s$Q$);" % (tag, mode, q))
                    out.append("SELECT 'R|%s|%s|' || ux_rows($Q$%s$Q$);" % (tag, mode, q))
                elif kind == 'dml':
                    out.append("BEGIN; SELECT 'P|%s|%s|' || ux_plan($Q$%s$Q$);" % (tag, mode, q))
                    out.append('%s;' % q)
                    out.append("SELECT 'R|%s|%s|' || ux_rows($Q$SELECT * FROM %s$Q$); ROLLBACK;" % (tag, mode, name))
                else:
                    plan_mode, body, k = q
                    out.append('SET plan_cache_mode = %s; PREPARE p(uuid) AS %s;' % (plan_mode, body))
                    execute = 'EXECUTE p(%s)' % lit(k)
                    out.append("SELECT 'P|%s|%s|' || ux_plan($Q$%s$Q$);" % (tag, mode, execute))
                    out.append('CREATE TEMP TABLE r AS %s;' % execute)
                    out.append("SELECT 'R|%s|%s|' || ux_rows('SELECT * FROM r'); DROP TABLE r; DEALLOCATE p;"
                               % (tag, mode))
                    out.append('RESET plan_cache_mode;')
            if kind != 'dml':
                out.append('COMMIT;')
            out.append('-- %s: %s' % (tag, q))
    open(path, 'w').write('\n'.join(out) + '\n')


def check(path):
    runs = {}
    for line in open(path):
        parts = line.rstrip('\n').split('|')
        if len(parts) >= 5 and parts[0] in ('P', 'R'):
            kind, table, qn, mode = parts[:4]
            runs.setdefault((table, int(qn)), {})[kind + mode] = parts[4:]
    stats, bad = {}, []
    for (table, qn), r in sorted(runs.items()):
        s = stats.setdefault(table, [0, 0, 0, 0, 0])  # lookups, mismatches, fired, scans on, scans off
        s[0] += 1
        if r.get('Ron') != r.get('Roff') or 'Ron' not in r:
            s[1] += 1
            bad.append(qn)
        s[2] += int(r.get('Pon', ['-'])[0] != r.get('Poff', ['-'])[0])  # the plan changed: bounds added
        s[3] += int(r.get('Pon', ['0', '0'])[1])
        s[4] += int(r.get('Poff', ['0', '0'])[1])
    for name, counts in sorted(stats.items()):
        print(' '.join([name] + [str(c) for c in counts]))
    if bad:
        print('mismatched ' + ' '.join(map(str, bad[:20])))


if __name__ == '__main__':
    if sys.argv[1] == 'gen':
        gen(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    elif sys.argv[1] == 'check':
        check(sys.argv[2])
