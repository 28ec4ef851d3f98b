// uuid.cpp: names of UUID fields.
#include "uuid.hpp"

namespace uuidx {

const char* variant_name(Variant v) noexcept {
  switch (v) {
    case Variant::ncs:
      return "NCS";
    case Variant::rfc9562:
      return "RFC 9562";
    case Variant::microsoft:
      return "Microsoft";
    case Variant::reserved:
      return "reserved";
  }
  return "unknown";
}

}  // namespace uuidx
