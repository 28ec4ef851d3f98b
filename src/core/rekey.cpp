// rekey.cpp: deterministic v7 keys from old keys, over OpenSSL's SHA-256 and HMAC.
#include "rekey.hpp"

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <new>
#include <string>

#include "error.hpp"
#include "generators.hpp"
#include "timeutil.hpp"

namespace uuidx {

namespace {

const char* type_name(OldKeyType type) noexcept {
  switch (type) {
    case OldKeyType::bigint:
      return "bigint";
    case OldKeyType::uuid:
      return "uuid";
    case OldKeyType::text:
      return "text";
  }
  return "text";
}

// Fetched once per process, like namebased.cpp's digests (never freed).
const EVP_MD* sha256() {
  static const EVP_MD* md = EVP_MD_fetch(nullptr, "SHA2-256", nullptr);
  if (md == nullptr)
    throw Error(Errc::digest_unavailable, "could not load the SHA2-256 digest",
                "OpenSSL does not provide it here, for example under a FIPS-only provider.");
  return md;
}

// tag NUL type NUL: the fixed prefix of every message of one old key type.
std::string message_prefix(OldKeyType type) {
  std::string prefix(kRekeyTag, sizeof kRekeyTag);  // with its NUL
  prefix += type_name(type);
  prefix.push_back('\0');
  return prefix;
}

void check_instant(std::int64_t unix_us) {
  if (unix_us < 0 || unix_us > kMaxV7Micros) throw_v7_range(unix_us);  // ±infinity included
}

// RFC 9562 §5.7: unix_ts_ms (48 bits) in octets 0-5, then the digest's first 10 octets with the
// version 7 and the variant 10 stamped over 6 of their bits (as §5.5 stamps a name's digest):
// rand_a and rand_b are the 74 hash bits kept.
Uuid compose(std::int64_t unix_us, const unsigned char* h) noexcept {
  const auto ms = static_cast<std::uint64_t>(unix_us / 1000);
  Uuid u;
  for (int i = 0; i < 6; ++i) u[i] = static_cast<std::uint8_t>(ms >> (40 - 8 * i));
  for (int i = 0; i < 10; ++i) u[6 + i] = h[i];
  stamp_version(u, 7);
  return u;
}

}  // namespace

void bigint_key_bytes(std::int64_t key, std::uint8_t out[8]) noexcept {
  const auto u = static_cast<std::uint64_t>(key);
  for (int i = 0; i < 8; ++i) out[i] = static_cast<std::uint8_t>(u >> (56 - 8 * i));
}

Uuid v7_from_key(std::int64_t unix_us, OldKeyType type, Bytes old_key) {
  check_instant(unix_us);
  const std::string prefix = message_prefix(type);
  // One context per thread (a backend has one), kept for the life of the process.
  static thread_local EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  if (ctx == nullptr) throw std::bad_alloc();
  unsigned char h[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  const bool ok = EVP_DigestInit_ex(ctx, sha256(), nullptr) == 1 &&
                  EVP_DigestUpdate(ctx, prefix.data(), prefix.size()) == 1 &&
                  (old_key.size == 0 || EVP_DigestUpdate(ctx, old_key.data, old_key.size) == 1) &&
                  EVP_DigestFinal_ex(ctx, h, &len) == 1;
  if (!ok || len != 32) throw Error(Errc::digest_failure, "could not compute the SHA2-256 digest");
  return compose(unix_us, h);
}

Uuid v7_from_key_keyed(std::int64_t unix_us, OldKeyType type, Bytes old_key, Bytes secret) {
  check_instant(unix_us);
  if (secret.size < kRekeyMinSecret)
    throw Error(Errc::invalid_parameter,
                "secret too short for uuid_v7_from_key: " + std::to_string(secret.size) + " bytes",
                "The keyed form takes a secret of at least 16 bytes.",
                "Use 32 random bytes kept outside the database, such as the output of openssl rand -hex 32 "
                "given to decode(..., 'hex').");
  std::string message = message_prefix(type);
  message.append(reinterpret_cast<const char*>(old_key.data), old_key.size);
  unsigned char h[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  // RFC 2104; HMAC() hashes a secret longer than SHA-256's 64-byte block first.
  static const unsigned char empty = 0;
  if (HMAC(sha256(), secret.data ? secret.data : &empty, static_cast<int>(secret.size),
           reinterpret_cast<const unsigned char*>(message.data()), message.size(), h, &len) == nullptr ||
      len != 32)
    throw Error(Errc::digest_failure, "could not compute the HMAC-SHA2-256 of the old key");
  return compose(unix_us, h);
}

}  // namespace uuidx
