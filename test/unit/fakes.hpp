// fakes.hpp: deterministic stand-ins for the clock and the CSPRNG, and small helpers for tests.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bytes.hpp"
#include "error.hpp"
#include "layout.hpp"
#include "monotonic.hpp"
#include "random.hpp"
#include "uuid.hpp"
#include "uuid_text.hpp"

namespace uuidx::testing {

// A reproducible byte stream (xorshift64*); counts what was drawn.
class FakeRandom final : public RandomSource {
 public:
  explicit FakeRandom(std::uint64_t seed = 0x9e3779b97f4a7c15ULL) : state_(seed ? seed : 1) {}
  void fill(std::uint8_t* out, std::size_t n) override {
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint8_t>(next() >> 56);
    drawn += n;
  }
  std::uint64_t next() {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    return state_ * 0x2545F4914F6CDD1DULL;
  }
  std::size_t drawn = 0;

 private:
  std::uint64_t state_;
};

// Always the same byte: makes the random part of a value predictable.
class ConstantRandom final : public RandomSource {
 public:
  explicit ConstantRandom(std::uint8_t byte) : byte_(byte) {}
  void fill(std::uint8_t* out, std::size_t n) override {
    for (std::size_t i = 0; i < n; ++i) out[i] = byte_;
  }

 private:
  std::uint8_t byte_;
};

// Scripted random input for the v7 step (RFC 9562 §6.2, Methods 3 and 2), told apart by draw size:
// an 8-byte draw (a fresh rand_b) returns the next value of `fresh` big-endian, as RFC 9562 octets
// 8-15 hold it (the last value repeats once the list is used up); a 4-byte draw (an increment of
// rand_b) returns `increment_byte` four times: 0xff gives the largest increment, 2^32, 0x00 the
// smallest, 1. Counts both kinds of draw.
class ScriptedV7Random final : public RandomSource {
 public:
  explicit ScriptedV7Random(std::vector<std::uint64_t> fresh_values, std::uint8_t increment = 0xff)
      : fresh(std::move(fresh_values)), increment_byte(increment) {}
  void fill(std::uint8_t* out, std::size_t n) override {
    if (n == 8 && !fresh.empty()) {
      const std::uint64_t v = fresh[fresh_draws < fresh.size() ? fresh_draws : fresh.size() - 1];
      for (int i = 0; i < 8; ++i) out[i] = static_cast<std::uint8_t>(v >> (56 - 8 * i));
      ++fresh_draws;
    } else if (n == 4) {
      for (std::size_t i = 0; i < n; ++i) out[i] = increment_byte;
      ++increment_draws;
    } else {
      throw std::logic_error("ScriptedV7Random: unexpected draw of " + std::to_string(n) + " bytes");
    }
  }
  std::vector<std::uint64_t> fresh;
  std::uint8_t increment_byte;
  std::size_t fresh_draws = 0;
  std::size_t increment_draws = 0;
};

// A clock the test moves by hand, in ns since the Unix epoch.
struct FakeClock {
  std::int64_t now_ns;
  void advance_ns(std::int64_t d) { now_ns += d; }
};

constexpr std::int64_t kNsPerMs = 1000000;
constexpr std::int64_t kNsPerSec = 1000 * kNsPerMs;

inline Uuid U(const std::string& text) {
  Uuid u{};
  if (!parse_uuid(text, u)) throw std::invalid_argument("bad uuid literal in test: " + text);
  return u;
}

// A v7's 60-bit tick (unix_ts_ms << 12 | rand_a, RFC 9562 §6.2 Method 3) and its rand_b.
inline std::uint64_t tick_of(const Uuid& v7) { return *v7_unix_ms(v7) << 12 | ((v7[6] & 0x0fu) << 8 | v7[7]); }
inline std::uint64_t rand_b_of(const Uuid& v7) { return load_be64(v7.data() + 8) & kMaxV7RandB; }

// The Error that f() throws. When it throws none, a test failure, and an Error of no class whose
// message is empty, so that every check of it fails too.
template <class F>
Error error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "no uuidx::Error thrown";
  return Error(static_cast<Errc>(-1), "");
}

}  // namespace uuidx::testing
