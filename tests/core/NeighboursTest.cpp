#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "TestSupport.h"
#include "core/exact/DecimalText.h"
#include "core/format/Codec.h"
#include "core/round/Neighbours.h"

namespace floatscope {
namespace {

using test::value;

TEST(Neighbours, AcrossZero)
{
    const Format& fp16 = namedFormat("fp16");
    EXPECT_EQ(nextUp(fp16, 0x0000), 0x0001u);
    EXPECT_EQ(nextUp(fp16, 0x8000), 0x0001u);  // nextUp(-0) = +min subnormal (IEEE 754 5.3.1)
    EXPECT_EQ(nextUp(fp16, 0x8001), 0x8000u);  // nextUp(-min subnormal) = -0
    EXPECT_EQ(nextDown(fp16, 0x0000), 0x8001u);
    EXPECT_EQ(nextDown(fp16, 0x0001), 0x0000u);
    const Format& fnuz = namedFormat("e4m3fnuz");
    EXPECT_EQ(nextUp(fnuz, 0x81), 0x00u);  // no -0: straight to +0
    EXPECT_EQ(nextDown(fnuz, 0x00), 0x81u);
}

TEST(Neighbours, SubnormalNormalBoundaryAndTop)
{
    const Format& fp16 = namedFormat("fp16");
    EXPECT_EQ(nextUp(fp16, 0x03FF), 0x0400u);
    EXPECT_EQ(nextDown(fp16, 0x0400), 0x03FFu);
    EXPECT_EQ(nextUp(fp16, 0x7BFF), 0x7C00u);   // max -> inf
    EXPECT_EQ(nextUp(fp16, 0x7C00), std::nullopt);
    EXPECT_EQ(nextDown(fp16, 0x7C00), 0x7BFFu);
    EXPECT_EQ(nextDown(fp16, 0xFBFF), 0xFC00u);
    EXPECT_EQ(nextUp(fp16, 0xFC00), 0xFBFFu);
    EXPECT_EQ(nextUp(fp16, 0x7E00), std::nullopt);  // NaN
    const Format& e4m3fn = namedFormat("e4m3fn");
    EXPECT_EQ(nextUp(e4m3fn, 0x7E), std::nullopt);  // max, no inf
    EXPECT_EQ(nextDown(e4m3fn, 0xFE), std::nullopt);
    const Format& e8m0 = namedFormat("e8m0");
    EXPECT_EQ(nextDown(e8m0, 0x00), std::nullopt);
    EXPECT_EQ(nextUp(e8m0, 0xFE), std::nullopt);
    EXPECT_EQ(nextUp(e8m0, 0x7F), 0x80u);
}

// Independent of the stepping code: sort every non-NaN code by exact value and check that nextUp
// and nextDown walk that order (equal values, +0 and -0, count as one step).
class NeighbourOrder : public testing::TestWithParam<std::string> {};

TEST_P(NeighbourOrder, StepsWalkTheSortedValues)
{
    const Format& f = namedFormat(GetParam());
    struct Entry {
        mpq_class value;
        bool infinite;
        std::uint64_t code;
    };
    std::vector<Entry> entries;
    for (std::uint64_t code = 0; code <= f.codeMask(); ++code) {
        const ExactValue v = ExactValue::fromCode(f, code);
        if (v.kind() == ExactValue::Kind::NaN)
            continue;
        const bool inf = v.kind() == ExactValue::Kind::Infinite;
        entries.push_back({inf ? mpq_class(v.negative() ? -1 : 1) : v.value(), inf, code});
    }
    auto key = [](const Entry& e) { return e.infinite ? (sgn(e.value) < 0 ? -2 : 2) : 0; };
    std::sort(entries.begin(), entries.end(), [&](const Entry& a, const Entry& b) {
        return key(a) != key(b) ? key(a) < key(b) : a.value < b.value;
    });
    auto same = [&](const Entry& a, const Entry& b) { return key(a) == key(b) && a.value == b.value; };
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const Entry& e = entries[i];
        std::size_t j = i;
        while (j < entries.size() && same(entries[j], e))
            ++j;
        const auto up = nextUp(f, e.code);
        if (j == entries.size()) {
            EXPECT_FALSE(up) << f.name() << " " << e.code;
        } else {
            ASSERT_TRUE(up) << f.name() << " " << e.code;
            const ExactValue next = ExactValue::fromCode(f, *up);
            const Entry& want = entries[j];
            EXPECT_TRUE(want.infinite ? next.kind() == ExactValue::Kind::Infinite : next.isFinite() && next.value() == want.value)
                << f.name() << " nextUp(" << e.code << ") = " << *up;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(SmallFormats, NeighbourOrder,
                         testing::Values("fp16", "bf16", "e4m3fn", "e4m3", "e5m2", "e4m3fnuz", "e5m2fnuz", "e2m3",
                                         "e3m2", "e2m1", "e8m0"));

TEST(Ulp, OfCodes)
{
    const Format& fp16 = namedFormat("fp16");
    EXPECT_EQ(*ulpOf(fp16, 0x3C00), (Dyadic{false, 1, -10}));  // at 1: 2^-10
    EXPECT_EQ(*ulpOf(fp16, 0x0001), (Dyadic{false, 1, -24}));  // subnormals: 2^-24
    EXPECT_EQ(*ulpOf(fp16, 0x0000), (Dyadic{false, 1, -24}));
    EXPECT_EQ(*ulpOf(namedFormat("bf16"), 0x4380), (Dyadic{false, 1, 1}));  // at 256: 2
    EXPECT_FALSE(ulpOf(fp16, 0x7C00));
}

TEST(Explain, TieGoesToEven)
{
    const Format& bf16 = namedFormat("bf16");
    const Placement p = explainRounding(value("257"), bf16);
    EXPECT_EQ(p.below, 0x4380u);
    EXPECT_EQ(p.above, 0x4381u);
    EXPECT_EQ(*p.fraction, mpq_class(1, 2));
    EXPECT_TRUE(p.tie);
    EXPECT_FALSE(p.wentUp);
    EXPECT_EQ(p.reason, RoundingReason::TieToEven);

    const Placement q = explainRounding(value("259"), bf16);  // halfway 258..260: 260 is even
    EXPECT_TRUE(q.wentUp);
    EXPECT_EQ(q.result.code, 0x4382u);
}

TEST(Explain, OverflowAndExact)
{
    const Placement inf = explainRounding(value("70000"), namedFormat("fp16"));
    EXPECT_EQ(inf.reason, RoundingReason::OverflowToInfinity);
    EXPECT_EQ(inf.below, 0x7BFFu);
    EXPECT_EQ(inf.above, 0x7C00u);
    const Placement nan = explainRounding(value("500"), namedFormat("e4m3fn"));
    EXPECT_EQ(nan.reason, RoundingReason::OverflowToNan);
    EXPECT_FALSE(nan.above);
    const Placement exact = explainRounding(value("0.5"), namedFormat("e2m1"));
    EXPECT_TRUE(exact.exact);
    EXPECT_EQ(exact.reason, RoundingReason::Exact);
    const Placement nearer = explainRounding(value("0.1"), namedFormat("fp32"));
    EXPECT_EQ(nearer.reason, RoundingReason::Nearer);
    EXPECT_TRUE(nearer.wentUp);
    const Placement small = explainRounding(value("1e-50"), namedFormat("e8m0"));
    EXPECT_EQ(small.reason, RoundingReason::BelowSmallest);
}

// Past the end of the finite range the step beyond it stands in for the missing neighbour
// (OCP 8-bit: e4m3fn's 448 + 32 = 480 is its NaN code's place), with what the policy makes there.
TEST(Placement, PastTheEndOfTheRange)
{
    const Format& e4m3fn = namedFormat("e4m3fn");
    const Placement tie = explainRounding(value("464"), e4m3fn);
    ASSERT_TRUE(tie.past.has_value());
    EXPECT_EQ(tie.past->largest, 448);
    EXPECT_EQ(tie.past->step, 480);
    EXPECT_EQ(tie.past->outcome, PastRangeOutcome::NaN);  // PyTorch's and ml_dtypes' default
    EXPECT_EQ(*tie.fraction, mpq_class(1, 2));
    EXPECT_TRUE(tie.tie);
    EXPECT_EQ(tie.reason, RoundingReason::TieToEven);  // 448's mantissa 110 is even
    RoundOptions saturate;
    saturate.overflow = OverflowPolicy::Saturate;
    EXPECT_EQ(explainRounding(value("470"), e4m3fn, saturate).past->outcome, PastRangeOutcome::Clamp);
    const Placement negative = explainRounding(value("-472"), e4m3fn);
    EXPECT_EQ(negative.past->step, -480);
    EXPECT_EQ(*negative.fraction, mpq_class(1, 4));  // value order: -480 at 0, -448 at 1
    EXPECT_EQ(explainRounding(value("448"), e4m3fn).past->step, 480);  // at the end: set, fraction 0
    EXPECT_FALSE(explainRounding(value("447"), e4m3fn).past.has_value());
    EXPECT_EQ(explainRounding(value("65520"), namedFormat("fp16")).past->outcome, PastRangeOutcome::Infinity);
    EXPECT_EQ(explainRounding(value("65520"), namedFormat("fp16")).reason, RoundingReason::OverflowToInfinity);
    const Placement e2m1 = explainRounding(value("6.5"), namedFormat("e2m1"));
    EXPECT_EQ(e2m1.past->step, 8);
    EXPECT_EQ(e2m1.past->outcome, PastRangeOutcome::Clamp);  // fp4 has neither inf nor NaN
    EXPECT_EQ(*e2m1.fraction, mpq_class(1, 4));
}

}  // namespace
}  // namespace floatscope
