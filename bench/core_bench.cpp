// core_bench.cpp: Google Benchmark of the pure C++ core, without PostgreSQL (`make bench-core`).
// Shows core regressions on their own: generation of v1, v4, v6 and v7 with the real
// BufferedRandom over OpenSSL and with a trivial RNG, v1<->v6, field read-back, and the cost of
// the pieces around them (one clock read, OpenSSL per 16 bytes vs per 4 KiB chunk).
#include <benchmark/benchmark.h>
#include <openssl/rand.h>
#include <time.h>

#include <cstdint>
#include <cstring>

#include "generators.hpp"
#include "layout.hpp"
#include "random.hpp"
#include "uuid.hpp"
#if __has_include("encoding.hpp")
#include "encoding.hpp"
#define UUIDX_BENCH_ENCODING 1
#endif

namespace {

using uuidx::Uuid;

bool openssl_refill(std::uint8_t* out, std::size_t n) { return RAND_bytes(out, static_cast<int>(n)) == 1; }

// The production random source: OpenSSL's CSPRNG drawn 4 KiB at a time (as src/pg/session.cpp).
struct OpenSslRng {
  uuidx::BufferedRandom rng{&openssl_refill};
};

// Not random at all: a counter, so what remains is the generator's own work.
class TrivialRandom final : public uuidx::RandomSource {
 public:
  void fill(std::uint8_t* out, std::size_t n) override {
    while (n > 0) {
      ++counter_;
      const std::size_t take = n < sizeof counter_ ? n : sizeof counter_;
      std::memcpy(out, &counter_, take);
      out += take;
      n -= take;
    }
  }

 private:
  std::uint64_t counter_ = 0x0123456789abcdefULL;
};

struct TrivialRng {
  TrivialRandom rng;
};

// A fake clock that moves 50 ns per call from 2026, so the monotonic step takes its usual path
// (the clock ahead of the last value) and no clock read is measured.
constexpr std::int64_t kStartNs = 1790000000LL * 1000000000LL;

template <typename Source>
void BM_GenerateV7(benchmark::State& state) {
  Source src;
  uuidx::V7State v7;
  std::int64_t now = kStartNs;
  for (auto _ : state) {
    benchmark::DoNotOptimize(uuidx::generate_v7(v7, now += 50, src.rng));
  }
}

template <typename Source>
void BM_GenerateV4(benchmark::State& state) {
  Source src;
  for (auto _ : state) benchmark::DoNotOptimize(uuidx::generate_v4(src.rng));
}

template <typename Source>
void BM_GenerateV1(benchmark::State& state) {
  Source src;
  uuidx::GregorianState g;
  std::int64_t now = kStartNs;
  for (auto _ : state) benchmark::DoNotOptimize(uuidx::generate_v1(g, now += 50, src.rng));
}

template <typename Source>
void BM_GenerateV6(benchmark::State& state) {
  Source src;
  uuidx::GregorianState g;
  std::int64_t now = kStartNs;
  for (auto _ : state) benchmark::DoNotOptimize(uuidx::generate_v6(g, now += 50, src.rng));
}

// A burst: the clock does not move, so every call keeps the tick and adds a random increment to
// rand_b (RFC 9562 §6.2, Method 2; 4 random bytes a call instead of 8).
void BM_GenerateV7_FrozenClock(benchmark::State& state) {
  OpenSslRng src;
  uuidx::V7State v7;
  for (auto _ : state) benchmark::DoNotOptimize(uuidx::generate_v7(v7, kStartNs, src.rng));
}

BENCHMARK_TEMPLATE(BM_GenerateV7, OpenSslRng);
BENCHMARK_TEMPLATE(BM_GenerateV7, TrivialRng);
BENCHMARK(BM_GenerateV7_FrozenClock);
BENCHMARK_TEMPLATE(BM_GenerateV4, OpenSslRng);
BENCHMARK_TEMPLATE(BM_GenerateV4, TrivialRng);
BENCHMARK_TEMPLATE(BM_GenerateV1, OpenSslRng);
BENCHMARK_TEMPLATE(BM_GenerateV1, TrivialRng);
BENCHMARK_TEMPLATE(BM_GenerateV6, OpenSslRng);
BENCHMARK_TEMPLATE(BM_GenerateV6, TrivialRng);

// ---- conversion and read-back ---------------------------------------------------------------

Uuid sample_v1() {
  TrivialRandom rng;
  uuidx::GregorianState g;
  return uuidx::generate_v1(g, kStartNs, rng);
}

Uuid sample_v7() {
  TrivialRandom rng;
  uuidx::V7State s;
  return uuidx::generate_v7(s, kStartNs, rng);
}

void BM_V1ToV6(benchmark::State& state) {
  Uuid u = sample_v1();
  for (auto _ : state) {
    benchmark::DoNotOptimize(u);
    benchmark::DoNotOptimize(uuidx::v1_to_v6(u));
  }
}
BENCHMARK(BM_V1ToV6);

void BM_V6ToV1(benchmark::State& state) {
  Uuid u = uuidx::v1_to_v6(sample_v1());
  for (auto _ : state) {
    benchmark::DoNotOptimize(u);
    benchmark::DoNotOptimize(uuidx::v6_to_v1(u));
  }
}
BENCHMARK(BM_V6ToV1);

void BM_ExtractTimeV7(benchmark::State& state) {
  Uuid u = sample_v7();
  for (auto _ : state) {
    benchmark::DoNotOptimize(u);
    benchmark::DoNotOptimize(uuidx::unix_micros(u));
  }
}
BENCHMARK(BM_ExtractTimeV7);

void BM_ExtractTimeV1(benchmark::State& state) {
  Uuid u = sample_v1();
  for (auto _ : state) {
    benchmark::DoNotOptimize(u);
    benchmark::DoNotOptimize(uuidx::unix_micros(u));
  }
}
BENCHMARK(BM_ExtractTimeV1);

void BM_ExtractVersion(benchmark::State& state) {
  Uuid u = sample_v7();
  for (auto _ : state) {
    benchmark::DoNotOptimize(u);
    benchmark::DoNotOptimize(uuidx::version_of(u));
  }
}
BENCHMARK(BM_ExtractVersion);

#ifdef UUIDX_BENCH_ENCODING
// uuid_encode / uuid_decode, per format.
template <uuidx::Encoding E>
void BM_Encode(benchmark::State& state) {
  Uuid u = sample_v7();
  for (auto _ : state) {
    benchmark::DoNotOptimize(u);
    benchmark::DoNotOptimize(uuidx::encode(u, E));
  }
}

template <uuidx::Encoding E>
void BM_Decode(benchmark::State& state) {
  const auto text = uuidx::encode(sample_v7(), E);
  const std::string_view view(text.text, text.size);
  for (auto _ : state) {
    benchmark::DoNotOptimize(view);
    benchmark::DoNotOptimize(uuidx::decode(view, E));
  }
}

BENCHMARK_TEMPLATE(BM_Encode, uuidx::Encoding::hex);
BENCHMARK_TEMPLATE(BM_Encode, uuidx::Encoding::base32);
BENCHMARK_TEMPLATE(BM_Encode, uuidx::Encoding::base58);
BENCHMARK_TEMPLATE(BM_Encode, uuidx::Encoding::base64url);
BENCHMARK_TEMPLATE(BM_Encode, uuidx::Encoding::base32hex);
BENCHMARK_TEMPLATE(BM_Decode, uuidx::Encoding::hex);
BENCHMARK_TEMPLATE(BM_Decode, uuidx::Encoding::base32);
BENCHMARK_TEMPLATE(BM_Decode, uuidx::Encoding::base58);
BENCHMARK_TEMPLATE(BM_Decode, uuidx::Encoding::base64url);
BENCHMARK_TEMPLATE(BM_Decode, uuidx::Encoding::base32hex);
#endif

// ---- what surrounds the core in the extension -----------------------------------------------

// The one clock read per generated value (src/pg/session.cpp reads CLOCK_REALTIME).
void BM_ClockRealtime(benchmark::State& state) {
  struct timespec ts;
  for (auto _ : state) {
    clock_gettime(CLOCK_REALTIME, &ts);
    benchmark::DoNotOptimize(ts);
  }
}
BENCHMARK(BM_ClockRealtime);

// 16 bytes straight from OpenSSL per UUID: what gen_random_uuid() pays.
void BM_OpenSslRandBytes16(benchmark::State& state) {
  std::uint8_t b[16];
  for (auto _ : state) {
    if (RAND_bytes(b, sizeof b) != 1) state.SkipWithError("RAND_bytes failed");
    benchmark::DoNotOptimize(b);
  }
}
BENCHMARK(BM_OpenSslRandBytes16);

// 16 bytes from the 4 KiB buffer, refills included.
void BM_BufferedRandom16(benchmark::State& state) {
  OpenSslRng src;
  std::uint8_t b[16];
  for (auto _ : state) {
    src.rng.fill(b, sizeof b);
    benchmark::DoNotOptimize(b);
  }
}
BENCHMARK(BM_BufferedRandom16);

}  // namespace

BENCHMARK_MAIN();
