// Text helpers for messages: UTF-8-safe cuts and case-insensitive name lookup.
#include <gtest/gtest.h>

#include "message.hpp"

namespace uuidx {
namespace {

TEST(Message, PrefixNeverEndsInsideAUtf8Character) {
  const std::string text =
      "ab\xC3\xA9"
      "cd";  // "abécd": é is two bytes at offsets 2-3
  EXPECT_EQ(utf8_prefix_length(text, 10), text.size());
  EXPECT_EQ(utf8_prefix_length(text, 4), 4u);
  EXPECT_EQ(utf8_prefix_length(text, 3), 2u);    // would split é
  const std::string emoji = "\xF0\x9F\x98\x80";  // one four-byte character
  for (std::size_t max = 0; max < 4; ++max) EXPECT_EQ(utf8_prefix_length(emoji, max), 0u);
}

TEST(Message, QuoteMarksACut) {
  EXPECT_EQ(quote_for_message("sha256", 64), "\"sha256\"");
  EXPECT_EQ(quote_for_message("abcdef", 3), "\"abc...\"");
  EXPECT_EQ(quote_for_message("ab\xC3\xA9", 3), "\"ab...\"");
  EXPECT_EQ(quote_for_message("", 3), "\"\"");
}

TEST(Message, NamesMatchIgnoringAsciiCaseOnly) {
  EXPECT_TRUE(equals_ignoring_ascii_case("SHA3-256", "sha3-256"));
  EXPECT_TRUE(equals_ignoring_ascii_case("Base32", "base32"));
  EXPECT_FALSE(equals_ignoring_ascii_case("base3", "base32"));
  EXPECT_FALSE(equals_ignoring_ascii_case("base32 ", "base32"));
  EXPECT_FALSE(equals_ignoring_ascii_case("BASE\xC3\xA9",
                                          "base\xC3\xA9"
                                          "x"));
}

}  // namespace
}  // namespace uuidx
