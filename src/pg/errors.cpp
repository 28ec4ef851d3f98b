// errors.cpp: core failures to ereport, and timestamps across the boundary.
#include "../core/message.hpp"
#include "../core/timeutil.hpp"
#include "pg.hpp"

extern "C" {
#include "mb/pg_wchar.h"
}

namespace uuidx_pg {

std::size_t database_prefix_length(std::string_view text, std::size_t max_bytes) noexcept {
  if (text.size() <= max_bytes) return text.size();
  // pg_mbcliplen cuts at a character boundary of the database encoding (EUC_JP's second bytes
  // look like UTF-8 continuation bytes, so a UTF-8 cut could split one). It reads no more than
  // the characters it keeps and raises no error.
  return static_cast<std::size_t>(pg_mbcliplen(
      text.data(), static_cast<int>(text.size() < 0x7fffffff ? text.size() : 0x7fffffff), static_cast<int>(max_bytes)));
}

namespace {

void copy_text(char* dst, std::size_t size, const char* src) noexcept {
  // Long messages are cut, never overrun, and never inside a character (they quote inputs in
  // the database's encoding).
  const std::size_t n = database_prefix_length(src, size - 1);
  std::memcpy(dst, src, n);
  dst[n] = '\0';
}

int sqlstate_of(uuidx::Errc code) noexcept {
  switch (code) {
    case uuidx::Errc::invalid_parameter:
      return ERRCODE_INVALID_PARAMETER_VALUE;
    case uuidx::Errc::invalid_text:
      return ERRCODE_INVALID_TEXT_REPRESENTATION;
    case uuidx::Errc::datetime_overflow:
      return ERRCODE_DATETIME_FIELD_OVERFLOW;
    case uuidx::Errc::random_failure:
      // As PostgreSQL's own gen_random_uuid(), uuidv4() and uuidv7() report the same message:
      // an application handles a failing generator the same way whichever function it called.
      return ERRCODE_INTERNAL_ERROR;
    case uuidx::Errc::digest_failure:
      return ERRCODE_SYSTEM_ERROR;
    case uuidx::Errc::digest_unavailable:
      return ERRCODE_FEATURE_NOT_SUPPORTED;
  }
  return ERRCODE_INTERNAL_ERROR;
}

}  // namespace

void capture(CoreFailure& failure, const uuidx::Error& e) noexcept {
  failure.failed = true;
  failure.code = e.code();
  copy_text(failure.message, sizeof failure.message, e.what());
  copy_text(failure.detail, sizeof failure.detail, e.detail().c_str());
  copy_text(failure.hint, sizeof failure.hint, e.hint().c_str());
}

void capture_unexpected(CoreFailure& failure, const char* what) noexcept {
  failure.failed = true;
  copy_text(failure.message, sizeof failure.message, what);
  failure.detail[0] = '\0';
  failure.hint[0] = '\0';
  failure.unexpected = true;
}

void raise(const CoreFailure& failure) {
  if (failure.out_of_memory) ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("out of memory")));
  if (failure.unexpected)
    ereport(ERROR, (errcode(ERRCODE_INTERNAL_ERROR), errmsg("unexpected failure in uuidx: %s", failure.message)));
  ereport(ERROR,
          (errcode(sqlstate_of(failure.code)), errmsg("%s", failure.message),
           failure.detail[0] ? errdetail("%s", failure.detail) : 0, failure.hint[0] ? errhint("%s", failure.hint) : 0));
  pg_unreachable();
}

std::int64_t unix_micros_arg(TimestampTz ts) noexcept {
  if (TIMESTAMP_IS_NOBEGIN(ts)) return uuidx::kInfinitePast;
  if (TIMESTAMP_IS_NOEND(ts)) return uuidx::kInfiniteFuture;
  std::int64_t unix_us;
  if (__builtin_add_overflow(static_cast<std::int64_t>(ts), kPgEpochUnixMicros, &unix_us) ||
      unix_us >= uuidx::kBeyondUnixMicros)
    return uuidx::kBeyondUnixMicros;
  return unix_us;
}

}  // namespace uuidx_pg
