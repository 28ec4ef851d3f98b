"""uuid_values.py: RFC 9562 layouts as 128-bit integers for the oracles: v7 (rand_a as the §6.2
Method 3 fraction), v1 and v6 from a Gregorian 100-ns timestamp, v4; and what both oracles share."""
import re
import uuid

GREG_OFFSET_100NS = 122192928000000000  # 1582-10-15 to 1970-01-01 in 100-ns intervals


def v7(rng, ms, frac):
    return (ms << 80) | (0x7 << 76) | (frac << 64) | (0b10 << 62) | rng.getrandbits(62)


def v1_at(rng, ts):
    return ((ts & 0xffffffff) << 96) | (((ts >> 32) & 0xffff) << 80) | (0x1 << 76) | (((ts >> 48) & 0xfff) << 64) \
        | (0b10 << 62) | rng.getrandbits(62)


def v6_at(rng, ts):
    return ((ts >> 12) << 80) | (0x6 << 76) | ((ts & 0xfff) << 64) | (0b10 << 62) | rng.getrandbits(62)


def v4(rng):
    return (rng.getrandbits(48) << 80) | (0x4 << 76) | (rng.getrandbits(12) << 64) | (0b10 << 62) | rng.getrandbits(62)


def text(u):
    return str(uuid.UUID(int=u))


# nil, max, and two v7-looking values of other variants: no time (uuid_extract_time is NULL).
ODD = [0, (1 << 128) - 1, (0x12345678 << 96) | (0x7 << 76) | (0b01 << 62), (0x12345678 << 96) | (0x7 << 76) | (0b110 << 61)]


def hypertable(name):  # 10-minute chunks of the key
    return "SELECT create_hypertable('%s', by_range('id', INTERVAL '10 minutes'), create_default_indexes => false);" % name


def read_parts(path, marker):
    """{marker's groups, a number as int: [lines]} of psql's output, split at the `@@ ...` lines."""
    parts, cur = {}, None
    for line in open(path):
        m = re.match(marker, line.rstrip('\n'))
        if m:
            cur = tuple(int(g) if g.isdigit() else g for g in m.groups())
            parts[cur] = []
        elif cur:
            parts[cur].append(line.rstrip('\n'))
    return parts


def print_stats(stats, bad=()):
    """One line per table: its name and counts; then the first mismatched queries."""
    for name, counts in sorted(stats.items()):
        print(' '.join([name] + [str(c) for c in counts]))
    if bad:
        print('mismatched queries: ' + ' '.join(map(str, bad[:20])))
