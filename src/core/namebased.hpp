// namebased.hpp: name-based UUIDs (RFC 9562 §5.3 v3, §5.5 v5, Appendix B.2 name-based v8), the
// custom v8 of §5.8 and the namespace IDs of §6.6. Pure functions over OpenSSL's digests.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "uuid.hpp"

namespace uuidx {

// A name's bytes as given (text in the database encoding, or raw bytea): no copy, no ownership.
struct Bytes {
  const std::uint8_t* data = nullptr;
  std::size_t size = 0;
};

inline Bytes bytes_of(std::string_view s) noexcept {
  return Bytes{reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

// RFC 9562 §6.6 Table 3: the well-known namespace IDs.
constexpr Uuid kNamespaceDns{0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1,
                             0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8};
constexpr Uuid kNamespaceUrl{0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1,
                             0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8};
constexpr Uuid kNamespaceOid{0x6b, 0xa7, 0xb8, 0x12, 0x9d, 0xad, 0x11, 0xd1,
                             0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8};
constexpr Uuid kNamespaceX500{0x6b, 0xa7, 0xb8, 0x14, 0x9d, 0xad, 0x11, 0xd1,
                              0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8};

// The hash functions of name-based v8 (Appendix B.2). The SHAKE functions are read to 128 bits.
enum class NameHash {
  sha224,
  sha256,
  sha384,
  sha512,
  sha512_224,
  sha512_256,
  sha3_224,
  sha3_256,
  sha3_384,
  sha3_512,
  shake128,
  shake256,
};

// The algorithm named by `name` (case-insensitive: "sha256", "SHA3-512", "shake128", ...).
// Throws Error(invalid_parameter) naming the input and listing the supported names.
NameHash parse_name_hash(std::string_view name);

// The canonical lower-case name of an algorithm ("sha512-256").
const char* name_hash_name(NameHash h) noexcept;

// The supported names, comma-separated, for messages and docs.
const char* supported_name_hashes() noexcept;

// RFC 9562 §5.3: MD5 over the namespace's 16 octets then the name, version 3.
Uuid generate_v3(const Uuid& ns, Bytes name);

// RFC 9562 §5.5: SHA-1 over the namespace's 16 octets then the name, version 5.
Uuid generate_v5(const Uuid& ns, Bytes name);

// RFC 9562 Appendix B.2: as §5.5 with a modern hash, version 8.
Uuid generate_v8_name(const Uuid& ns, Bytes name, NameHash hash);

// RFC 9562 §5.8: the 16 given octets with version 8 and the variant stamped over them; the other
// 122 bits are kept. Throws Error(invalid_parameter) naming the length when it is not 16.
Uuid generate_v8(Bytes custom);

}  // namespace uuidx
