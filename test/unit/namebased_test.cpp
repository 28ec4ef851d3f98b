// Name-based v3/v5/v8, custom v8 and the namespace IDs: RFC 9562 A.2, A.4, B.1 and B.2 vectors.
#include "fakes.hpp"
#include "namebased.hpp"

namespace uuidx {
namespace {

using namespace testing;

const Bytes kName = bytes_of("www.example.com");  // the name of the A.2, A.4 and B.2 vectors

TEST(Namespaces, Section6_6Table3) {
  EXPECT_EQ(to_string(kNamespaceDns), "6ba7b810-9dad-11d1-80b4-00c04fd430c8");
  EXPECT_EQ(to_string(kNamespaceUrl), "6ba7b811-9dad-11d1-80b4-00c04fd430c8");
  EXPECT_EQ(to_string(kNamespaceOid), "6ba7b812-9dad-11d1-80b4-00c04fd430c8");
  EXPECT_EQ(to_string(kNamespaceX500), "6ba7b814-9dad-11d1-80b4-00c04fd430c8");
}

TEST(AppendixA, V3VectorA2) { EXPECT_EQ(generate_v3(kNamespaceDns, kName), U("5df41881-3aed-3515-88a7-2f4a814cf09e")); }

TEST(AppendixA, V5VectorA4) { EXPECT_EQ(generate_v5(kNamespaceDns, kName), U("2ed6657d-e927-568b-95e1-2665a8aea6a2")); }

TEST(AppendixB, V8TimeBasedB1) {
  // custom_a 0x2489E9AD2EE2, custom_b 0xE00, custom_c 0b00,0xEC932D5F69181C0; the version and
  // variant positions hold zeros here and are overwritten.
  const std::uint8_t in[16] = {0x24, 0x89, 0xE9, 0xAD, 0x2E, 0xE2, 0x0E, 0x00,
                               0x0E, 0xC9, 0x32, 0xD5, 0xF6, 0x91, 0x81, 0xC0};
  EXPECT_EQ(generate_v8(Bytes{in, 16}), U("2489E9AD-2EE2-8E00-8EC9-32D5F69181C0"));
}

TEST(AppendixB, V8NameBasedSha256B2) {
  EXPECT_EQ(generate_v8_name(kNamespaceDns, kName, NameHash::sha256), U("5c146b14-3c52-8afd-938a-375d0df1fbf6"));
}

// Every other algorithm, against values computed independently with Python's hashlib
// (hash(DNS namespace || "www.example.com"), first 16 octets, version 8 and variant stamped).
TEST(AppendixB, V8NameBasedEveryAlgorithm) {
  const struct {
    const char* sql_name;
    const char* expected;
  } cases[] = {
      {"sha224", "8e18fffc-a698-89f4-8c42-207c38ad0500"},     {"sha256", "5c146b14-3c52-8afd-938a-375d0df1fbf6"},
      {"sha384", "3df00ae4-42a7-8066-88ad-1f925b8b8e54"},     {"sha512", "94ee4ddb-9f36-8018-9ccf-86a4441691e0"},
      {"sha512-224", "46dd4220-8334-8103-9234-f400899c5328"}, {"sha512-256", "062a235a-8c0b-8746-af8c-91804052a16a"},
      {"sha3-224", "a8c34b94-7182-8ad1-a84f-36a373df13d5"},   {"sha3-256", "fc506eca-a1f4-8315-87c8-c71449dfd324"},
      {"sha3-384", "ab4f9412-4e4c-87a5-be26-dc72f9adf6ed"},   {"sha3-512", "83120d41-2935-8110-964c-6bd77c735fbc"},
      {"shake128", "54e7e64f-0dba-8913-8b69-cd3dbf220c7a"},   {"shake256", "10e1aa77-4f8c-8a0f-be35-354cc01a76ac"},
  };
  for (const auto& c : cases) {
    const NameHash h = parse_name_hash(c.sql_name);
    EXPECT_STREQ(name_hash_name(h), c.sql_name);
    EXPECT_EQ(to_string(generate_v8_name(kNamespaceDns, kName, h)), c.expected) << c.sql_name;
  }
}

TEST(NameHashNames, CaseInsensitive) {
  EXPECT_EQ(parse_name_hash("SHA256"), NameHash::sha256);
  EXPECT_EQ(parse_name_hash("Sha3-512"), NameHash::sha3_512);
  EXPECT_EQ(parse_name_hash("SHAKE128"), NameHash::shake128);
}

TEST(NameHashNames, UnknownListsTheSupportedNames) {
  for (const char* bad : {"md5", "sha1", "sha-256", "sha256 ", "", "sha3_256", "shake"}) {
    const Error e = error_of([&] { parse_name_hash(bad); });
    EXPECT_EQ(e.code(), Errc::invalid_parameter) << bad;
    EXPECT_EQ(std::string(e.what()), std::string("unsupported hash algorithm for name-based UUIDv8: \"") + bad + "\"");
    EXPECT_NE(e.detail().find(supported_name_hashes()), std::string::npos);
  }
}

TEST(NameBased, EmptyAndBinaryNamesAreHashedAsGiven) {
  const std::uint8_t binary[] = {0x00, 0xff, 0x80, 0x00};
  const Uuid empty3 = generate_v3(kNamespaceUrl, Bytes{});
  const Uuid empty5 = generate_v5(kNamespaceUrl, Bytes{});
  EXPECT_EQ(version_of(empty3), 3);
  EXPECT_EQ(version_of(empty5), 5);
  EXPECT_NE(generate_v5(kNamespaceUrl, Bytes{binary, 4}), generate_v5(kNamespaceUrl, Bytes{binary, 3}));
  // The namespace matters: same name, another namespace, another value.
  EXPECT_NE(generate_v5(kNamespaceDns, Bytes{}), empty5);
}

TEST(NameBased, VersionAndVariantAreStamped) {
  FakeRandom rng;
  for (int i = 0; i < 200; ++i) {
    std::uint8_t name[37];
    rng.fill(name, sizeof name);
    Uuid ns;
    rng.fill(ns.data(), ns.size());
    const Bytes b{name, static_cast<std::size_t>(i % 38)};
    EXPECT_EQ(version_of(generate_v3(ns, b)), 3);
    EXPECT_EQ(version_of(generate_v5(ns, b)), 5);
    EXPECT_EQ(version_of(generate_v8_name(ns, b, NameHash::shake256)), 8);
    EXPECT_EQ(variant_of(generate_v8_name(ns, b, NameHash::sha512)), Variant::rfc9562);
  }
}

TEST(CustomV8, Keeps122BitsAndStampsTheRest) {
  std::uint8_t ones[16];
  for (auto& b : ones) b = 0xff;
  EXPECT_EQ(generate_v8(Bytes{ones, 16}), U("ffffffff-ffff-8fff-bfff-ffffffffffff"));
  const std::uint8_t zeros[16] = {};
  EXPECT_EQ(generate_v8(Bytes{zeros, 16}), U("00000000-0000-8000-8000-000000000000"));
}

TEST(CustomV8, OtherLengthsNameTheLength) {
  const std::uint8_t buf[17] = {};
  for (std::size_t n : {0, 1, 15, 17}) {
    const Error e = error_of([&] { generate_v8(Bytes{buf, n}); });
    EXPECT_EQ(e.code(), Errc::invalid_parameter) << n;
    EXPECT_EQ(std::string(e.what()), "invalid length for UUIDv8 custom data: " + std::to_string(n) + " bytes");
  }
}

}  // namespace
}  // namespace uuidx
