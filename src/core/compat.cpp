// compat.cpp: uuid-ossp's v1mc and PostgreSQL 18's timestamp extraction.
#include "compat.hpp"

#include "layout.hpp"

namespace uuidx {

Uuid generate_v1mc(GregorianState& state, std::int64_t now_ns, RandomSource& rng) {
  Uuid u = generate_v1(state, now_ns, rng);
  const Node fresh = random_multicast_node(rng);  // §6.10: multicast bit set
  for (std::size_t i = 0; i < fresh.size(); ++i) u[10 + i] = fresh[i];  // §5.1: node, octets 10-15
  return u;
}

std::optional<std::int64_t> pg18_extract_timestamp(const Uuid& u) noexcept {
  const int version = version_of(u);  // -1 unless the RFC 9562 variant
  if (version != 1 && version != 7) return std::nullopt;
  return unix_micros(u, false);
}

}  // namespace uuidx
