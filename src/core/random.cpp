// random.cpp: the buffered CSPRNG front end.
#include "random.hpp"

#include <cstring>

#include "error.hpp"

namespace uuidx {

void BufferedRandom::refill_or_throw(std::uint8_t* out, std::size_t n) {
  if (!refill_(out, n)) {
    discard();
    throw Error(Errc::random_failure, "could not generate random values",
                "The cryptographically secure random number generator failed.");
  }
}

void BufferedRandom::fill(std::uint8_t* out, std::size_t n) {
  // The hot path: the buffer holds the whole request (a UUID asks for 16 bytes or fewer). The
  // fixed sizes compile to plain moves instead of a call to memcpy.
  if (n <= kChunk - pos_) {
    const std::uint8_t* src = buf_.data() + pos_;
    pos_ += n;
    if (n == 8)
      std::memcpy(out, src, 8);  // v7's rand_b
    else if (n == 4)
      std::memcpy(out, src, 4);  // v7's increment of rand_b (RFC 9562 §6.2, Method 2)
    else if (n == 16)
      std::memcpy(out, src, 16);  // v4
    else
      std::memcpy(out, src, n);
    return;
  }
  while (n > 0) {
    if (pos_ == kChunk) {
      if (n >= kChunk) {  // a large request goes straight to the CSPRNG
        refill_or_throw(out, n);
        return;
      }
      refill_or_throw(buf_.data(), kChunk);
      pos_ = 0;
    }
    const std::size_t take = n < kChunk - pos_ ? n : kChunk - pos_;
    std::memcpy(out, buf_.data() + pos_, take);
    pos_ += take;
    out += take;
    n -= take;
  }
}

void BufferedRandom::discard() noexcept {
  // Wipe too: bytes already handed out are nobody else's business, even in a core dump.
  std::memset(buf_.data(), 0, buf_.size());
  pos_ = kChunk;
}

}  // namespace uuidx
