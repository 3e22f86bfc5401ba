// Every code of every format of 16 bits or fewer decodes to the values the specs give
// (DESIGN.md, "Verification standard"). The expectations here are written out independently of
// the engine: a first-principles decoder (value = (-1)^s * 2^(e - bias) * (1 + m / 2^M), subnormals
// 2^(1 - bias) * (m / 2^M)) with the special-value rule of each convention, the literal extremes of
// the spec tables, and, where the machine has one, the hardware's own decoding (fp32 bit casts for
// bf16 and tf32, _Float16 for fp16, double for fp64).
//
// Sources: IEEE 754-2019 3.6 (binary16: max 65504, min normal 2^-14, min subnormal 2^-24);
// OCP 8-bit Floating Point Specification (OFP8) rev 1.0, Table 1 (E4M3: bias 7, no inf, NaN S.1111.111,
// max S.1111.110 = 448, min normal 2^-6, min subnormal 2^-9; E5M2: bias 15, inf S.11111.00,
// NaN S.11111.{01,10,11}, max 57344, min normal 2^-14, min subnormal 2^-16); OCP Microscaling (MX)
// Formats v1.0, 5.3.2-5.4 (E2M3: max 7.5, min normal 1.0, min subnormal 0.125; E3M2: max 28,
// min normal 0.25, min subnormal 0.0625; E2M1: max 6, min normal 1.0, min subnormal 0.5;
// E8M0: 2^-127..2^127, NaN 0xFF, no zero, no sign).

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gmpxx.h>

#include "core/exact/ExactValue.h"
#include "core/format/Codec.h"
#include "core/format/Format.h"
#include "core/format/Registry.h"

namespace floatscope {
namespace {

enum class Kind { Ieee, Fn, Fnuz, Unsigned, Finite };

// One row per format: its shape and convention, and the spec's literal extremes.
struct Table {
    const char* name;
    int e;
    int m;
    int bias;
    Kind kind;
    double max;
    std::uint64_t maxCode;
    double minNormal;
    std::uint64_t minNormalCode;
    double minSubnormal;     // smallest positive value
    std::uint64_t minSubnormalCode;
    double epsilon;          // next value above 1, minus 1
    int nanCount;
    std::vector<std::uint64_t> infCodes;
    int zeroCount;
};

const std::vector<Table>& tables()
{
    static const std::vector<Table> t = {
        {"fp16", 5, 10, 15, Kind::Ieee, 65504.0, 0x7BFF, 0x1p-14, 0x0400, 0x1p-24, 0x0001, 0x1p-10, 2046,
         {0x7C00, 0xFC00}, 2},
        {"bf16", 8, 7, 127, Kind::Ieee, 0x1.fep127, 0x7F7F, 0x1p-126, 0x0080, 0x1p-133, 0x0001, 0x1p-7, 254,
         {0x7F80, 0xFF80}, 2},
        {"e4m3fn", 4, 3, 7, Kind::Fn, 448.0, 0x7E, 0x1p-6, 0x08, 0x1p-9, 0x01, 0.125, 2, {}, 2},
        {"e4m3", 4, 3, 7, Kind::Ieee, 240.0, 0x77, 0x1p-6, 0x08, 0x1p-9, 0x01, 0.125, 14, {0x78, 0xF8}, 2},
        {"e5m2", 5, 2, 15, Kind::Ieee, 57344.0, 0x7B, 0x1p-14, 0x04, 0x1p-16, 0x01, 0.25, 6, {0x7C, 0xFC}, 2},
        {"e4m3fnuz", 4, 3, 8, Kind::Fnuz, 240.0, 0x7F, 0x1p-7, 0x08, 0x1p-10, 0x01, 0.125, 1, {}, 1},
        {"e5m2fnuz", 5, 2, 16, Kind::Fnuz, 57344.0, 0x7F, 0x1p-15, 0x04, 0x1p-17, 0x01, 0.25, 1, {}, 1},
        {"e2m3", 2, 3, 1, Kind::Finite, 7.5, 0x1F, 1.0, 0x08, 0.125, 0x01, 0.125, 0, {}, 2},
        {"e3m2", 3, 2, 3, Kind::Finite, 28.0, 0x1F, 0.25, 0x04, 0.0625, 0x01, 0.25, 0, {}, 2},
        {"e2m1", 2, 1, 1, Kind::Finite, 6.0, 0x7, 1.0, 0x2, 0.5, 0x1, 0.5, 0, {}, 2},
        {"e8m0", 8, 0, 127, Kind::Unsigned, 0x1p127, 0xFE, 0x1p-127, 0x00, 0x1p-127, 0x00, 1.0, 1, {}, 0},
    };
    return t;
}

const Table& tableOf(const std::string& name)
{
    for (const Table& t : tables())
        if (name == t.name)
            return t;
    ADD_FAILURE() << "no table for " << name;
    return tables().front();
}

// A code decoded from first principles.
struct SpecCode {
    ValueClass valueClass = ValueClass::Zero;
    bool negative = false;
    std::uint64_t field = 0;
    std::uint64_t mantissa = 0;
    double value = 0;  // finite codes; exact for every format here (at most 12 significant bits)
};

SpecCode specDecode(const Table& t, std::uint64_t code)
{
    SpecCode c;
    const int width = t.e + t.m;
    const bool hasSign = t.kind != Kind::Unsigned;
    c.negative = hasSign && ((code >> width) & 1) != 0;
    c.field = (code >> t.m) & ((std::uint64_t{1} << t.e) - 1);
    c.mantissa = code & ((std::uint64_t{1} << t.m) - 1);
    const std::uint64_t allOnesField = (std::uint64_t{1} << t.e) - 1;
    const std::uint64_t allOnesMantissa = (std::uint64_t{1} << t.m) - 1;

    bool nan = false;
    bool inf = false;
    switch (t.kind) {
    case Kind::Ieee:  // exponent all ones: inf (mantissa 0) or NaN
        inf = c.field == allOnesField && c.mantissa == 0;
        nan = c.field == allOnesField && c.mantissa != 0;
        break;
    case Kind::Fn: nan = c.field == allOnesField && c.mantissa == allOnesMantissa; break;  // S.1111.111
    case Kind::Fnuz: nan = code == (std::uint64_t{1} << width); break;                       // 0x80, "-0"
    case Kind::Unsigned: nan = code == allOnesField; break;                                  // 0xFF
    case Kind::Finite: break;
    }
    if (nan) {
        c.valueClass = ValueClass::NaN;
        return c;
    }
    if (inf) {
        c.valueClass = ValueClass::Infinite;
        return c;
    }
    const double sign = c.negative ? -1.0 : 1.0;
    const double fraction = std::ldexp(static_cast<double>(c.mantissa), -t.m);  // m / 2^M
    if (t.kind != Kind::Unsigned && c.field == 0) {
        c.valueClass = c.mantissa == 0 ? ValueClass::Zero : ValueClass::Subnormal;
        c.value = sign * std::ldexp(fraction, 1 - t.bias);
    } else {
        c.valueClass = ValueClass::Normal;
        c.value = sign * std::ldexp(1.0 + fraction, static_cast<int>(c.field) - t.bias);
    }
    return c;
}

double toDouble(const Dyadic& d)
{
    const double magnitude = std::ldexp(static_cast<double>(d.significand), static_cast<int>(d.exponent));
    return d.negative ? -magnitude : magnitude;
}

std::string hex(std::uint64_t v)
{
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

std::uint64_t codeCount(const Table& t)
{
    return std::uint64_t{1} << (t.e + t.m + (t.kind == Kind::Unsigned ? 0 : 1));
}

// Collects disagreements and reports the first few, rather than one failure per code.
struct Mismatches {
    std::size_t count = 0;
    std::ostringstream first;
    void add(const std::string& what)
    {
        if (count++ < 8)
            first << "\n  " << what;
    }
};

class SpecTablesTest : public ::testing::TestWithParam<std::string> {};

TEST_P(SpecTablesTest, EveryCodeDecodesToItsSpecValue)
{
    const Table& t = tableOf(GetParam());
    const Format& f = namedFormat(t.name);
    ASSERT_EQ(f.exponentBits(), t.e);
    ASSERT_EQ(f.mantissaBits(), t.m);
    ASSERT_EQ(f.bias(), t.bias);

    Mismatches bad;
    for (std::uint64_t code = 0; code < codeCount(t); ++code) {
        const SpecCode want = specDecode(t, code);
        const Decoded d = decode(f, code);
        const std::string at = std::string(t.name) + " " + hex(code);
        if (d.valueClass != want.valueClass || f.classify(code) != want.valueClass)
            bad.add(at + ": class " + toString(d.valueClass) + " (classify " + toString(f.classify(code))
                    + "), expected " + toString(want.valueClass));
        if (d.negative != want.negative || d.exponentField != want.field || d.mantissaField != want.mantissa)
            bad.add(at + ": fields (" + std::to_string(d.negative) + ", " + std::to_string(d.exponentField) + ", "
                    + std::to_string(d.mantissaField) + "), expected (" + std::to_string(want.negative) + ", "
                    + std::to_string(want.field) + ", " + std::to_string(want.mantissa) + ")");

        const ExactValue x = ExactValue::fromCode(f, code);
        switch (want.valueClass) {
        case ValueClass::NaN: {
            const std::uint64_t payload = t.m == 0 ? 0 : want.mantissa << (64 - t.m);  // left-aligned
            if (d.nanPayload != payload)
                bad.add(at + ": NaN payload " + hex(d.nanPayload) + ", expected " + hex(payload));
            if (x.kind() != ExactValue::Kind::NaN)
                bad.add(at + ": fromCode is not NaN");
            break;
        }
        case ValueClass::Infinite:
            if (x.kind() != ExactValue::Kind::Infinite || x.negative() != want.negative)
                bad.add(at + ": fromCode is not " + (want.negative ? "-inf" : "+inf"));
            break;
        default: {
            const double got = toDouble(d.value);
            if (got != want.value || std::signbit(got) != want.negative)
                bad.add(at + ": value " + std::to_string(got) + ", expected " + std::to_string(want.value));
            if (!x.isFinite() || x.value() != mpq_class(want.value) || x.negative() != want.negative)
                bad.add(at + ": fromCode " + x.rationalText() + ", expected " + mpq_class(want.value).get_str()
                        + (want.negative ? " (negative)" : ""));
            break;
        }
        }
    }
    EXPECT_EQ(bad.count, 0u) << bad.count << " of " << codeCount(t) << " codes decode wrongly:" << bad.first.str();
}

TEST_P(SpecTablesTest, ExtremesAreTheSpecTableValues)
{
    const Table& t = tableOf(GetParam());
    const Format& f = namedFormat(t.name);

    // From the decoded codes themselves.
    double max = -INFINITY;
    double minPositive = INFINITY;
    double minNormal = INFINITY;
    double nextAboveOne = INFINITY;
    std::uint64_t maxCode = 0;
    std::uint64_t minPositiveCode = 0;
    std::uint64_t minNormalCode = 0;
    for (std::uint64_t code = 0; code < codeCount(t); ++code) {
        const Decoded d = decode(f, code);
        if (d.valueClass != ValueClass::Normal && d.valueClass != ValueClass::Subnormal)
            continue;
        const double v = toDouble(d.value);
        if (v > max) {
            max = v;
            maxCode = code;
        }
        if (v > 0 && v < minPositive) {
            minPositive = v;
            minPositiveCode = code;
        }
        if (v > 0 && d.valueClass == ValueClass::Normal && v < minNormal) {
            minNormal = v;
            minNormalCode = code;
        }
        if (v > 1 && v < nextAboveOne)
            nextAboveOne = v;
    }
    EXPECT_EQ(max, t.max) << t.name;
    EXPECT_EQ(maxCode, t.maxCode) << t.name;
    EXPECT_EQ(minNormal, t.minNormal) << t.name;
    EXPECT_EQ(minNormalCode, t.minNormalCode) << t.name;
    EXPECT_EQ(minPositive, t.minSubnormal) << t.name;
    EXPECT_EQ(minPositiveCode, t.minSubnormalCode) << t.name;
    EXPECT_EQ(nextAboveOne - 1, t.epsilon) << t.name;

    // The first-principles formula agrees with the spec's literals.
    EXPECT_EQ(specDecode(t, t.maxCode).value, t.max) << t.name;
    EXPECT_EQ(specDecode(t, t.minNormalCode).value, t.minNormal) << t.name;
    EXPECT_EQ(specDecode(t, t.minSubnormalCode).value, t.minSubnormal) << t.name;

    // And so do the engine's derived properties.
    EXPECT_EQ(toDouble(f.maxFinite()), t.max) << t.name;
    EXPECT_EQ(f.maxFiniteMagnitude(), t.maxCode) << t.name;
    EXPECT_EQ(toDouble(f.minNormal()), t.minNormal) << t.name;
    EXPECT_EQ(toDouble(f.minSubnormal()), t.minSubnormal) << t.name;
    EXPECT_EQ(toDouble(f.epsilon()), t.epsilon) << t.name;
    EXPECT_EQ(f.hasInfinity(), !t.infCodes.empty()) << t.name;
    EXPECT_EQ(f.hasNan(), t.nanCount > 0) << t.name;
    EXPECT_EQ(f.hasZero(), t.zeroCount > 0) << t.name;
    EXPECT_EQ(f.hasNegativeZero(), t.zeroCount == 2) << t.name;
}

TEST_P(SpecTablesTest, InfinityNanAndZeroCodesSitWhereTheSpecPutsThem)
{
    const Table& t = tableOf(GetParam());
    const Format& f = namedFormat(t.name);
    int nans = 0;
    int zeros = 0;
    std::set<std::uint64_t> infs;
    for (std::uint64_t code = 0; code < codeCount(t); ++code) {
        const Decoded d = decode(f, code);
        nans += d.valueClass == ValueClass::NaN ? 1 : 0;
        zeros += d.valueClass == ValueClass::Zero ? 1 : 0;
        if (d.valueClass == ValueClass::Infinite) {
            infs.insert(code);
            EXPECT_EQ(d.negative, code == t.infCodes.back()) << t.name << " " << hex(code);
        }
    }
    EXPECT_EQ(nans, t.nanCount) << t.name;
    EXPECT_EQ(zeros, t.zeroCount) << t.name;
    EXPECT_EQ(infs, std::set<std::uint64_t>(t.infCodes.begin(), t.infCodes.end())) << t.name;
}

TEST_P(SpecTablesTest, PositiveCodesIncreaseStrictlyAndNegativesMirrorThem)
{
    const Table& t = tableOf(GetParam());
    const Format& f = namedFormat(t.name);
    const std::uint64_t signBit = t.kind == Kind::Unsigned ? 0 : std::uint64_t{1} << (t.e + t.m);
    const std::uint64_t positiveCodes = t.kind == Kind::Unsigned ? codeCount(t) : signBit;
    Mismatches bad;
    double previous = -INFINITY;
    for (std::uint64_t code = 0; code < positiveCodes; ++code) {
        const Decoded d = decode(f, code);
        const bool finite = d.valueClass != ValueClass::NaN && d.valueClass != ValueClass::Infinite;
        if (code > t.maxCode) {
            if (finite)
                bad.add(hex(code) + " lies above max but is finite");
            continue;
        }
        if (!finite) {
            bad.add(hex(code) + " lies below max but is not finite");
            continue;
        }
        const double v = toDouble(d.value);
        if (!(v > previous))
            bad.add(hex(code) + " = " + std::to_string(v) + " does not exceed the previous code");
        previous = v;
        if (signBit != 0 && !(t.kind == Kind::Fnuz && code == 0)) {
            const Decoded n = decode(f, code | signBit);
            if (n.valueClass != d.valueClass || toDouble(n.value) != -v || !n.negative)
                bad.add(hex(code | signBit) + " is not the negative of " + hex(code));
        }
    }
    EXPECT_EQ(bad.count, 0u) << t.name << ":" << bad.first.str();
}

std::vector<std::string> smallFormatNames()
{
    std::vector<std::string> names;
    for (const Table& t : tables())
        names.push_back(t.name);
    return names;
}

INSTANTIATE_TEST_SUITE_P(SmallFormats, SpecTablesTest, ::testing::ValuesIn(smallFormatNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

// Every format of 16 bits or fewer is in the table above.
TEST(SpecTables, CoversEveryNamedFormatOfSixteenBitsOrFewer)
{
    std::set<std::string> small;
    for (const Format& f : namedFormats())
        if (f.totalBits() <= 16)
            small.insert(f.name());
    const std::vector<std::string> names = smallFormatNames();
    EXPECT_EQ(small, std::set<std::string>(names.begin(), names.end()));
}

// ---------------------------------------------------------------------------------------------
// Literal values, code by code, as the spec tables print them.

struct Literal {
    std::uint64_t code;
    double value;
};

void expectLiterals(const char* name, const std::vector<Literal>& literals)
{
    const Format& f = namedFormat(name);
    for (const Literal& l : literals) {
        const Decoded d = decode(f, l.code);
        ASSERT_TRUE(d.valueClass != ValueClass::NaN && d.valueClass != ValueClass::Infinite)
            << name << " " << hex(l.code);
        EXPECT_EQ(toDouble(d.value), l.value) << name << " " << hex(l.code);
        EXPECT_EQ(std::signbit(toDouble(d.value)), std::signbit(l.value)) << name << " " << hex(l.code);
    }
}

void expectClass(const char* name, std::uint64_t code, ValueClass c, bool negative)
{
    const Decoded d = decode(namedFormat(name), code);
    EXPECT_EQ(d.valueClass, c) << name << " " << hex(code);
    EXPECT_EQ(d.negative, negative) << name << " " << hex(code);
}

TEST(SpecTables, Ieee754Binary16)
{
    expectLiterals("fp16", {{0x0001, 5.9604644775390625e-08},  // 2^-24, min subnormal
                            {0x03FF, 6.097555160522461e-05},   // max subnormal
                            {0x0400, 6.103515625e-05},         // 2^-14, min normal
                            {0x3555, 0.333251953125},
                            {0x3BFF, 0.99951171875},
                            {0x3C00, 1.0},
                            {0x3C01, 1.0009765625},
                            {0x4000, 2.0},
                            {0x7BFF, 65504.0},
                            {0xC000, -2.0},
                            {0xFBFF, -65504.0},
                            {0x0000, 0.0},
                            {0x8000, -0.0}});
    expectClass("fp16", 0x7C00, ValueClass::Infinite, false);
    expectClass("fp16", 0xFC00, ValueClass::Infinite, true);
    expectClass("fp16", 0x7E00, ValueClass::NaN, false);
    expectClass("fp16", 0x7C01, ValueClass::NaN, false);
    expectClass("fp16", 0xFFFF, ValueClass::NaN, true);
}

TEST(SpecTables, Bfloat16)
{
    expectLiterals("bf16", {{0x3F80, 1.0},
                            {0x4049, 3.140625},
                            {0x3EAB, 0.333984375},
                            {0x7F7F, 3.38953138925153547590470800371487866880e+38},
                            {0x0080, 1.17549435082228750796873653722224568e-38},
                            {0x0001, 0x1p-133},
                            {0xBF80, -1.0}});
    expectClass("bf16", 0x7F80, ValueClass::Infinite, false);
    expectClass("bf16", 0xFF80, ValueClass::Infinite, true);
    expectClass("bf16", 0x7FC0, ValueClass::NaN, false);
}

TEST(SpecTables, Ofp8Table1E4M3)
{
    expectLiterals("e4m3fn", {{0x7E, 448.0},                // S.1111.110 = 1.75 * 2^8
                              {0xFE, -448.0},
                              {0x08, 0x1p-6},               // S.0001.000
                              {0x07, 0.875 * 0x1p-6},       // S.0000.111
                              {0x01, 0x1p-9},               // S.0000.001
                              {0x00, 0.0},
                              {0x80, -0.0},
                              {0x38, 1.0},
                              {0x77, 240.0}});
    expectClass("e4m3fn", 0x7F, ValueClass::NaN, false);    // S.1111.111
    expectClass("e4m3fn", 0xFF, ValueClass::NaN, true);
    expectClass("e4m3fn", 0x78, ValueClass::Normal, false);  // 256: no inf in E4M3
}

TEST(SpecTables, Ofp8Table1E5M2)
{
    expectLiterals("e5m2", {{0x7B, 57344.0},  // S.11110.11 = 1.75 * 2^15
                            {0xFB, -57344.0},
                            {0x04, 0x1p-14},  // S.00001.00
                            {0x03, 0.75 * 0x1p-14},
                            {0x01, 0x1p-16},
                            {0x3C, 1.0},
                            {0x80, -0.0}});
    expectClass("e5m2", 0x7C, ValueClass::Infinite, false);  // S.11111.00
    expectClass("e5m2", 0xFC, ValueClass::Infinite, true);
    for (std::uint64_t code : {0x7D, 0x7E, 0x7F})             // S.11111.{01, 10, 11}
        expectClass("e5m2", code, ValueClass::NaN, false);
}

TEST(SpecTables, E4m3IeeeLikeTeachingFormat)
{
    expectLiterals("e4m3", {{0x77, 240.0}, {0x08, 0x1p-6}, {0x01, 0x1p-9}, {0x38, 1.0}, {0x80, -0.0}});
    expectClass("e4m3", 0x78, ValueClass::Infinite, false);
    expectClass("e4m3", 0x79, ValueClass::NaN, false);
    expectClass("e4m3", 0xFF, ValueClass::NaN, true);
}

TEST(SpecTables, FnuzFormats)
{
    expectLiterals("e4m3fnuz", {{0x7F, 240.0}, {0xFF, -240.0}, {0x08, 0x1p-7}, {0x01, 0x1p-10}, {0x40, 1.0},
                                {0x00, 0.0}});
    expectClass("e4m3fnuz", 0x80, ValueClass::NaN, true);
    expectLiterals("e5m2fnuz", {{0x7F, 57344.0}, {0x04, 0x1p-15}, {0x01, 0x1p-17}, {0x40, 1.0}, {0x00, 0.0}});
    expectClass("e5m2fnuz", 0x80, ValueClass::NaN, true);
}

TEST(SpecTables, MxE2M1CompleteValueList)
{
    const double positives[] = {0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0};
    std::vector<Literal> all;
    for (std::uint64_t code = 0; code < 8; ++code) {
        all.push_back({code, positives[code]});
        all.push_back({code | 0x8, -positives[code]});
    }
    expectLiterals("e2m1", all);
}

TEST(SpecTables, MxE2M3)
{
    expectLiterals("e2m3", {{0x1F, 7.5},     // S 11 111 = 2^2 * 1.875
                            {0x3F, -7.5},
                            {0x08, 1.0},     // S 01 000
                            {0x07, 0.875},   // S 00 111, max subnormal
                            {0x01, 0.125},   // S 00 001
                            {0x0C, 1.5},
                            {0x10, 2.0},
                            {0x1A, 5.0},
                            {0x20, -0.0}});
}

TEST(SpecTables, MxE3M2)
{
    expectLiterals("e3m2", {{0x1F, 28.0},    // S 111 11 = 2^4 * 1.75
                            {0x3F, -28.0},
                            {0x04, 0.25},    // S 001 00
                            {0x03, 0.1875},  // S 000 11, max subnormal
                            {0x01, 0.0625},  // S 000 01
                            {0x0C, 1.0},
                            {0x13, 3.5},
                            {0x1E, 24.0}});
}

TEST(SpecTables, MxE8M0Scale)
{
    expectLiterals("e8m0", {{0x00, 0x1p-127}, {0x7F, 1.0}, {0x80, 2.0}, {0x7E, 0.5}, {0xFE, 0x1p127}});
    expectClass("e8m0", 0xFF, ValueClass::NaN, false);
    for (std::uint64_t code = 0; code < 0xFF; ++code)
        EXPECT_EQ(toDouble(decode(namedFormat("e8m0"), code).value), std::ldexp(1.0, static_cast<int>(code) - 127));
}

// ---------------------------------------------------------------------------------------------
// The machine's own decoding as a second, independent reference.

TEST(SpecTables, Bf16AndTf32AgreeWithFp32BitCasts)
{
    const Format& bf16 = namedFormat("bf16");
    const Format& tf32 = namedFormat("tf32");
    Mismatches bad;
    auto check = [&bad](const Format& f, std::uint64_t code, std::uint32_t fp32Bits) {
        const float ref = std::bit_cast<float>(fp32Bits);
        const Decoded d = decode(f, code);
        const bool ok = std::isnan(ref)   ? d.valueClass == ValueClass::NaN
                        : std::isinf(ref) ? d.valueClass == ValueClass::Infinite && d.negative == std::signbit(ref)
                                          : toDouble(d.value) == ref && std::signbit(toDouble(d.value)) == std::signbit(ref);
        if (!ok)
            bad.add(f.name() + " " + hex(code));
    };
    for (std::uint64_t code = 0; code < 0x10000; ++code)
        check(bf16, code, static_cast<std::uint32_t>(code << 16));
    for (std::uint64_t code = 0; code < (std::uint64_t{1} << 19); ++code)  // tf32: fp32 with 13 bits fewer
        check(tf32, code, static_cast<std::uint32_t>(code << 13));
    EXPECT_EQ(bad.count, 0u) << bad.first.str();
}

TEST(SpecTables, Fp32AndFp64SampleAgreesWithBitCasts)
{
    const Format& fp32 = namedFormat("fp32");
    const Format& fp64 = namedFormat("fp64");
    Mismatches bad;
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < 20000; ++i) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        const std::uint64_t c64 = i < 16 ? (std::uint64_t{1} << 52) * static_cast<std::uint64_t>(i % 4) + i : state;
        const std::uint32_t c32 = static_cast<std::uint32_t>(c64 >> 32);
        const float f = std::bit_cast<float>(c32);
        const double g = std::bit_cast<double>(c64);
        const Decoded d32 = decode(fp32, c32);
        const Decoded d64 = decode(fp64, c64);
        if (std::isnan(f) ? d32.valueClass != ValueClass::NaN
                          : std::isinf(f) ? d32.valueClass != ValueClass::Infinite
                                          : toDouble(d32.value) != f)
            bad.add("fp32 " + hex(c32));
        if (std::isnan(g)) {
            if (d64.valueClass != ValueClass::NaN)
                bad.add("fp64 " + hex(c64));
        } else if (std::isinf(g)) {
            if (d64.valueClass != ValueClass::Infinite)
                bad.add("fp64 " + hex(c64));
        } else if (ExactValue::fromCode(fp64, c64).value() != mpq_class(g)) {
            bad.add("fp64 " + hex(c64));  // via rationals: the significand has 53 bits
        }
    }
    EXPECT_EQ(bad.count, 0u) << bad.first.str();
}

#if defined(__FLT16_MANT_DIG__) && (defined(__x86_64__) || defined(__aarch64__))
TEST(SpecTables, Fp16AgreesWithFloat16)
{
    const Format& fp16 = namedFormat("fp16");
    Mismatches bad;
    for (std::uint64_t code = 0; code < 0x10000; ++code) {
        const double ref = static_cast<double>(std::bit_cast<_Float16>(static_cast<std::uint16_t>(code)));
        const Decoded d = decode(fp16, code);
        const bool ok = std::isnan(ref)   ? d.valueClass == ValueClass::NaN
                        : std::isinf(ref) ? d.valueClass == ValueClass::Infinite && d.negative == std::signbit(ref)
                                          : toDouble(d.value) == ref && std::signbit(toDouble(d.value)) == std::signbit(ref);
        if (!ok)
            bad.add(hex(code));
    }
    EXPECT_EQ(bad.count, 0u) << bad.first.str();
}
#endif

}  // namespace
}  // namespace floatscope
