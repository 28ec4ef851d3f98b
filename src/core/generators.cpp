// generators.cpp: clocks and random bytes turned into v1, v4, v6 and v7 values, uuid-ossp's v1mc
// and PostgreSQL 18's shifted v7.
#include "generators.hpp"

#include <cstdio>
#include <cstring>
#include <string>

#include "bytes.hpp"
#include "error.hpp"
#include "monotonic.hpp"
#include "timeutil.hpp"

namespace uuidx {

namespace {

constexpr std::int64_t kNsPerMs = 1000000;

// "-3 days -04:05:06.000007" for a message about a shift.
std::string format_shift(std::int64_t us) {
  const bool negative = us < 0;
  // |INT64_MIN| does not fit; a shift that large is out of range long before this matters.
  std::uint64_t a = negative ? static_cast<std::uint64_t>(-(us + 1)) + 1 : static_cast<std::uint64_t>(us);
  const std::uint64_t days = a / 86400000000ULL;
  a %= 86400000000ULL;
  char buf[96];
  // Both parts signed, as PostgreSQL writes an interval: "-3 days 04:05:06" would read as
  // -3 days plus 4 hours (found by sql/bad_input.sql).
  std::snprintf(buf, sizeof buf, "%s%llu days %s%02llu:%02llu:%02llu.%06llu", negative ? "-" : "",
                static_cast<unsigned long long>(days), negative ? "-" : "",
                static_cast<unsigned long long>(a / 3600000000ULL),
                static_cast<unsigned long long>(a / 60000000ULL % 60),
                static_cast<unsigned long long>(a / 1000000ULL % 60), static_cast<unsigned long long>(a % 1000000ULL));
  return buf;
}

[[noreturn]] void throw_gregorian_range(std::int64_t unix_us) {
  throw Error(
      Errc::datetime_overflow, "timestamp out of range for UUIDv1 and UUIDv6: \"" + format_unix_micros(unix_us) + "\"",
      "The 60-bit timestamp of RFC 9562 section 5.1 ends at " +
          format_unix_micros(static_cast<std::int64_t>((kMaxGregorian100ns - kGregorianUnixOffset100ns) / 10)) + ".");
}

std::array<std::uint8_t, 8> random_rand_b(RandomSource& rng) {
  std::array<std::uint8_t, 8> rand;
  rng.fill(rand.data(), rand.size());
  return rand;
}

// RFC 9562 §5.7: 62 random bits for a fresh rand_b (8 random bytes, the top two dropped).
std::uint64_t random_rand_b_bits(RandomSource& rng) {
  std::uint8_t rand[8];
  rng.fill(rand, sizeof rand);
  return load_be64(rand) & kMaxV7RandB;
}

// RFC 9562 §6.2, Method 2: a random increment of rand_b, uniform in [1, 2^32] (4 random bytes).
std::uint64_t random_increment(RandomSource& rng) {
  std::uint32_t r;
  std::uint8_t rand[4];
  rng.fill(rand, sizeof rand);
  std::memcpy(&r, rand, sizeof r);
  return std::uint64_t{r} + 1;
}

void seed(GregorianState& state, RandomSource& rng) {
  std::uint8_t cs[2];
  rng.fill(cs, sizeof cs);
  state.clock_seq = static_cast<std::uint16_t>((cs[0] << 8 | cs[1]) & 0x3fff);  // §5.1: 14 bits
  state.node = random_multicast_node(rng);
  state.seeded = true;
}

std::uint64_t next_gregorian(GregorianState& state, std::int64_t now_ns, RandomSource& rng) {
  if (!state.seeded) seed(state, rng);
  // §5.1: 100-ns intervals since 1582-10-15. Every int64 ns instant (1677..2262) lies after that
  // epoch, so the sum is positive; floor the division so pre-1970 clocks still order correctly.
  const std::int64_t since_unix = now_ns / 100 - (now_ns % 100 < 0 ? 1 : 0);
  const std::uint64_t now =
      static_cast<std::uint64_t>(since_unix + static_cast<std::int64_t>(kGregorianUnixOffset100ns));
  std::uint64_t next;
  if (!next_monotonic(state.last_100ns, now, kMaxGregorian100ns, next)) throw_gregorian_range(now_ns / 1000);
  state.last_100ns = next;
  return next;
}

std::string v7_range_detail() {
  return "UUIDv7 holds instants from " + format_unix_micros(0) + " to " + format_unix_micros(kMaxV7Micros) +
         " (RFC 9562 section 5.7).";
}

}  // namespace

void throw_v7_range(std::int64_t unix_us) {
  throw Error(Errc::datetime_overflow, "timestamp out of range for UUIDv7: \"" + format_unix_micros(unix_us) + "\"",
              v7_range_detail());
}

std::uint64_t v7_tick_from_ns(std::int64_t now_ns) {
  if (now_ns < 0) return 0;
  const std::int64_t ms = now_ns / kNsPerMs;
  if (ms > kMaxUnixMs) throw_v7_range(now_ns / 1000);
  // §6.2 Method 3: the sub-millisecond part scaled into the 12 bits of rand_a.
  const auto fraction = sub_ms_fraction_from_ns(static_cast<std::uint32_t>(now_ns % kNsPerMs));
  return static_cast<std::uint64_t>(ms) << kSubMsBits | fraction;
}

Uuid generate_v7(V7State& state, std::int64_t now_ns, RandomSource& rng) {
  const std::uint64_t now_tick = v7_tick_from_ns(now_ns);
  // The random inputs of the step, only those it reads (4 bytes in a burst, 8 when the clock has
  // moved on), drawn before the state moves: a failed draw leaves no trace.
  const std::uint64_t increment = now_tick > state.last_tick ? 0 : random_increment(rng);
  const std::uint64_t fresh = v7_step_needs_fresh(state, now_tick, increment) ? random_rand_b_bits(rng) : 0;
  // RFC 9562 §6.2, Methods 3 and 2: never reuse or go below the last value.
  V7State next;
  if (!next_v7(state, now_tick, increment, fresh, next)) throw_v7_range(v7_tick_to_unix_micros(state.last_tick) + 1000);
  state = next;
  return encode_v7_tick(next.last_tick, next.last_rand_b);
}

void raise_v7_above(V7State& state, std::int64_t instant_ns) {
  raise_v7_above_tick(state, v7_tick_from_ns(instant_ns));
}

void raise_v7_above_tick(V7State& state, std::uint64_t tick) noexcept {
  if (tick >= state.last_tick) state = V7State{tick, kMaxV7RandB};
}

Uuid generate_v7_fresh(V7State& state, std::int64_t now_ns, RandomSource& rng) {
  const std::uint64_t now_tick = v7_tick_from_ns(now_ns);
  const std::uint64_t fresh = random_rand_b_bits(rng);  // drawn first: a failed draw leaves no trace
  V7State next;
  if (!next_v7_fresh(state, now_tick, fresh, next)) throw_v7_range(v7_tick_to_unix_micros(state.last_tick) + 1000);
  state = next;
  return encode_v7_tick(next.last_tick, next.last_rand_b);
}

Uuid generate_v7_at(std::int64_t unix_us, RandomSource& rng) {
  if (unix_us < 0 || unix_us > kMaxV7Micros) throw_v7_range(unix_us);  // ±infinity included
  const auto us_in_ms = static_cast<std::uint32_t>(unix_us % 1000);
  return encode_v7(static_cast<std::uint64_t>(unix_us / 1000), sub_ms_fraction_from_ns(us_in_ms * 1000),
                   random_rand_b(rng));
}

Uuid generate_v4(RandomSource& rng) {
  Uuid bytes;
  rng.fill(bytes.data(), bytes.size());
  return encode_v4(bytes);
}

Uuid generate_v1(GregorianState& state, std::int64_t now_ns, RandomSource& rng) {
  const std::uint64_t ts = next_gregorian(state, now_ns, rng);
  return encode_v1(ts, state.clock_seq, state.node);
}

Uuid generate_v6(GregorianState& state, std::int64_t now_ns, RandomSource& rng) {
  const std::uint64_t ts = next_gregorian(state, now_ns, rng);
  return encode_v6(ts, state.clock_seq, state.node);
}

Node random_multicast_node(RandomSource& rng) {
  Node node;
  rng.fill(node.data(), node.size());
  node[0] |= 0x01;  // §6.10: the multicast bit, never set in an IEEE 802 address
  return node;
}

Uuid generate_v1mc(GregorianState& state, std::int64_t now_ns, RandomSource& rng) {
  Uuid u = generate_v1(state, now_ns, rng);
  Node fresh = random_multicast_node(rng);  // §6.10: multicast bit set
  fresh[0] |= 0x02;                         // and the locally administered bit, as uuid-ossp's v1mc sets both
  // §5.1: node, octets 10-15, written with one 8-byte store over octets 8-15 (clock_seq kept):
  // byte stores read back as a wide word stall the CPU (see bytes.hpp).
  std::uint64_t low = load_be64(u.data() + 8) & 0xffff000000000000u;
  for (std::size_t i = 0; i < fresh.size(); ++i) low |= std::uint64_t{fresh[i]} << (40 - 8 * i);
  store_be64(u.data() + 8, low);
  return u;
}

std::int64_t v7_shift_ticks(std::int64_t shift_us) noexcept {
  std::int64_t ms = shift_us / 1000;
  std::int64_t rest = shift_us % 1000;
  if (rest < 0) {  // floor, so that rest is 0..999
    rest += 1000;
    --ms;
  }
  // Far outside the 60-bit tick range either way; clamp so the products cannot overflow.
  const std::int64_t limit = std::int64_t{1} << 50;
  if (ms > limit) ms = limit;
  if (ms < -limit) ms = -limit;
  return ms * (std::int64_t{1} << kSubMsBits) + (rest * 4096 + 500) / 1000;
}

Uuid generate_v7_shifted(V7State& state, std::int64_t now_ns, std::int64_t shift_us, RandomSource& rng) {
  generate_v7(state, now_ns, rng);  // advances the session's sequence; its tick and rand_b are used below
  const std::int64_t tick = static_cast<std::int64_t>(state.last_tick) + v7_shift_ticks(shift_us);
  if (tick < 0 || tick > static_cast<std::int64_t>(kMaxV7Tick)) {
    const std::int64_t now_us = v7_tick_to_unix_micros(state.last_tick);
    // The shifted instant; past int64 µs (PostgreSQL's last years) it is named as such.
    std::int64_t shifted;
    if (__builtin_add_overflow(now_us, shift_us, &shifted) || shifted >= kBeyondUnixMicros) shifted = kBeyondUnixMicros;
    if (shifted == kInfinitePast) ++shifted;
    throw Error(Errc::datetime_overflow, "timestamp out of range for UUIDv7: \"" + format_unix_micros(shifted) + "\"",
                "A shift of " + format_shift(shift_us) + " moves the current time " + format_unix_micros(now_us) +
                    " outside what UUIDv7 holds, " + format_unix_micros(0) + " to " + format_unix_micros(kMaxV7Micros) +
                    " (RFC 9562 section 5.7).");
  }
  return encode_v7_tick(static_cast<std::uint64_t>(tick), state.last_rand_b);
}

}  // namespace uuidx
