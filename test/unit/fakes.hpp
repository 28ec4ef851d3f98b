// fakes.hpp: what every unit test includes: GoogleTest, the core's basics, deterministic stand-ins
// for the CSPRNG (the clock is a plain int64 of ns that a test moves), and small helpers.
#pragma once

#include <gtest/gtest.h>

#include <stdexcept>
#include <utility>
#include <vector>

#include "error.hpp"
#include "random.hpp"
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

// Scripted draws of the v7 step (§6.2, Methods 3 and 2), counted: an 8-byte draw (a fresh rand_b)
// gives the next of `fresh` big-endian (the last repeats); a 4-byte draw (an increment) gives
// `increment_byte` four times: 0xff the largest increment, 2^32, 0x00 the smallest, 1.
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

constexpr std::int64_t kNsPerMs = 1000000;
constexpr std::int64_t kNsPerSec = 1000 * kNsPerMs;
// 2026-01-01 00:00:00.000123456 UTC: an instant with a sub-millisecond part.
constexpr std::int64_t kStart = 1767225600000123456LL;
// RFC 9562 Appendix A's instant in µs (2022-02-22 19:22:22 UTC): A.6's unix_ts_ms 0x017F22E279B0.
constexpr std::int64_t kA6Micros = 1645557742000000LL;

inline Uuid U(const std::string& text) {
  Uuid u{};
  if (!parse_uuid(text, u)) throw std::invalid_argument("bad uuid literal in test: " + text);
  return u;
}

// RFC 9562 Appendix A vectors: A.1 (v1), A.4 (v5), A.5 (v6), A.6 (v7).
inline const Uuid kA1 = U("C232AB00-9414-11EC-B3C8-9F6BDECED846");
inline const Uuid kA4 = U("2ed6657d-e927-568b-95e1-2665a8aea6a2");
inline const Uuid kA5 = U("1EC9414C-232A-6B00-B3C8-9F6BDECED846");
inline const Uuid kA6 = U("017F22E2-79B0-7CC3-98C4-DC0C0C07398F");

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
