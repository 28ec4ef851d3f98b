-- facade.sql: the SQL edition of the UUIDv47 facade. A v7 (RFC 9562 §5.7) goes out as a
-- v4-looking value (§5.4): only its 48-bit unix_ts_ms changes, XORed with the low 48 bits of
-- SipHash-2-4, under a 128-bit key, of the 74 bits both forms share (rand_a, and rand_b without
-- the variant). Bit for bit the C build's mapping, errors included.

-- The whole mapping, both ways: `to_version` 4 makes a facade of a v7, 7 undoes it; the input
-- must be the other one. SipHash-2-4 works on 64-bit words modulo 2^64, held here in bigint:
-- bigint << drops the bits shifted out and # ignores signs, so XOR and rotations take the 64
-- bits as they are, but + raises on overflow, so additions go by 32-bit halves.
CREATE FUNCTION @extschema@.uuidx_sql_facade(u uuid, key bytea, to_version integer, function_name text)
  RETURNS uuid
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  lo constant bigint := 4294967295;  -- the low 32-bit half
  from_version constant integer := CASE to_version WHEN 4 THEN 7 ELSE 4 END;
  b bytea := uuid_send(u);
  v0 bigint; v1 bigint; v2 bigint; v3 bigint;
  m0 bigint; m1 bigint;
BEGIN
  -- The key is checked before the UUID, as in the C build.
  IF length(key) <> 16 THEN
    RAISE USING ERRCODE = '22023',
      MESSAGE = format('a facade key must be 16 bytes, not %s', length(key)),
      DETAIL = 'The key is SipHash-2-4''s 128-bit key: k0 is its first 8 bytes read little-endian, k1 the next 8.';
  END IF;
  -- §4.1: variant 10x; §4.2: the version nibble means something only for that variant.
  IF (get_byte(b, 8) & 192) <> 128 OR (get_byte(b, 6) >> 4) <> from_version THEN
    RAISE USING ERRCODE = '22023',
      MESSAGE = format('uuid "%s" is %s, not version %s', u,
        CASE
          WHEN u = '00000000-0000-0000-0000-000000000000' THEN 'the nil UUID'          -- §5.9
          WHEN u = 'ffffffff-ffff-ffff-ffff-ffffffffffff' THEN 'the max UUID'          -- §5.10
          WHEN get_byte(b, 8) < 128 THEN 'of the NCS variant'
          WHEN get_byte(b, 8) >= 224 THEN 'of the reserved variant'
          WHEN get_byte(b, 8) >= 192 THEN 'of the Microsoft variant'
          ELSE 'version ' || (get_byte(b, 6) >> 4)
        END, from_version),
      DETAIL = format('%s accepts only version %s UUIDs of the RFC 9562 variant.', function_name, from_version);
  END IF;

  -- k0 = key bytes 0-7 and k1 = bytes 8-15, little-endian, XORed into the paper's constants
  -- ("somepseudorandomlygeneratedbytes" as four big-endian words).
  v0 := get_byte(key, 0)::bigint | (get_byte(key, 1)::bigint << 8) | (get_byte(key, 2)::bigint << 16)
        | (get_byte(key, 3)::bigint << 24) | (get_byte(key, 4)::bigint << 32) | (get_byte(key, 5)::bigint << 40)
        | (get_byte(key, 6)::bigint << 48) | (get_byte(key, 7)::bigint << 56);
  v1 := get_byte(key, 8)::bigint | (get_byte(key, 9)::bigint << 8) | (get_byte(key, 10)::bigint << 16)
        | (get_byte(key, 11)::bigint << 24) | (get_byte(key, 12)::bigint << 32) | (get_byte(key, 13)::bigint << 40)
        | (get_byte(key, 14)::bigint << 48) | (get_byte(key, 15)::bigint << 56);
  v2 := v0 # 7816392313619706465;  -- 0x6c7967656e657261
  v0 := v0 # 8317987319222330741;  -- 0x736f6d6570736575
  v3 := v1 # 8387220255154660723;  -- 0x7465646279746573
  v1 := v1 # 7237128888997146477;  -- 0x646f72616e646f6d

  -- The message: 10 bytes, the low nibble of octet 6, octet 7, octet 8 without the variant,
  -- octets 9-15. Word 0 is its first 8 bytes little-endian; word 1 its last 2, with the length
  -- (10) in the top byte.
  m0 := (get_byte(b, 6) & 15)::bigint | (get_byte(b, 7)::bigint << 8) | ((get_byte(b, 8) & 63)::bigint << 16)
        | (get_byte(b, 9)::bigint << 24) | (get_byte(b, 10)::bigint << 32) | (get_byte(b, 11)::bigint << 40)
        | (get_byte(b, 12)::bigint << 48) | (get_byte(b, 13)::bigint << 56);
  m1 := get_byte(b, 14)::bigint | (get_byte(b, 15)::bigint << 8) | (10::bigint << 56);

  -- Two compression rounds per word, then four finalization rounds.
  FOR i IN 1..8 LOOP
    IF i = 1 THEN
      v3 := v3 # m0;
    ELSIF i = 3 THEN
      v0 := v0 # m0;  v3 := v3 # m1;
    ELSIF i = 5 THEN
      v0 := v0 # m1;  v2 := v2 # 255;
    END IF;
    -- SipRound. x + y: high halves plus the carry out of the low halves, shifted back up.
    -- rotl(x, n): x << n, then the top n bits brought down (>> copies the sign, hence the mask).
    v0 := (((v0 >> 32) + (v1 >> 32) + (((v0 & lo) + (v1 & lo)) >> 32)) << 32) | (((v0 & lo) + (v1 & lo)) & lo);
    v1 := ((v1 << 13) | ((v1 >> 51) & 8191)) # v0;
    v0 := (v0 << 32) | ((v0 >> 32) & lo);
    v2 := (((v2 >> 32) + (v3 >> 32) + (((v2 & lo) + (v3 & lo)) >> 32)) << 32) | (((v2 & lo) + (v3 & lo)) & lo);
    v3 := ((v3 << 16) | ((v3 >> 48) & 65535)) # v2;
    v0 := (((v0 >> 32) + (v3 >> 32) + (((v0 & lo) + (v3 & lo)) >> 32)) << 32) | (((v0 & lo) + (v3 & lo)) & lo);
    v3 := ((v3 << 21) | ((v3 >> 43) & 2097151)) # v0;
    v2 := (((v2 >> 32) + (v1 >> 32) + (((v2 & lo) + (v1 & lo)) >> 32)) << 32) | (((v2 & lo) + (v1 & lo)) & lo);
    v1 := ((v1 << 17) | ((v1 >> 47) & 131071)) # v2;
    v2 := (v2 << 32) | ((v2 >> 32) & lo);
  END LOOP;

  -- The hash is v0 ^ v1 ^ v2 ^ v3; its low 48 bits mask unix_ts_ms, octets 0-5 big-endian (§5.7).
  b := overlay(b PLACING decode(lpad(to_hex(
         ('x' || encode(substr(b, 1, 6), 'hex'))::bit(48)::bigint # ((v0 # v1 # v2 # v3) & 281474976710655)),
         12, '0'), 'hex') FROM 1);
  -- §4.2 version nibble; §4.1 variant bits 10.
  b := set_byte(b, 6, (get_byte(b, 6) & 15) | (to_version << 4));
  b := set_byte(b, 8, (get_byte(b, 8) & 63) | 128);
  RETURN encode(b, 'hex')::uuid;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_facade(uuid, bytea, integer, text) IS
  'internal to the SQL edition of uuidx: the UUIDv47 facade mapping of uuid_v7_to_facade and uuid_facade_to_v7';

-- The 16-byte key uuidx.facade_key names, read when used, and parsed as the C build parses it:
-- white space ignored; "k0hex:k1hex" (16 hex digits each side, each an optional 0x), or 32 hex
-- digits after an optional 0x or \x. No message quotes the text: it is a secret. Where the C
-- build refuses a bad value when it is set, this refuses it when it is used, with the same
-- SQLSTATE and texts. STRICT (vacuous without arguments) keeps the one-argument forms inlinable.
CREATE FUNCTION @extschema@.uuidx_sql_facade_setting_key() RETURNS bytea
  LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  setting constant text := current_setting('uuidx.facade_key', true);
  s text := translate(setting, E' \t\n\r', '');
  colon integer := strpos(s, ':');
  k0 text;
  k1 text;
  why text;
BEGIN
  IF setting IS NULL OR setting = '' THEN  -- never set (no such setting), or set empty
    RAISE USING ERRCODE = '55000', MESSAGE = 'uuidx.facade_key is not set',
      HINT = 'Pass the key as the second argument; in the SQL edition any role can set and read this setting (docs/managed.md).';
  END IF;
  IF colon > 0 THEN
    k0 := substr(s, 1, colon - 1);
    k1 := substr(s, colon + 1);
    IF left(k0, 2) IN ('0x', '0X') THEN k0 := substr(k0, 3); END IF;
    IF left(k1, 2) IN ('0x', '0X') THEN k1 := substr(k1, 3); END IF;
    -- Counted in bytes, as the C build counts.
    IF octet_length(k0) <> 16 OR octet_length(k1) <> 16 THEN
      why := format('The text has %s and %s characters around its colon.', octet_length(k0), octet_length(k1));
    END IF;
    s := k0 || k1;
  ELSE
    IF left(s, 2) IN (E'\\x', E'\\X', '0x', '0X') THEN s := substr(s, 3); END IF;
    IF octet_length(s) <> 32 THEN
      why := format('The text has %s characters besides white space and a prefix.', octet_length(s));
    END IF;
  END IF;
  IF why IS NULL AND ltrim(s, '0123456789abcdefABCDEF') <> '' THEN
    why := 'The text holds a character that is not a hexadecimal digit.';
  END IF;
  IF why IS NOT NULL THEN
    RAISE USING ERRCODE = '22023', MESSAGE = 'uuidx.facade_key is not a valid key', DETAIL = why,
      HINT = 'Write the key as "k0hex:k1hex" (16 hexadecimal digits each) or as 32 hexadecimal digits.';
  END IF;
  RETURN decode(s, 'hex');
END
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_facade_setting_key() IS
  'internal to the SQL edition of uuidx: the key the setting uuidx.facade_key names';

-- The public forms stay inlinable (every name qualified): they map whole columns.
CREATE FUNCTION @extschema@.uuid_v7_to_facade(id uuid, key bytea) RETURNS uuid
  LANGUAGE sql
AS $fn$
  SELECT @extschema@.uuidx_sql_facade(id, key, 4, 'uuid_v7_to_facade'::pg_catalog.text)
$fn$;

CREATE FUNCTION @extschema@.uuid_facade_to_v7(facade uuid, key bytea) RETURNS uuid
  LANGUAGE sql
AS $fn$
  SELECT @extschema@.uuidx_sql_facade(facade, key, 7, 'uuid_facade_to_v7'::pg_catalog.text)
$fn$;

-- The one-argument forms: the same, under the key of uuidx.facade_key (read at each call).
-- Without the C library that setting is an ordinary placeholder: any role can set it for its own
-- session and read it (SHOW, current_setting), so here it keeps the key from no role that can
-- connect where it is set.
CREATE FUNCTION @extschema@.uuid_v7_to_facade(id uuid) RETURNS uuid
  LANGUAGE sql
AS $fn$
  SELECT @extschema@.uuidx_sql_facade(id, @extschema@.uuidx_sql_facade_setting_key(), 4,
    'uuid_v7_to_facade'::pg_catalog.text)
$fn$;

CREATE FUNCTION @extschema@.uuid_facade_to_v7(facade uuid) RETURNS uuid
  LANGUAGE sql
AS $fn$
  SELECT @extschema@.uuidx_sql_facade(facade, @extschema@.uuidx_sql_facade_setting_key(), 7,
    'uuid_facade_to_v7'::pg_catalog.text)
$fn$;
