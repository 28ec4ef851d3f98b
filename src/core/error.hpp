// error.hpp: the one exception type the core throws; the glue turns it into an ereport.
#pragma once

#include <stdexcept>
#include <string>

namespace uuidx {

// Error classes, each mapped to one SQLSTATE by the glue.
enum class Errc {
  invalid_parameter,   // 22023 invalid_parameter_value
  invalid_text,        // 22P02 invalid_text_representation
  datetime_overflow,   // 22008 datetime_field_overflow
  random_failure,      // XX000 internal_error: the CSPRNG could not deliver (as PostgreSQL's own)
  digest_failure,      // 58000 system_error: OpenSSL failed while hashing
  digest_unavailable,  // 0A000 feature_not_supported: OpenSSL lacks a digest (e.g. FIPS)
};

// Messages follow PostgreSQL's style: `message` lower case without a final period, `detail` and
// `hint` full sentences (either may be empty).
class Error : public std::runtime_error {
 public:
  Error(Errc code, const std::string& message, std::string detail = {}, std::string hint = {})
      : std::runtime_error(message), code_(code), detail_(std::move(detail)), hint_(std::move(hint)) {}

  Errc code() const noexcept { return code_; }
  const std::string& detail() const noexcept { return detail_; }
  const std::string& hint() const noexcept { return hint_; }

 private:
  Errc code_;
  std::string detail_;
  std::string hint_;
};

}  // namespace uuidx
