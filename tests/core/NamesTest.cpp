// The enums' names (core/common/Names.h tables): every value up to the last has its own name, and
// where the name is also read (the command line's options, sessions, scheme specs) it reads back as
// the value. A table, unlike the switches it replaced, is not checked by the compiler for a
// forgotten value: this is the check.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/dot/AccumulatorSpec.h"
#include "core/dot/DotLessons.h"
#include "core/format/Format.h"
#include "core/ledger/Activations.h"
#include "core/ledger/MemoryLedger.h"
#include "core/lessons/Accumulation.h"
#include "core/lessons/RangeBars.h"
#include "core/reduce/Reductions.h"
#include "core/round/Neighbours.h"
#include "core/round/Route.h"
#include "core/scaling/Scheme.h"

namespace floatscope {
namespace {

// Each value 0..last named, no two alike; `parse` (where the names are read) gives the value back.
template <class Enum, class Parse = std::nullptr_t>
void expectNamed(Enum last, Parse parse = nullptr)
{
    std::set<std::string> names;
    for (int k = 0; k <= static_cast<int>(last); ++k) {
        const auto value = static_cast<Enum>(k);
        const std::string name = toString(value);
        EXPECT_NE(name, "?") << "value " << k << " has no name";
        EXPECT_TRUE(names.insert(name).second) << "two values are named " << name;
        if constexpr (!std::is_same_v<Parse, std::nullptr_t>) {
            const auto back = parse(name);
            ASSERT_TRUE(back.has_value()) << name << " does not read back";
            EXPECT_EQ(static_cast<int>(*back), k) << name;
        }
    }
}

TEST(Names, EveryValueHasItsNameAndReadsBack)
{
    expectNamed(RoundingMode::Stochastic, parseRoundingMode);
    expectNamed(Route::ViaFp64, parseRoute);
    expectNamed(AccumulationMode::Stochastic, parseAccumulationMode);
    expectNamed(dot::Distribution::Ones, dot::parseDistribution);
    expectNamed(dot::SumOrder::Blocked, dot::parseSumOrder);
    expectNamed(MxScaleRule::RoundUp, parseMxScaleRule);
    expectNamed(ScalePrecision::Fp32, parseScalePrecision);
    expectNamed(RaggedPolicy::Reject, parseRaggedPolicy);
    expectNamed(Recomputation::Full, parseRecomputation);
    expectNamed(ComponentRole::Other, parseComponentRole);
    expectNamed(StallReason::NotFinite);
    expectNamed(StorageZone::Invalid);
    expectNamed(reduce::VarianceMethod::Welford);
    expectNamed(RoundingReason::NegativeIntoUnsigned);
    expectNamed(Convention::Finite);
    expectNamed(ValueClass::NaN);
    expectNamed(SchemeKind::Nvfp4);
}

// The aliases a spec or an option takes read as their value, and are never what is written.
TEST(Names, AliasesReadButAreNotWritten)
{
    EXPECT_EQ(parseRoundingMode("rtz"), RoundingMode::TowardZero);
    EXPECT_EQ(parseRoundingMode("sr"), RoundingMode::Stochastic);
    EXPECT_STREQ(toString(RoundingMode::TowardZero), "toward-zero");
    EXPECT_EQ(parseRoute("via-fp32"), Route::ViaFp32);
    EXPECT_STREQ(toString(Route::ViaFp32), "fp32");
    EXPECT_EQ(parseRecomputation("flash-attention"), Recomputation::Selective);
    EXPECT_EQ(parseComponentRole("OPT"), ComponentRole::OptimizerStates);  // any case
    EXPECT_STREQ(toString(ComponentRole::OptimizerStates), "optimizer_states");
    EXPECT_EQ(parseMxScaleRule("round-up"), MxScaleRule::RoundUp);
    EXPECT_STREQ(toString(MxScaleRule::RoundUp), "rceil");
    EXPECT_FALSE(parseRoute("fp16").has_value());
}

}  // namespace
}  // namespace floatscope
