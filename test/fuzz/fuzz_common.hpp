// fuzz_common.hpp: what the libFuzzer targets share: a check that aborts (so the fuzzer records the
// input), a deterministic random source, a byte reader, the checks of every error message, and the
// first byte's choice among a target's functions.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <string_view>

#include "error.hpp"
#include "random.hpp"
#include "uuid.hpp"

namespace uuidx::fuzz {

// Aborts with the failed condition; libFuzzer then saves the input as a crash-* file.
[[noreturn]] inline void check_failed(const char* file, int line, const char* cond) {
  std::fprintf(stderr, "FUZZ_CHECK failed at %s:%d: %s\n", file, line, cond);
  std::abort();
}
#define FUZZ_CHECK(cond) ((cond) ? void(0) : ::uuidx::fuzz::check_failed(__FILE__, __LINE__, #cond))

// A reproducible byte stream (splitmix64), so a crashing input replays identically.
class FuzzRandom final : public RandomSource {
 public:
  explicit FuzzRandom(std::uint64_t seed) : state_(seed) {}
  void fill(std::uint8_t* out, std::size_t n) override {
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint8_t>(next() >> 56);
  }
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

 private:
  std::uint64_t state_;
};

// True when `s` is well-formed UTF-8 (RFC 3629: no overlongs, no surrogates, at most U+10FFFF).
// Messages must stay valid whenever the input was: PostgreSQL sends them to clients as text.
inline bool valid_utf8(const char* s, std::size_t n) {
  for (std::size_t i = 0; i < n;) {
    const auto c = static_cast<unsigned char>(s[i]);
    // The sequence's length by its lead byte (0: not a lead byte), and the lead byte's value bits.
    const std::size_t len = c < 0x80 ? 1 : c < 0xc2 ? 0 : c <= 0xdf ? 2 : c <= 0xef ? 3 : c <= 0xf4 ? 4 : 0;
    if (len == 0 || i + len > n) return false;
    std::uint32_t cp = c & (0x7fu >> len);
    for (std::size_t k = 1; k < len; ++k) {
      const auto d = static_cast<unsigned char>(s[i + k]);
      if ((d & 0xc0) != 0x80) return false;
      cp = cp << 6 | (d & 0x3f);
    }
    if ((len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)))
      return false;
    i += len;
  }
  return true;
}

// Reads fixed-size values from the front of the input; past the end it reads zeros.
class Reader {
 public:
  Reader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  std::uint64_t u64() {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v = v << 8 | byte();
    return v;
  }
  std::int64_t i64() { return static_cast<std::int64_t>(u64()); }
  Uuid uuid() {
    Uuid u;
    for (auto& b : u) b = byte();
    return u;
  }
  std::size_t left() const { return pos_ < size_ ? size_ - pos_ : 0; }
  const std::uint8_t* rest() const { return data_ + (pos_ < size_ ? pos_ : size_); }
  std::string_view text() const { return {reinterpret_cast<const char*>(rest()), left()}; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

// An error of class `code` whose message starts with `prefix`; message and detail fit the glue's
// 512-byte buffers (never cut) and are valid UTF-8 whenever the input was.
inline void check_error(const Error& e, Errc code, const char* prefix, std::string_view input) {
  const std::string what = e.what();
  FUZZ_CHECK(e.code() == code);
  FUZZ_CHECK(what.rfind(prefix, 0) == 0);
  FUZZ_CHECK(what.size() < 512 && e.detail().size() < 512);
  if (valid_utf8(input.data(), input.size()))
    FUZZ_CHECK(valid_utf8(what.data(), what.size()) && valid_utf8(e.detail().data(), e.detail().size()));
}

// For a target over several functions: the first input byte picks one, which reads the rest.
inline int pick(const std::uint8_t* data, std::size_t size, std::initializer_list<void (*)(Reader&)> functions) {
  if (size == 0) return 0;
  Reader in(data + 1, size - 1);
  functions.begin()[data[0] % functions.size()](in);
  return 0;
}

}  // namespace uuidx::fuzz
