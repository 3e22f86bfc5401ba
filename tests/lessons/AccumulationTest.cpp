// The accumulation lesson: the lecture notes' outcomes exactly, and every mode against a plain loop that
// shares no code with it (MPFR emulating the IEEE formats, GMP for the small formats, g++'s
// _Float16 for fp16), step by step.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include <gmpxx.h>
#include <mpfr.h>

#include "core/exact/ExactValue.h"
#include "core/format/Codec.h"
#include "core/format/Registry.h"
#include "core/lessons/Accumulation.h"
#include "core/lessons/FormatAdder.h"
#include "LessonsTestSupport.h"
#include "MpfrFormat.h"

namespace floatscope {
namespace {

using test::MpfrFormat;
using test::MpfrValue;
using test::sameValue;
using test::value;

AccumulationSetup setupOf(const char* start, const char* delta, std::int64_t steps,
                          AccumulationMode mode = AccumulationMode::Stored)
{
    AccumulationSetup s;
    s.start = value(start);
    s.delta = value(delta);
    s.steps = steps;
    s.mode = mode;
    return s;
}

AccumulationResult runWithFullTrace(const char* format, const AccumulationSetup& setup)
{
    TraceOptions trace;
    trace.every = 1;
    AccumulationResult r = accumulate(namedFormat(format), setup, trace);
    EXPECT_EQ(r.trace.size(), static_cast<std::size_t>(setup.steps + 1));
    return r;
}

mpq_class exactOf(const Format& f, std::uint64_t code) { return ExactValue::fromCode(f, code).value(); }

// What a reference loop saw, to compare with the readouts.
struct Readouts {
    std::int64_t effectiveAdds = 0;
    std::optional<std::int64_t> firstChange;
    std::optional<std::int64_t> firstStall;

    void note(std::int64_t step, bool moved)
    {
        if (moved) {
            ++effectiveAdds;
            if (!firstChange)
                firstChange = step;
        } else if (!firstStall) {
            firstStall = step;
        }
    }
};

void expectReadouts(const AccumulationResult& r, const Readouts& expected)
{
    EXPECT_EQ(r.effectiveAdds, expected.effectiveAdds) << r.format.name();
    EXPECT_EQ(r.firstChange, expected.firstChange) << r.format.name();
    EXPECT_EQ(r.firstStall ? std::optional<std::int64_t>{r.firstStall->step} : std::nullopt, expected.firstStall)
        << r.format.name();
}

struct IeeeShape {
    const char* name;
    int exponentBits;
    int mantissaBits;
};
constexpr IeeeShape kIeee[] = {{"fp64", 11, 52}, {"fp32", 8, 23}, {"tf32", 8, 10}, {"fp16", 5, 10}, {"bf16", 8, 7}};

// ---------------------------------------------------------------------------------------------
// The lecture notes' numbers.

TEST(AccumulationLectureNotes, OnePlusOneThousandthAThousandTimes)
{
    // the BF16 lesson: "fp16 goes to 1.9765625, bf16 stays at 1"; fp32 "near 2".
    const AccumulationSetup setup = setupOf("1", "1e-3", 1000);
    const AccumulationResult fp16 = accumulate(namedFormat("fp16"), setup);
    EXPECT_EQ(fp16.finalCode, 0x3FE8u);
    EXPECT_EQ(exactOf(fp16.format, fp16.finalCode), mpq_class(253, 128));  // 1.9765625 = 1 + 1000 * 2^-10
    EXPECT_EQ(fp16.effectiveAdds, 1000);
    EXPECT_FALSE(fp16.firstStall);

    const AccumulationResult bf16 = accumulate(namedFormat("bf16"), setup);
    EXPECT_EQ(bf16.finalCode, 0x3F80u);
    EXPECT_EQ(bf16.effectiveAdds, 0);
    ASSERT_TRUE(bf16.firstStall);
    EXPECT_EQ(bf16.firstStall->step, 1);
    EXPECT_EQ(bf16.firstStall->reason, StallReason::BelowHalfGap);
    EXPECT_EQ(*bf16.firstStall->gap, (Dyadic{false, 1, -7}));        // bf16's ulp at 1
    EXPECT_EQ(*bf16.firstStall->threshold, (Dyadic{false, 1, -8}));  // the BF16 lesson: "the threshold 2^-8"

    const AccumulationResult fp32 = accumulate(namedFormat("fp32"), setup);
    const mpq_class final32 = exactOf(fp32.format, fp32.finalCode);
    EXPECT_LT(abs(final32 - 2), mpq_class(1, 10000)) << "near 2";
    EXPECT_NE(final32, 2) << "but not 2: each add rounds";
}

TEST(AccumulationLectureNotes, OneTenThousandthTenThousandTimesStallsAtAQuarterAndAThirtySecond)
{
    // lecture 10's demo 2(a): "fp16 stops at about 0.25, bf16 at about 0.03". Exactly: 0.25 and 2^-5,
    // where half the gap first exceeds the stored increment.
    const AccumulationSetup setup = setupOf("0", "1e-4", 10000);
    const AccumulationResult fp16 = accumulate(namedFormat("fp16"), setup);
    EXPECT_EQ(exactOf(fp16.format, fp16.finalCode), mpq_class(1, 4));
    ASSERT_TRUE(fp16.firstStall);
    EXPECT_EQ(fp16.firstStall->code, 0x3400u);  // 0.25
    EXPECT_EQ(*fp16.firstStall->gap, (Dyadic{false, 1, -12}));
    EXPECT_EQ(fp16.firstStall->reason, StallReason::BelowHalfGap);

    const AccumulationResult bf16 = accumulate(namedFormat("bf16"), setup);
    EXPECT_EQ(exactOf(bf16.format, bf16.finalCode), mpq_class(1, 32));
    ASSERT_TRUE(bf16.firstStall);
    EXPECT_EQ(*bf16.firstStall->threshold, (Dyadic{false, 1, -13}));

    // The step of the stall, from g++'s own half-precision arithmetic.
    std::uint16_t deltaBits = static_cast<std::uint16_t>(roundExact(value("1e-4"), namedFormat("fp16")).code);
    _Float16 d;
    std::memcpy(&d, &deltaBits, sizeof d);
    _Float16 s = 0;
    std::int64_t stallStep = 0;
    for (std::int64_t k = 1; k <= 10000 && stallStep == 0; ++k) {
        const _Float16 next = s + d;
        if (next == s)
            stallStep = k;
        s = next;
    }
    EXPECT_EQ(fp16.firstStall->step, stallStep);
    EXPECT_EQ(fp16.effectiveAdds, stallStep - 1);
}

TEST(AccumulationLectureNotes, MasterWeightsBf16CopyMovesAtStepFourNotEight)
{
    // lesson 14 says the bf16 copy of an fp32 master (1 + 0.001 per step) moves after 8 steps, when
    // 0.008 exceeds bf16's ulp 1/128. The cast rounds to nearest: it moves once the master passes
    // 1 + 1/256, at step 4.
    const AccumulationSetup setup = setupOf("1", "1e-3", 100, AccumulationMode::Fp32Master);
    Accumulator run(namedFormat("bf16"), setup);
    run.advance(3);
    EXPECT_EQ(run.code(), 0x3F80u);
    run.step();
    EXPECT_EQ(run.code(), 0x3F81u);  // 1.0078125
    EXPECT_EQ(run.firstChange(), 4);

    // The master itself after one step: lesson 14's "1.001000047...".
    Accumulator one(namedFormat("bf16"), setup);
    one.step();
    EXPECT_EQ(exactOf(namedFormat("fp32"), *one.masterCode()), value("1.00100004673004150390625").value());
}

TEST(AccumulationLectureNotes, UpdateOfOneTenThousandthNeverMovesSixteenBitWeights)
{
    // the BF16 lesson: "with w = 1 and dw = 1e-4, fp16 and bf16 never add a step; fp32 does".
    const AccumulationSetup setup = setupOf("1", "1e-4", 1000);
    EXPECT_EQ(accumulate(namedFormat("fp16"), setup).effectiveAdds, 0);
    EXPECT_EQ(accumulate(namedFormat("bf16"), setup).effectiveAdds, 0);
    EXPECT_EQ(accumulate(namedFormat("fp32"), setup).effectiveAdds, 1000);
}

TEST(AccumulationLectureNotes, PresetsAreWellFormed)
{
    for (const AccumulationPreset& p : accumulationPresets()) {
        AccumulationSetup setup = setupOf(p.start, p.delta, p.steps, p.mode);
        EXPECT_FALSE(checkSetup(setup)) << p.id;
        std::string formats = p.formats;
        for (std::size_t start = 0; start < formats.size();) {
            const std::size_t comma = std::min(formats.find(',', start), formats.size());
            EXPECT_TRUE(lookupFormat(formats.substr(start, comma - start)).format) << p.id;
            start = comma + 1;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Every mode against an independent loop.

struct Case {
    const char* start;
    const char* delta;
    std::int64_t steps;
};

// Across zero, into and out of subnormals, to overflow, negative increments, stalls at once.
constexpr Case kCases[] = {
    {"1", "1e-3", 1000},     {"0", "1e-4", 10000},  {"-3", "0.0123", 2000},    {"65000", "8", 100},
    {"1e-6", "3e-8", 5000},  {"0", "-1e-7", 3000},  {"100", "-0.3", 1000},     {"1", "2e-8", 300},
    {"3e38", "1e37", 10},    {"1e-40", "7e-46", 500}, {"0.1", "1e5", 50},      {"-1", "0x1p-11", 5000},
};

TEST(Accumulation, StoredMatchesMpfrStepByStep)
{
    for (const IeeeShape& shape : kIeee) {
        const Format& f = namedFormat(shape.name);
        const MpfrFormat reference(shape.exponentBits, shape.mantissaBits);
        for (const Case& c : kCases) {
            SCOPED_TRACE(std::string(shape.name) + " " + c.start + " + " + c.delta);
            const AccumulationSetup setup = setupOf(c.start, c.delta, c.steps);
            const AccumulationResult r = runWithFullTrace(shape.name, setup);
            MpfrValue s(reference.precision()), d(reference.precision()), next(reference.precision());
            reference.set(s, setup.start.value());
            reference.set(d, setup.delta.value());
            ASSERT_TRUE(sameValue(f, r.trace[0].code, s));
            Readouts seen;
            for (std::int64_t k = 1; k <= c.steps; ++k) {
                reference.add(next, s, d);
                seen.note(k, !mpfr_equal_p(next.get(), s.get()));
                mpfr_set(s.get(), next.get(), MPFR_RNDN);
                ASSERT_TRUE(sameValue(f, r.trace[static_cast<std::size_t>(k)].code, s)) << "step " << k;
            }
            expectReadouts(r, seen);
        }
    }
}

TEST(Accumulation, StoredMatchesGmpForSmallFormats)
{
    const Case cases[] = {{"1", "0.125", 200},  {"400", "16", 10},   {"400", "20", 10},  {"0", "0.3", 100},
                          {"-2", "0.0625", 300}, {"1", "0.5", 300},  {"0.01", "1e-3", 50}};
    for (const char* name : {"e4m3fn", "e4m3", "e5m2", "e4m3fnuz", "e5m2fnuz", "e2m3", "e3m2", "e2m1", "e8m0"}) {
        const Format& f = namedFormat(name);
        for (const Case& c : cases) {
            SCOPED_TRACE(std::string(name) + " " + c.start + " + " + c.delta);
            const AccumulationSetup setup = setupOf(c.start, c.delta, c.steps);
            const AccumulationResult r = runWithFullTrace(name, setup);
            std::uint64_t s = roundExact(setup.start, f).code;
            const std::uint64_t d = roundExact(setup.delta, f).code;
            Readouts seen;
            for (std::int64_t k = 1; k <= c.steps; ++k) {
                // Non-finite sums (and NaN increments, e8m0's -x) stay NaN or inf, as IEEE adds do.
                std::uint64_t next = s;
                if (test::finiteCode(f, s) && test::finiteCode(f, d))
                    next = test::gmpSum(f, s, d);
                else if (f.classify(d) == ValueClass::NaN)
                    next = d;
                const bool bothFinite = test::finiteCode(f, next) && test::finiteCode(f, s);
                const bool moved = bothFinite ? exactOf(f, next) != exactOf(f, s)
                                              : !(ExactValue::fromCode(f, next) == ExactValue::fromCode(f, s));
                seen.note(k, moved);
                s = next;
                ASSERT_EQ(r.trace[static_cast<std::size_t>(k)].code, s) << "step " << k;
            }
            expectReadouts(r, seen);
        }
    }
}

TEST(Accumulation, KahanMatchesMpfr)
{
    for (const IeeeShape& shape : kIeee) {
        const Format& f = namedFormat(shape.name);
        const MpfrFormat reference(shape.exponentBits, shape.mantissaBits);
        for (const Case& c : {Case{"1", "1e-3", 3000}, Case{"0", "1e-4", 10000}, Case{"-3", "0.0123", 2000},
                              Case{"1e-6", "3e-8", 3000}, Case{"1", "2e-8", 300}}) {
            SCOPED_TRACE(std::string(shape.name) + " " + c.start + " + " + c.delta);
            const AccumulationSetup setup = setupOf(c.start, c.delta, c.steps, AccumulationMode::Kahan);
            const AccumulationResult r = runWithFullTrace(shape.name, setup);
            const int p = reference.precision();
            MpfrValue sum(p), comp(p), delta(p), y(p), t(p), u(p);
            reference.set(sum, setup.start.value());
            reference.set(delta, setup.delta.value());
            mpfr_set_zero(comp.get(), 1);
            Readouts seen;
            for (std::int64_t k = 1; k <= c.steps; ++k) {
                reference.subtract(y, delta, comp);
                reference.add(t, sum, y);
                reference.subtract(u, t, sum);
                reference.subtract(comp, u, y);
                seen.note(k, !mpfr_equal_p(t.get(), sum.get()));
                mpfr_set(sum.get(), t.get(), MPFR_RNDN);
                ASSERT_TRUE(sameValue(f, r.trace[static_cast<std::size_t>(k)].code, sum)) << "step " << k;
            }
            ASSERT_TRUE(sameValue(f, *r.compensationCode, comp));
            expectReadouts(r, seen);
        }
    }
}

TEST(Accumulation, Fp32MasterMatchesMpfr)
{
    const MpfrFormat fp32(8, 23);
    for (const IeeeShape& shape : kIeee) {
        const Format& f = namedFormat(shape.name);
        const MpfrFormat copyFormat(shape.exponentBits, shape.mantissaBits);
        for (const Case& c : {Case{"1", "1e-3", 3000}, Case{"0", "1e-4", 10000}, Case{"30000", "1e-3", 3000},
                              Case{"65000", "300", 30}}) {
            SCOPED_TRACE(std::string(shape.name) + " " + c.start + " + " + c.delta);
            const AccumulationSetup setup = setupOf(c.start, c.delta, c.steps, AccumulationMode::Fp32Master);
            const AccumulationResult r = runWithFullTrace(shape.name, setup);
            MpfrValue master(24), delta(24), next(24), copy(copyFormat.precision()), previous(copyFormat.precision());
            fp32.set(master, setup.start.value());
            fp32.set(delta, setup.delta.value());
            copyFormat.set(copy, master);
            ASSERT_TRUE(sameValue(f, r.startCode, copy));
            std::optional<std::int64_t> masterStall;
            Readouts seen;
            for (std::int64_t k = 1; k <= c.steps; ++k) {
                fp32.add(next, master, delta);
                if (!masterStall && mpfr_equal_p(next.get(), master.get()))
                    masterStall = k;
                mpfr_set(master.get(), next.get(), MPFR_RNDN);
                mpfr_set(previous.get(), copy.get(), MPFR_RNDN);
                copyFormat.set(copy, master);
                seen.note(k, !mpfr_equal_p(copy.get(), previous.get()));
                ASSERT_TRUE(sameValue(f, r.trace[static_cast<std::size_t>(k)].code, copy)) << "step " << k;
            }
            ASSERT_TRUE(sameValue(namedFormat("fp32"), *r.masterCode, master));
            // The stall readout belongs to the master: the copy not moving is no stall.
            seen.firstStall = masterStall;
            expectReadouts(r, seen);
            if (r.firstStall) {
                EXPECT_EQ(r.firstStall->format.name(), "fp32");
            }
        }
    }
}

TEST(Accumulation, StochasticMatchesAnIndependentStochasticRounding)
{
    // Round up (away from zero) iff floor(fraction * 2^r) + random_r >= 2^r, with the fraction
    // of the way from the lower to the upper neighbour of the exact sum (found by MPFR).
    for (const IeeeShape& shape : {kIeee[1], kIeee[3], kIeee[4]}) {
        const Format& f = namedFormat(shape.name);
        const MpfrFormat reference(shape.exponentBits, shape.mantissaBits);
        for (const int bits : {1, 8, 32}) {
            for (const Case& c : {Case{"1", "1e-3", 3000}, Case{"0", "1e-4", 5000}, Case{"-1", "3e-4", 3000}}) {
                SCOPED_TRACE(std::string(shape.name) + " " + c.start + " + " + c.delta);
                AccumulationSetup setup = setupOf(c.start, c.delta, c.steps, AccumulationMode::Stochastic);
                setup.seed = 42;
                setup.randomBits = bits;
                const AccumulationResult r = runWithFullTrace(shape.name, setup);
                const int p = reference.precision();
                MpfrValue sum(p), delta(p), down(p), up(p);
                reference.set(sum, setup.start.value());
                reference.set(delta, setup.delta.value());
                StochasticSource random(42, bits);
                const mpz_class scale = mpz_class(1) << bits;
                Readouts seen;
                for (std::int64_t k = 1; k <= c.steps; ++k) {
                    mpq_class s, d;
                    mpfr_get_q(s.get_mpq_t(), sum.get());
                    mpfr_get_q(d.get_mpq_t(), delta.get());
                    const mpq_class exact = abs(s + d);
                    reference.floorCeil(down, up, exact);
                    mpq_class lo, hi;
                    mpfr_get_q(lo.get_mpq_t(), down.get());
                    mpfr_get_q(hi.get_mpq_t(), up.get());
                    const std::uint64_t draw = random.next().random & ((std::uint64_t{1} << bits) - 1);
                    bool goUp = false;
                    if (hi != lo) {
                        const mpq_class fraction = (exact - lo) / (hi - lo);
                        const mpz_class truncated = mpz_class(fraction * scale);  // floor: fraction >= 0
                        goUp = truncated + static_cast<unsigned long>(draw) >= scale;
                    }
                    mpq_class next = goUp ? hi : lo;
                    if (s + d < 0)
                        next = -next;
                    seen.note(k, next != s);
                    reference.set(sum, next);
                    ASSERT_EQ(exactOf(f, r.trace[static_cast<std::size_t>(k)].code), next) << "step " << k;
                }
                expectReadouts(r, seen);
            }
        }
    }
}

TEST(Accumulation, StepByStepEqualsOneRun)
{
    for (const AccumulationMode mode : {AccumulationMode::Stored, AccumulationMode::Fp32Master,
                                        AccumulationMode::Kahan, AccumulationMode::Stochastic}) {
        const AccumulationSetup setup = setupOf("0", "1e-4", 5000, mode);
        for (const char* name : {"fp32", "fp16", "bf16", "tf32"}) {
            Accumulator stepped(namedFormat(name), setup);
            for (int k = 0; k < 5000; ++k)
                stepped.step();
            Accumulator chunked(namedFormat(name), setup);
            for (const std::int64_t n : {1, 7, 992, 1000, 3000})
                chunked.advance(n);
            const AccumulationResult whole = accumulate(namedFormat(name), setup);
            for (const Accumulator* a : {&stepped, &chunked}) {
                EXPECT_EQ(a->code(), whole.finalCode) << name << " " << toString(mode);
                EXPECT_EQ(a->effectiveAdds(), whole.effectiveAdds);
                EXPECT_EQ(a->firstChange(), whole.firstChange);
                EXPECT_EQ(a->firstStall().has_value(), whole.firstStall.has_value());
                EXPECT_EQ(a->stepsDone(), 5000);
            }
        }
    }
}

TEST(Accumulation, TracesAreTheFullTraceThinned)
{
    const AccumulationSetup setup = setupOf("0", "1e-4", 10000);
    for (const char* name : {"fp32", "fp16", "bf16", "e4m3fn"}) {
        const AccumulationResult full = runWithFullTrace(name, setup);
        TraceOptions options;
        options.every = 300;
        options.chartBuckets = 640;
        const AccumulationResult thin = accumulate(namedFormat(name), setup, options);
        // Steps 0, 300, 600, ..., 9900 and the last one.
        ASSERT_EQ(thin.trace.size(), 10000u / 300 + 2) << name;
        for (const TracePoint& p : thin.trace) {
            EXPECT_TRUE(p.step % 300 == 0 || p.step == 10000);
            EXPECT_EQ(p.code, full.trace[static_cast<std::size_t>(p.step)].code) << name << " " << p.step;
        }
        // The chart: consecutive buckets covering 0..10000, each the min/max/first/last of its steps.
        const FormatAdder adder(namedFormat(name));
        ASSERT_EQ(thin.chart.size(), 640u);
        std::int64_t next = 0;
        for (const ChartBucket& b : thin.chart) {
            ASSERT_EQ(b.firstStep, next);
            double lo = HUGE_VAL, hi = -HUGE_VAL;
            for (std::int64_t k = b.firstStep; k <= b.lastStep; ++k) {
                const double v = adder.toDouble(full.trace[static_cast<std::size_t>(k)].code);
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
            EXPECT_EQ(b.min, lo);
            EXPECT_EQ(b.max, hi);
            EXPECT_EQ(b.first, adder.toDouble(full.trace[static_cast<std::size_t>(b.firstStep)].code));
            EXPECT_EQ(b.last, adder.toDouble(full.trace[static_cast<std::size_t>(b.lastStep)].code));
            next = b.lastStep + 1;
        }
        EXPECT_EQ(next, 10001);
    }
}

// The loops run on lanes (AdderLanes.h) that carry values beside codes; the same adds on codes
// by the exact path (exactSum() and roundToFormat()), with the same random draws, step by step:
// sums that stay near one binade, that cancel through zero, that need more than 53 bits, that
// reach the largest value, and that live in the subnormals.
TEST(Accumulation, EveryModeEqualsTheExactPathStepByStep)
{
    struct Run {
        const char* start;
        const char* delta;
        std::int64_t steps;
    };
    const Run runs[] = {{"1", "1e-3", 3000},  {"-1", "3e-4", 4000},       {"1", "1e-10", 1000},
                        {"1e-30", "-7e-31", 200}, {"60000", "1500", 200}, {"0x1p-140", "0x1.8p-147", 500}};
    for (const char* name : {"fp64", "fp32", "tf32", "fp16", "bf16", "e4m3fn", "e5m2fnuz", "e2m1", "e8m10"}) {
        const Format f = *lookupFormat(name).format;
        const FormatAdder adder(f);
        const FormatAdder fp32(namedFormat("fp32"));
        for (const AccumulationMode mode : {AccumulationMode::Stored, AccumulationMode::Fp32Master,
                                            AccumulationMode::Kahan, AccumulationMode::Stochastic}) {
            for (const Run& run : runs) {
                SCOPED_TRACE(std::string(name) + " " + toString(mode) + " " + run.start + " + " + run.delta);
                AccumulationSetup setup = setupOf(run.start, run.delta, run.steps, mode);
                setup.seed = 5;
                setup.randomBits = 24;
                TraceOptions trace;
                trace.every = 1;
                const AccumulationResult r = accumulate(f, setup, trace);
                Accumulator start(f, setup);  // the start and increment codes, as the run rounds them
                std::uint64_t sum = start.code();
                std::uint64_t master = start.masterCode().value_or(0);
                std::uint64_t compensation = start.compensationCode().value_or(0);
                const std::uint64_t delta = start.incrementCode();
                StochasticSource random(setup.seed, setup.randomBits);
                const RoundOptions nearest;
                for (std::int64_t k = 1; k <= run.steps; ++k) {
                    switch (mode) {
                    case AccumulationMode::Stored: sum = adder.addExact(sum, delta, nearest); break;
                    case AccumulationMode::Stochastic: sum = adder.addExact(sum, delta, random.next()); break;
                    case AccumulationMode::Fp32Master:
                        master = fp32.addExact(master, delta, nearest);
                        sum = roundToFormat(unpackCode(namedFormat("fp32"), master), f).code;
                        break;
                    case AccumulationMode::Kahan: {
                        const std::uint64_t y = adder.addExact(delta, adder.negate(compensation), nearest);
                        const std::uint64_t t = adder.addExact(sum, y, nearest);
                        compensation = adder.addExact(adder.addExact(t, adder.negate(sum), nearest), adder.negate(y),
                                                      nearest);
                        sum = t;
                        break;
                    }
                    }
                    ASSERT_EQ(r.trace[static_cast<std::size_t>(k)].code, sum) << "step " << k;
                }
                if (mode == AccumulationMode::Kahan) {
                    EXPECT_EQ(r.compensationCode, compensation);
                }
                if (mode == AccumulationMode::Fp32Master) {
                    EXPECT_EQ(r.masterCode, master);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Why a stall happened.

std::uint64_t code(const char* format, const char* text) { return roundExact(value(text), namedFormat(format)).code; }

TEST(StallReasons, NameTheTrap)
{
    // 2048 + 1 in fp16: exactly half the gap of 2, and 2048 is even.
    Stall tie = explainStall(namedFormat("fp16"), 1, code("fp16", "2048"), code("fp16", "1"), false);
    EXPECT_EQ(tie.reason, StallReason::TieToEven);
    EXPECT_EQ(*tie.gap, (Dyadic{false, 1, 1}));
    // Below a power of two the gap halves: 1 - 2^-12 in fp16 is a tie with 1 - 2^-11, not below half an ulp.
    Stall bottom = explainStall(namedFormat("fp16"), 1, code("fp16", "1"), code("fp16", "-0x1p-12"), false);
    EXPECT_EQ(bottom.reason, StallReason::TieToEven);
    EXPECT_EQ(*bottom.gap, (Dyadic{false, 1, -11}));
    EXPECT_EQ(*bottom.ulp, (Dyadic{false, 1, -10}));
    // e2m1 saturates: 6 + 1 is a tie that goes to 8, which clamps back to 6.
    EXPECT_EQ(explainStall(namedFormat("e2m1"), 1, code("e2m1", "6"), code("e2m1", "1"), false).reason,
              StallReason::Saturated);
    // 1e-8 is zero in fp16.
    EXPECT_EQ(accumulate(namedFormat("fp16"), setupOf("1", "1e-8", 10)).firstStall->reason,
              StallReason::IncrementIsZero);
    // fp16: 65504 + 32 is a tie that goes to inf (65504 is odd); inf + 32 changes nothing.
    const AccumulationResult overflow = accumulate(namedFormat("fp16"), setupOf("65504", "32", 10));
    EXPECT_EQ(overflow.finalCode, 0x7C00u);
    EXPECT_EQ(overflow.firstStall->step, 2);
    EXPECT_EQ(overflow.firstStall->reason, StallReason::NotFinite);
}

TEST(Setup, RejectsWhatCannotRun)
{
    EXPECT_FALSE(checkSetup(setupOf("1", "1e-3", 1)));
    EXPECT_FALSE(checkSetup(setupOf("1", "1e-3", kMaxAccumulationSteps)));
    EXPECT_EQ(checkSetup(setupOf("1", "1e-3", 0))->kind, SetupErrorKind::TooFewSteps);
    EXPECT_EQ(checkSetup(setupOf("1", "1e-3", -5))->number, -5);
    EXPECT_EQ(checkSetup(setupOf("1", "1e-3", kMaxAccumulationSteps + 1))->kind, SetupErrorKind::TooManySteps);
    EXPECT_EQ(checkSetup(setupOf("1", "nan", 10))->kind, SetupErrorKind::IncrementNotANumber);
    EXPECT_EQ(checkSetup(setupOf("1", "-inf", 10))->kind, SetupErrorKind::IncrementNotFinite);
    EXPECT_EQ(checkSetup(setupOf("1", "-inf", 10))->value, "-inf");
    EXPECT_EQ(checkSetup(setupOf("inf", "1", 10))->kind, SetupErrorKind::StartNotFinite);
    AccumulationSetup kahan = setupOf("1", "1e-3", 10);
    kahan.mode = AccumulationMode::Kahan;
    const Format formats[] = {namedFormat("fp16"), namedFormat("e8m0")};
    EXPECT_EQ(checkSetup(kahan, formats)->kind, SetupErrorKind::KahanNeedsZeroAndSign);
    EXPECT_EQ(checkSetup(kahan, formats)->format, "e8m0");
    AccumulationSetup bits = setupOf("1", "1e-3", 10);
    bits.randomBits = 0;
    EXPECT_EQ(checkSetup(bits)->kind, SetupErrorKind::RandomBitsOutOfRange);
    EXPECT_EQ(parseAccumulationMode("fp32-master"), AccumulationMode::Fp32Master);
    EXPECT_EQ(parseAccumulationMode("kahan"), AccumulationMode::Kahan);
    EXPECT_FALSE(parseAccumulationMode("master"));
    EXPECT_EQ(exactSumAt(setupOf("1", "1e-3", 1000), 1000), 2);
    EXPECT_EQ(exactSumAt(setupOf("0", "1e-4", 10), 3), mpq_class(3, 10000));
}

}  // namespace
}  // namespace floatscope
