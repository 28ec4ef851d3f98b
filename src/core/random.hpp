// random.hpp: where random bits come from. Generators take a RandomSource so tests can inject a
// deterministic one; the extension uses BufferedRandom over OpenSSL's CSPRNG (RFC 9562 §6.9).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace uuidx {

class RandomSource {
 public:
  virtual ~RandomSource() = default;
  // Fills `out` with `n` random bytes or throws Error(random_failure); never returns weaker bytes.
  virtual void fill(std::uint8_t* out, std::size_t n) = 0;
};

// Draws from a CSPRNG in large chunks and hands each byte out once. Refilling 16 bytes at a time
// costs OpenSSL ~40x more per byte than a 4 KiB chunk; the chunk is what makes generation cheap.
// Not thread-safe: one instance per backend. discard() must be called in a forked child (the
// glue does it from a pthread_atfork handler) so that no two processes hand out the same bytes.
class BufferedRandom final : public RandomSource {
 public:
  static constexpr std::size_t kChunk = 4096;
  // Fills the whole buffer from the CSPRNG; returns false on failure.
  using RefillFn = bool (*)(std::uint8_t* out, std::size_t n);

  explicit BufferedRandom(RefillFn refill) noexcept : refill_(refill) {}

  void fill(std::uint8_t* out, std::size_t n) override;

  // Forgets every buffered byte; the next fill draws afresh.
  void discard() noexcept;

  // Bytes left before the next refill (for tests).
  std::size_t buffered() const noexcept { return kChunk - pos_; }

 private:
  void refill_or_throw(std::uint8_t* out, std::size_t n);

  std::array<std::uint8_t, kChunk> buf_{};
  std::size_t pos_ = kChunk;  // next unread byte; kChunk means empty
  RefillFn refill_;
};

}  // namespace uuidx
