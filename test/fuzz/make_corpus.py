#!/usr/bin/env python3
"""make_corpus.py: writes the committed seed corpus of the fuzz targets, test/fuzz/corpus/<target>/.
Seeds: RFC 9562 Appendix A/B values, nil and max, each format's malformed classes, names of
formats and algorithms, and instants at the edges of each range. Rewrites only the files it names;
crash inputs found later are added beside them by hand (crash-<what>)."""
import base64
import os
import struct
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
B32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

VALUES = {
    "nil": uuid.UUID(int=0),
    "max": uuid.UUID(int=(1 << 128) - 1),
    "a1_v1": uuid.UUID("c232ab00-9414-11ec-b3c8-9f6bdeced846"),
    "a2_v3": uuid.UUID("5df41881-3aed-3515-88a7-2f4a814cf09e"),
    "a3_v4": uuid.UUID("919108f7-52d1-4320-9bac-f847db4148a8"),
    "a4_v5": uuid.UUID("2ed6657d-e927-568b-95e1-2665a8aea6a2"),
    "a5_v6": uuid.UUID("1ec9414c-232a-6b00-b3c8-9f6bdeced846"),
    "a6_v7": uuid.UUID("017f22e2-79b0-7cc3-98c4-dc0c0c07398f"),
    "b1_v8": uuid.UUID("2489e9ad-2ee2-8e00-8ec9-32d5f69181c0"),
    "ncs": uuid.UUID("00000000-0000-1000-0000-000000000000"),
    "microsoft": uuid.UUID("00000000-0000-1000-c000-000000000000"),
    "reserved": uuid.UUID("00000000-0000-1000-e000-000000000000"),
}


def digits(n, alphabet, count):
    return "".join(alphabet[n // len(alphabet) ** k % len(alphabet)] for k in reversed(range(count)))


def encodings(u):
    return [u.hex, digits(u.int, B32, 26), digits(u.int, B58, 22),
            base64.urlsafe_b64encode(u.bytes).decode().rstrip("="), base64.b32hexencode(u.bytes).decode()]


def write(target, name, data):
    os.makedirs(os.path.join(HERE, "corpus", target), exist_ok=True)
    with open(os.path.join(HERE, "corpus", target, name), "wb") as f:
        f.write(data)


def i64(v):
    return struct.pack(">q", v)


# decode: first byte = format (0 hex, 1 base32, 2 base58, 3 base64url, 4 base32hex), then the text.
for key, u in VALUES.items():
    for fmt, text in enumerate(encodings(u)):
        write("decode", f"{key}_{fmt}", bytes([fmt]) + text.encode())
for fmt, text in enumerate(encodings(VALUES["a6_v7"])):
    write("decode", f"empty_{fmt}", bytes([fmt]))
    write("decode", f"short_{fmt}", bytes([fmt]) + text[:-1].encode())
    write("decode", f"long_{fmt}", bytes([fmt]) + (text + text[-1]).encode())
    write("decode", f"badchar_{fmt}", bytes([fmt]) + ("!" + text[1:]).encode())
    write("decode", f"nonascii_{fmt}", bytes([fmt]) + "é".encode() + text[2:].encode())
    write("decode", f"control_{fmt}", bytes([fmt]) + text[:5].encode() + b"\x00" + text[6:].encode())
write("decode", "hyphenated_0", b"\x00" + str(VALUES["a6_v7"]).encode())
write("decode", "upper_0", b"\x00" + VALUES["a6_v7"].hex.upper().encode())
write("decode", "aliases_1", b"\x01" + encodings(VALUES["a6_v7"])[1].lower().replace("1", "l").replace("0", "o").encode())
write("decode", "overflow_1", b"\x01" + b"8" + b"0" * 25)
write("decode", "overflow_2", b"\x02" + b"YcVfxkQb6JRzqk5kF2tNLw")
write("decode", "lowbits_3", b"\x03" + b"AAAAAAAAAAAAAAAAAAAAAB")
# base32hex as PostgreSQL 19's decode reads it: what it accepts and where it stops.
A6_B32HEX = encodings(VALUES["a6_v7"])[4]
for name, text in [("lower", A6_B32HEX.lower()), ("unpadded", A6_B32HEX[:26]), ("pad1", A6_B32HEX[:27]),
                   ("pad10", A6_B32HEX[:26] + "=" * 10), ("spaces", " " + A6_B32HEX[:10] + " \t\r\n" + A6_B32HEX[10:] + " "),
                   ("lowbits", A6_B32HEX[:25] + "V"), ("digit27", A6_B32HEX[:26] + "V"), ("digit28", A6_B32HEX[:26] + "00"),
                   ("pad_early", A6_B32HEX[:25] + "=" * 7), ("pad_digit27", A6_B32HEX[:26] + "0="),
                   ("after_pad", A6_B32HEX + "0"), ("vt", "\v" + A6_B32HEX), ("pad_first", "=" + A6_B32HEX)]:
    write("decode", f"b32hex_{name}_4", b"\x04" + text.encode())

# roundtrip: two 16-byte values.
keys = list(VALUES)
for i, key in enumerate(keys):
    write("roundtrip", key, VALUES[key].bytes + VALUES[keys[(i + 1) % len(keys)]].bytes)

# text: first byte = parser (0 format name, 1 hash name, 2 parse_uuid, 3 custom v8, 4 name-based).
for name in ["hex", "BASE32", "Base58", "base64URL", "base32hex", "Base32Hex", "base64", "ulid", "hex ", ""]:
    write("text", f"encoding_{name.strip() or 'empty'}", b"\x00" + name.encode())
for name in ["sha256", "SHA3-512", "sha512-256", "Shake128", "md5", "sha1", "sha-256"]:
    write("text", f"hash_{name}", b"\x01" + name.encode())
# Long names with a 2-byte character across the message's cut (sql/bad_input.sql found the split).
write("text", "encoding_long_utf8", b"\x00" + b"b" * 79 + "é".encode())
write("text", "hash_long_utf8", b"\x01" + b"a" * 63 + "é".encode())
for key in ["a6_v7", "nil", "max"]:
    write("text", f"uuid_{key}", b"\x02" + str(VALUES[key]).encode())
write("text", "uuid_upper", b"\x02" + str(VALUES["a6_v7"]).upper().encode())
write("text", "uuid_braces", b"\x02{" + str(VALUES["a6_v7"]).encode() + b"}")
write("text", "custom_b1", b"\x03" + bytes.fromhex("2489e9ad2ee20e000ec932d5f69181c0"))
write("text", "custom_15", b"\x03" + bytes(15))
write("text", "custom_17", b"\x03" + bytes(17))
dns = uuid.NAMESPACE_DNS.bytes
for h in range(14):
    write("text", f"named_{h}", b"\x04" + bytes([h]) + dns + b"www.example.com")
write("text", "named_empty", b"\x04\x01" + dns)
write("text", "named_nonutf8", b"\x04\x02" + dns + b"\xff\xfe\x00\x80")

# time: first byte = mode (see fuzz_time.cpp), then big-endian int64s.
MAX_V7_US = ((1 << 48) - 1) * 1000 + 999
for name, us in [("zero", 0), ("minus1", -1), ("max", MAX_V7_US), ("max1", MAX_V7_US + 1),
                 ("inf", (1 << 63) - 1), ("ninf", -(1 << 63)), ("beyond", (1 << 63) - 2),
                 ("now", 1700000000123456)]:
    write("time", f"instant_{name}", b"\x00" + i64(us) + i64(7))
    write("time", f"format_{name}", b"\x05" + i64(us))
MAX_TICK = (1 << 60) - 1
write("time", "v7_session", b"\x01" + i64(0) + i64(1) + i64(1700000000123456789) + i64(1700000000123456789) + i64(-5))
write("time", "v7_session_full", b"\x01" + i64(MAX_TICK - 1) + i64(1) + i64(0) + i64(0))
write("time", "v7_shift", b"\x02" + i64(1700000000000 << 12) + i64(1700000000123456789) + i64(-86400000000) + i64(5) + i64(3))
write("time", "v7_shift_past_end", b"\x02" + i64(1700000000000 << 12) + i64(0) + i64(1 << 62) + i64(-(1 << 62)) + i64(3))
write("time", "v7_shift_before_1970", b"\x02" + i64(1) + i64(0) + i64(-(1 << 63)) + i64(0) + i64(3))
MAX_GREG = (1 << 60) - 1
write("time", "gregorian", b"\x03\x00" + i64(0x1234) + i64(0) + i64(9) + b"\x00" + i64(1700000000123456789) + b"\x01" + i64(-1) + b"\x02" + i64(0))
write("time", "gregorian_full", b"\x03\x01" + i64(0) + i64(MAX_GREG - 1) + i64(9) + b"\x00" + i64(0) + b"\x01" + i64(0))
for key in ["a1_v1", "a5_v6", "a6_v7", "a3_v4", "max", "microsoft"]:
    write("time", f"readback_{key}", b"\x04" + VALUES[key].bytes)

# facade: 16 bytes of a value, 16 bytes of a key, then a key as text (fuzz_facade.cpp).
ref_key = bytes(range(16))
for key, text in [("a6_v7", b"0001020304050607:08090a0b0c0d0e0f"), ("a3_v4", b"\\x000102030405060708090a0b0c0d0e0f"),
                  ("nil", b"0x0001020304050607:0x08090a0b0c0d0e0f"), ("max", b" 00010203 04050607 08090a0b 0c0d0e0f "),
                  ("a1_v1", b"0001020304050607:08090a0b0c0d0e"), ("microsoft", b"000102030405060708090a0b0c0d0e0g")]:
    write("facade", key, VALUES[key].bytes + ref_key + text)
