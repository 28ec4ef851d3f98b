// namebased.cpp: v3, v5 and name-based v8 over OpenSSL's EVP digests, custom v8, and the names of
// the v8 hash algorithms.
#include "namebased.hpp"

#include <openssl/evp.h>

#include <new>
#include <string>

#include "error.hpp"
#include "message.hpp"

namespace uuidx {

namespace {

struct HashInfo {
  NameHash hash;
  const char* name;          // canonical lower-case name, as SQL takes it
  const char* openssl_name;  // the name EVP_MD_fetch knows
  bool xof;                  // SHAKE: read exactly 16 octets with EVP_DigestFinalXOF
};

constexpr HashInfo kHashes[] = {
    {NameHash::sha224, "sha224", "SHA2-224", false},
    {NameHash::sha256, "sha256", "SHA2-256", false},
    {NameHash::sha384, "sha384", "SHA2-384", false},
    {NameHash::sha512, "sha512", "SHA2-512", false},
    {NameHash::sha512_224, "sha512-224", "SHA2-512/224", false},
    {NameHash::sha512_256, "sha512-256", "SHA2-512/256", false},
    {NameHash::sha3_224, "sha3-224", "SHA3-224", false},
    {NameHash::sha3_256, "sha3-256", "SHA3-256", false},
    {NameHash::sha3_384, "sha3-384", "SHA3-384", false},
    {NameHash::sha3_512, "sha3-512", "SHA3-512", false},
    {NameHash::shake128, "shake128", "SHAKE-128", true},
    {NameHash::shake256, "shake256", "SHAKE-256", true},
};

constexpr char kSupported[] =
    "sha224, sha256, sha384, sha512, sha512-224, sha512-256, sha3-224, sha3-256, sha3-384, sha3-512, shake128, "
    "shake256";

const HashInfo& info(NameHash h) noexcept {
  for (const auto& i : kHashes)
    if (i.hash == h) return i;
  return kHashes[1];
}

// Fetches each digest once per process (OpenSSL 3 otherwise looks it up on every use). Backends
// are single-threaded; the fetched objects are never freed, like OpenSSL's own built-in tables.
const EVP_MD* digest(const char* openssl_name) {
  EVP_MD* md = EVP_MD_fetch(nullptr, openssl_name, nullptr);
  if (md == nullptr)
    throw Error(Errc::digest_unavailable, std::string("could not load the ") + openssl_name + " digest",
                "OpenSSL does not provide it here, for example under a FIPS-only provider.");
  return md;
}

const EVP_MD* md5() {
  static const EVP_MD* md = digest("MD5");
  return md;
}

const EVP_MD* sha1() {
  static const EVP_MD* md = digest("SHA1");
  return md;
}

const EVP_MD* digest_of(NameHash h) {
  static const EVP_MD* cache[sizeof kHashes / sizeof kHashes[0]] = {};
  const auto index = static_cast<std::size_t>(h);
  if (cache[index] == nullptr) cache[index] = digest(info(h).openssl_name);
  return cache[index];
}

// One digest context per thread (a backend has one), reinitialised by every hash_name call;
// kept for the life of the process, like the fetched digests.
EVP_MD_CTX* digest_context() {
  static thread_local EVP_MD_CTX* ctx = nullptr;
  if (ctx == nullptr) ctx = EVP_MD_CTX_new();
  if (ctx == nullptr) throw std::bad_alloc();
  return ctx;
}

// RFC 9562 §5.3/§5.5/Appendix B.2: hash(namespace octets || name), the first 128 bits kept, then
// version and variant overwritten (§4.1, §4.2).
Uuid hash_name(const EVP_MD* md, bool xof, const Uuid& ns, Bytes name, int version) {
  EVP_MD_CTX* ctx = digest_context();
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  bool ok = EVP_DigestInit_ex(ctx, md, nullptr) == 1 && EVP_DigestUpdate(ctx, ns.data(), ns.size()) == 1 &&
            (name.size == 0 || EVP_DigestUpdate(ctx, name.data, name.size) == 1);
  if (ok && xof) {
    ok = EVP_DigestFinalXOF(ctx, out, 16) == 1;  // Appendix B.2: at least 128 bits of output
    len = 16;
  } else if (ok) {
    ok = EVP_DigestFinal_ex(ctx, out, &len) == 1;
  }
  if (!ok || len < 16)
    throw Error(Errc::digest_failure, std::string("could not compute the ") + EVP_MD_get0_name(md) + " digest");
  Uuid u;
  for (std::size_t i = 0; i < u.size(); ++i) u[i] = out[i];
  stamp_version(u, version);
  return u;
}

}  // namespace

NameHash parse_name_hash(std::string_view name) {
  for (const auto& i : kHashes)
    if (equals_ignoring_ascii_case(name, i.name)) return i.hash;
  throw Error(Errc::invalid_parameter,
              "unsupported hash algorithm for name-based UUIDv8: " + quote_for_message(name, 64),
              std::string("Supported algorithms are ") + kSupported + " (case-insensitive).");
}

const char* name_hash_name(NameHash h) noexcept { return info(h).name; }

const char* supported_name_hashes() noexcept { return kSupported; }

Uuid generate_v3(const Uuid& ns, Bytes name) { return hash_name(md5(), false, ns, name, 3); }

Uuid generate_v5(const Uuid& ns, Bytes name) { return hash_name(sha1(), false, ns, name, 5); }

Uuid generate_v8_name(const Uuid& ns, Bytes name, NameHash hash) {
  return hash_name(digest_of(hash), info(hash).xof, ns, name, 8);
}

Uuid generate_v8(Bytes custom) {
  if (custom.size != 16)
    throw Error(Errc::invalid_parameter,
                "invalid length for UUIDv8 custom data: " + std::to_string(custom.size) + " bytes",
                "uuid_generate_v8 takes exactly 16 bytes (128 bits); the version and variant bits are overwritten.");
  Uuid u;
  for (std::size_t i = 0; i < u.size(); ++i) u[i] = custom.data[i];
  stamp_version(u, 8);  // §5.8: custom_a, custom_b and custom_c are kept
  return u;
}

}  // namespace uuidx
