-- RFC 9562 Appendix A vectors through SQL (v1 A.1, v4 A.3, v6 A.5, v7 A.6).
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS uuidx;
RESET client_min_messages;
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';

-- A.1 (v1) and A.5 (v6): timestamp 0x1EC9414C232AB00 = 2022-02-22 14:22:22 GMT-05:00,
-- clock_seq 0b11,0x3C8 = 13256, node 9F:6B:DE:CE:D8:46.
SELECT uuid_v1_to_v6('C232AB00-9414-11EC-B3C8-9F6BDECED846') = '1EC9414C-232A-6B00-B3C8-9F6BDECED846' AS a1_to_a5,
       uuid_v6_to_v1('1EC9414C-232A-6B00-B3C8-9F6BDECED846') = 'C232AB00-9414-11EC-B3C8-9F6BDECED846' AS a5_to_a1;

SELECT name, uuid_extract_version(u) AS version, uuid_extract_variant(u) AS variant,
       uuid_extract_time(u) AS time,
       uuid_extract_time(u) = '2022-02-22 14:22:22-05'::timestamptz AS time_is_rfc,
       uuid_extract_clock_seq(u) AS clock_seq, uuid_extract_clock_seq(u) = x'33C8'::int AS clock_seq_is_rfc,
       uuid_extract_node(u) AS node
FROM (VALUES ('A.1', 'C232AB00-9414-11EC-B3C8-9F6BDECED846'::uuid),
             ('A.3', '919108f7-52d1-4320-9bac-f847db4148a8'),
             ('A.5', '1EC9414C-232A-6B00-B3C8-9F6BDECED846'),
             ('A.6', '017F22E2-79B0-7CC3-98C4-DC0C0C07398F')) AS v(name, u)
ORDER BY name;

-- A.6: unix_ts_ms 0x017F22E279B0 = 1645557742000 ms.
SELECT extract(epoch FROM uuid_extract_time('017F22E2-79B0-7CC3-98C4-DC0C0C07398F')) * 1000 = x'017F22E279B0'::bigint
  AS a6_ms_is_rfc;

-- A v7 made for the Appendix A instant starts with A.6's 48-bit timestamp and fraction 0.
SELECT left(uuid_generate_v7('2022-02-22 14:22:22-05')::text, 19) AS v7_prefix;

-- §5.9 and §5.10.
SELECT uuid_nil() = '00000000-0000-0000-0000-000000000000' AS nil_ok,
       uuid_max() = 'ffffffff-ffff-ffff-ffff-ffffffffffff' AS max_ok;
