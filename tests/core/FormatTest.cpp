#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/exact/DecimalText.h"
#include "core/format/Registry.h"

namespace floatscope {
namespace {

TEST(Registry, CanonicalNamesAndAliases)
{
    const std::pair<const char*, const char*> cases[] = {
        {"bf16", "bf16"},          {"bfloat16", "bf16"},          {"torch.bfloat16", "bf16"},
        {"__nv_bfloat16", "bf16"}, {"HALF", "fp16"},              {"float8_e4m3fn", "e4m3fn"},
        {"__nv_fp8_e4m3", "e4m3fn"}, {"float8_e5m2fnuz", "e5m2fnuz"}, {"float4_e2m1fn", "e2m1"},
        {"float8_e8m0fnu", "e8m0"}, {"float8_e4m3", "e4m3"},         {"double", "fp64"},
        {"tensorfloat32", "tf32"}, {"fp6_e3m2", "e3m2"},
    };
    for (const auto& [alias, canonical] : cases) {
        const FormatLookup f = lookupFormat(alias);
        ASSERT_TRUE(f.format) << alias;
        EXPECT_EQ(f.format->name(), canonical) << alias;
    }
}

TEST(Registry, EveryAliasIsUnique)
{
    std::set<std::string> seen;
    for (const Format& f : namedFormats()) {
        EXPECT_TRUE(seen.insert(f.name()).second) << f.name();
        for (const std::string& a : f.aliases())
            EXPECT_TRUE(seen.insert(a).second) << a;
    }
}

TEST(Registry, UnknownFormatSaysSo)
{
    const FormatLookup f = lookupFormat("bf17");
    EXPECT_FALSE(f.format);
    ASSERT_TRUE(f.error);
    EXPECT_EQ(f.error->kind, FormatErrorKind::UnknownName);
    EXPECT_EQ(f.error->text, "bf17");
}

TEST(Registry, CustomFormats)
{
    const FormatLookup e5m4 = lookupFormat("e5m4");
    ASSERT_TRUE(e5m4.format);
    EXPECT_EQ(e5m4.format->bias(), 15);
    EXPECT_EQ(e5m4.format->convention(), Convention::Ieee);
    EXPECT_EQ(e5m4.format->totalBits(), 10);

    const FormatLookup fnuz = lookupFormat("e3m4fnuz");
    ASSERT_TRUE(fnuz.format);
    EXPECT_EQ(fnuz.format->bias(), 4);
    EXPECT_EQ(fnuz.format->convention(), Convention::Fnuz);

    const FormatLookup scale = lookupFormat("e5m0fnu");
    ASSERT_TRUE(scale.format);
    EXPECT_EQ(scale.format->signBits(), 0);
    EXPECT_FALSE(scale.format->hasZero());

    const FormatLookup biased = lookupFormat("e4m3fnb8");
    ASSERT_TRUE(biased.format);
    EXPECT_EQ(biased.format->bias(), 8);
    EXPECT_EQ(exactDecimal(biased.format->maxFinite()), "224");

    // Each refusal with its kind, and the name as typed.
    const auto refusal = [](std::string_view text) {
        const FormatLookup f = lookupFormat(text);
        EXPECT_FALSE(f.format) << text;
        EXPECT_EQ(f.error ? f.error->text : std::string(), text);
        return f.error ? f.error->kind : FormatErrorKind::UnknownName;
    };
    EXPECT_EQ(refusal("e12m3"), FormatErrorKind::ExponentBitsOutOfRange);
    EXPECT_EQ(refusal("e4m53"), FormatErrorKind::MantissaBitsOutOfRange);
    EXPECT_EQ(refusal("e1m2"), FormatErrorKind::IeeeNeedsInfAndNan);  // IEEE needs two exponent bits for inf/NaN
    EXPECT_EQ(refusal("e1m0fn"), FormatErrorKind::ConventionTooNarrow);
    EXPECT_EQ(refusal("e4m3b5000"), FormatErrorKind::BiasOutOfRange);
    EXPECT_EQ(refusal("e4m3bx"), FormatErrorKind::BadBias);
    EXPECT_EQ(refusal("e4m3xyz"), FormatErrorKind::UnknownName);
    EXPECT_EQ(makeCustomFormat(4, 3, Convention::Ieee, 4097).error->kind, FormatErrorKind::BiasOutOfRange);
    EXPECT_EQ(makeCustomFormat(4, 3, Convention::Ieee, 4097).error->text, "");
    EXPECT_TRUE(makeCustomFormat(4, 3, Convention::Ieee, 4096).format);
}

// Derived properties against the values the specs print (IEEE 754 Table 3.5, OFP8 Table 1, MX v1.0).
struct Expected {
    const char* name;
    const char* max;
    const char* minNormal;
    const char* minSubnormal;
    const char* epsilon;
    int binades;
    int normalBinades;
};

class Derived : public testing::TestWithParam<Expected> {};

TEST_P(Derived, MatchSpec)
{
    const Expected& e = GetParam();
    const Format& f = namedFormat(e.name);
    EXPECT_EQ(exactDecimal(f.maxFinite()), e.max);
    EXPECT_EQ(exactDecimal(f.minNormal()), e.minNormal);
    EXPECT_EQ(exactDecimal(f.minSubnormal()), e.minSubnormal);
    EXPECT_EQ(exactDecimal(f.epsilon()), e.epsilon);
    EXPECT_EQ(f.binades(), e.binades);
    EXPECT_EQ(f.normalBinades(), e.normalBinades);
}

INSTANTIATE_TEST_SUITE_P(
    NamedFormats, Derived,
    testing::Values(
        Expected{"fp16", "65504", "0.00006103515625", "0.000000059604644775390625", "0.0009765625", 40, 30},
        Expected{"e4m3fn", "448", "0.015625", "0.001953125", "0.125", 18, 15},
        Expected{"e4m3", "240", "0.015625", "0.001953125", "0.125", 17, 14},
        Expected{"e5m2", "57344", "0.00006103515625", "0.0000152587890625", "0.25", 32, 30},
        Expected{"e4m3fnuz", "240", "0.0078125", "0.0009765625", "0.125", 18, 15},
        Expected{"e5m2fnuz", "57344", "0.000030517578125", "0.00000762939453125", "0.25", 33, 31},
        Expected{"e2m3", "7.5", "1", "0.125", "0.125", 6, 3},
        Expected{"e3m2", "28", "0.25", "0.0625", "0.25", 9, 7},
        Expected{"e2m1", "6", "1", "0.5", "0.5", 4, 3}),
    [](const testing::TestParamInfo<Expected>& info) { return std::string(info.param.name); });

TEST(Derived, Bf16KeepsFp32Range)
{
    const Format& f = namedFormat("bf16");
    EXPECT_EQ(f.maxFinite(), (Dyadic{false, 255, 120}));  // (2 - 2^-7) * 2^127
    EXPECT_EQ(f.minNormal(), (Dyadic{false, 1, -126}));
    EXPECT_EQ(f.minSubnormal(), (Dyadic{false, 1, -133}));
    EXPECT_EQ(f.epsilon(), (Dyadic{false, 1, -7}));
    EXPECT_EQ(f.binades(), 261);
    EXPECT_EQ(f.normalBinades(), 254);
}

TEST(Derived, E8m0SpansTwoToTheMinus127To127)
{
    const Format& f = namedFormat("e8m0");
    EXPECT_EQ(f.maxFinite(), (Dyadic{false, 1, 127}));
    EXPECT_EQ(f.minSubnormal(), (Dyadic{false, 1, -127}));
    EXPECT_EQ(f.binades(), 255);
    EXPECT_FALSE(f.hasZero());
    EXPECT_FALSE(f.hasInfinity());
}

TEST(Derived, TeachingE4m3AndOcpE4m3AreDifferentRows)
{
    EXPECT_FALSE(namedFormat("e4m3") == namedFormat("e4m3fn"));
    EXPECT_TRUE(namedFormat("e4m3").hasInfinity());
    EXPECT_FALSE(namedFormat("e4m3fn").hasInfinity());
}

TEST(Derived, Decades)
{
    EXPECT_NEAR(namedFormat("fp16").decades(), 12.04, 0.01);
    EXPECT_NEAR(namedFormat("fp16").normalDecades(), 9.03, 0.01);
    EXPECT_NEAR(namedFormat("fp32").normalDecades(), 76.46, 0.01);
}

}  // namespace
}  // namespace floatscope
