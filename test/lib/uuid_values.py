"""uuid_values.py: RFC 9562 layouts as 128-bit integers, for the oracles (time_oracle.py,
order_oracle.py) that write tables of known values: v7 (§5.7, rand_a as the §6.2 Method 3
fraction), v1 and v6 (§5.1, §5.6) from a Gregorian 100-ns timestamp, v4 (§5.4), and the text form."""
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
