// fakes.hpp: deterministic stand-ins for the clock and the CSPRNG, and small helpers for tests.
#pragma once

#include <cstdint>
#include <string>

#include "error.hpp"
#include "random.hpp"
#include "uuid.hpp"

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

}  // namespace uuidx::testing
