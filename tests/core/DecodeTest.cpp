#include <gtest/gtest.h>

#include "core/exact/DecimalText.h"
#include "core/format/Codec.h"
#include "core/format/Registry.h"

namespace floatscope {
namespace {

TEST(Decode, FieldsAndValue)
{
    const Decoded d = decode(namedFormat("bf16"), 0x3DCD);
    EXPECT_EQ(d.valueClass, ValueClass::Normal);
    EXPECT_FALSE(d.negative);
    EXPECT_EQ(d.exponentField, 123u);
    EXPECT_EQ(d.mantissaField, 77u);
    EXPECT_EQ(exactDecimal(d.value), "0.10009765625");
}

TEST(Decode, SpecialCodesPerConvention)
{
    EXPECT_EQ(decode(namedFormat("fp16"), 0x7C00).valueClass, ValueClass::Infinite);
    EXPECT_EQ(decode(namedFormat("fp16"), 0xFE00).valueClass, ValueClass::NaN);
    EXPECT_EQ(decode(namedFormat("e4m3fn"), 0x7F).valueClass, ValueClass::NaN);
    EXPECT_EQ(decode(namedFormat("e4m3fn"), 0x7E).valueClass, ValueClass::Normal);
    EXPECT_EQ(decode(namedFormat("e4m3fn"), 0x78).valueClass, ValueClass::Normal);  // 256: no inf in FN
    EXPECT_EQ(decode(namedFormat("e4m3"), 0x78).valueClass, ValueClass::Infinite);  // teaching e4m3 has inf
    EXPECT_EQ(decode(namedFormat("e4m3fnuz"), 0x80).valueClass, ValueClass::NaN);
    EXPECT_EQ(decode(namedFormat("e4m3fnuz"), 0x7F).valueClass, ValueClass::Normal);
    EXPECT_EQ(decode(namedFormat("e8m0"), 0xFF).valueClass, ValueClass::NaN);
    EXPECT_EQ(decode(namedFormat("e2m1"), 0xF).valueClass, ValueClass::Normal);
    EXPECT_EQ(exactDecimal(decode(namedFormat("e2m1"), 0xF).value), "-6");
    EXPECT_EQ(decode(namedFormat("fp32"), 0x00000001).valueClass, ValueClass::Subnormal);
}

TEST(Decode, NanPayloadIsLeftAligned)
{
    const Decoded d = decode(namedFormat("fp32"), 0x7FA5A5A5);
    EXPECT_EQ(d.nanPayload, std::uint64_t{0x25A5A5} << 41);
}

// encodeExact is decode's inverse on every finite code (-0 aside, which encodes as its value).
class EncodeInverse : public testing::TestWithParam<std::string> {};

TEST_P(EncodeInverse, EveryFiniteCode)
{
    const Format& f = namedFormat(GetParam());
    for (std::uint64_t code = 0; code <= f.codeMask(); ++code) {
        const Decoded d = decode(f, code);
        if (d.valueClass == ValueClass::NaN || d.valueClass == ValueClass::Infinite)
            continue;
        ASSERT_EQ(encodeExact(f, d.value), code) << f.name() << " code " << code;
    }
}

INSTANTIATE_TEST_SUITE_P(SmallFormats, EncodeInverse,
                         testing::Values("fp16", "bf16", "e4m3fn", "e4m3", "e5m2", "e4m3fnuz", "e5m2fnuz", "e2m3",
                                         "e3m2", "e2m1", "e8m0"));

}  // namespace
}  // namespace floatscope
