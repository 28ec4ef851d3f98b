// compat.cpp: uuid-ossp's v1mc and PostgreSQL 18's timestamp extraction.
#include "compat.hpp"

#include "bytes.hpp"
#include "layout.hpp"

namespace uuidx {

Uuid generate_v1mc(GregorianState& state, std::int64_t now_ns, RandomSource& rng) {
  Uuid u = generate_v1(state, now_ns, rng);
  const Node fresh = random_multicast_node(rng);  // §6.10: multicast bit set
  // §5.1: node, octets 10-15, written with one 8-byte store over octets 8-15 (clock_seq kept):
  // byte stores read back as a wide word stall the CPU (issue 5, see bytes.hpp).
  std::uint64_t low = load_be64(u.data() + 8) & 0xffff000000000000u;
  for (std::size_t i = 0; i < fresh.size(); ++i) low |= std::uint64_t{fresh[i]} << (40 - 8 * i);
  store_be64(u.data() + 8, low);
  return u;
}

std::optional<std::int64_t> pg18_extract_timestamp(const Uuid& u) noexcept {
  const int version = version_of(u);  // -1 unless the RFC 9562 variant
  if (version != 1 && version != 7) return std::nullopt;
  return unix_micros(u, false);
}

}  // namespace uuidx
