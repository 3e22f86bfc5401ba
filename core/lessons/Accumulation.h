#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <gmpxx.h>

#include "core/exact/ExactValue.h"
#include "core/format/Dyadic.h"
#include "core/format/Format.h"
#include "core/lessons/ChartTrace.h"
#include "core/lessons/FormatAdder.h"
#include "core/round/Route.h"
#include "core/round/Rounding.h"

namespace floatscope {

// The absorption lesson: a start value and an increment added N times, per format, in one of four
// ways (the BF16 lesson and lecture 10: "1 + 10^-3, a thousand times"; "10^-4, ten thousand times, from 0").
enum class AccumulationMode : std::uint8_t {
    Stored,      // the sum lives in the format; each add rounds once from the exact sum (nearest-even),
                 // as PyTorch's same-dtype add and CUDA's __hadd do
    Fp32Master,  // an fp32 master accumulates with fp32 nearest-even adds; the format holds the master
                 // cast to it (nearest-even) after each step (mixed precision's master weights)
    Kahan,       // Kahan's compensated sum, every operation an add in the format
    Stochastic,  // as Stored, but each add rounds stochastically (seeded, replayable)
};

const char* toString(AccumulationMode mode);  // "stored", "fp32-master", "kahan", "stochastic"
std::optional<AccumulationMode> parseAccumulationMode(std::string_view text);

inline constexpr std::int64_t kMaxAccumulationSteps = 10'000'000;

struct AccumulationSetup {
    ExactValue start;               // exact, as typed
    ExactValue delta;
    std::int64_t steps = 1000;      // 1 .. kMaxAccumulationSteps
    AccumulationMode mode = AccumulationMode::Stored;
    // How start and delta reach the format: once from the exact value (direct), or through fp32
    // first (what torch.tensor(x, dtype=...) does with a Python float, and the lecture notes' browser demos).
    Route route = Route::Direct;
    std::uint64_t seed = 0;         // Stochastic: StochasticSource's seed
    int randomBits = 32;            // Stochastic: random bits compared with the discarded fraction
};

// Why a setup cannot run. The words are app/text/AccumulationText's.
enum class SetupErrorKind : std::uint8_t {
    KahanNeedsZeroAndSign,  // Kahan's compensation needs a zero and negative values (format: e8m0, say)
    TooFewSteps,            // fewer than 1 (number)
    TooManySteps,           // more than kMaxAccumulationSteps (number)
    StartNotFinite,         // (value)
    IncrementNotANumber,
    IncrementNotFinite,     // (value)
    RandomBitsOutOfRange,   // outside 1..64 (number)
};
struct SetupError {
    SetupErrorKind kind = SetupErrorKind::TooFewSteps;
    std::string format;    // the format the mode cannot run in
    std::int64_t number = 0;
    std::string value;     // the offending value as exact text ("inf", "-inf")
};

// Why a setup cannot run; nothing when it can. With the formats, also why a mode cannot run in one of
// them (Kahan needs a zero and a sign for its compensation: not so in e8m0).
std::optional<SetupError> checkSetup(const AccumulationSetup& setup, std::span<const Format> formats = {});

// Why an add left the sum where it was.
enum class StallReason : std::uint8_t {
    IncrementIsZero,  // what is added is zero in the format (1e-8 in fp16, or Kahan's y = 0)
    BelowHalfGap,     // |increment| < half the gap to the next value in its direction
    TieToEven,        // |increment| == half that gap, and the sum's last mantissa bit is even
    RoundedBack,      // stochastic rounding kept the sum (probability 1 - |increment| / gap)
    Saturated,        // at the largest finite value of a format that saturates
    NotFinite,        // the sum is inf or NaN, which an add leaves as it is (or the increment is)
};
const char* toString(StallReason reason);  // "increment-is-zero", "below-half-gap", ...

struct Stall {
    std::int64_t step = 0;          // the add (1-based) that changed nothing
    Format format;                  // where it happened: the format, or fp32 for the master
    std::uint64_t code = 0;         // the sum that stayed
    std::uint64_t addendCode = 0;   // what was added: the stored increment (Kahan: the corrected y)
    std::optional<Dyadic> ulp;      // spacing of the sum's binade
    std::optional<Dyadic> gap;      // distance to the next value in the increment's direction
    std::optional<Dyadic> threshold;  // half the gap: smaller increments are lost
    StallReason reason = StallReason::BelowHalfGap;
};

// Works out why adding `addend` to `sum` (codes of `format`) gave `sum` again.
Stall explainStall(const Format& format, std::int64_t step, std::uint64_t sum, std::uint64_t addend,
                   bool stochastic);

// One format's run, a step at a time (for play, pause and a step slider) or many at once.
class Accumulator {
public:
    // The setup must pass checkSetup().
    Accumulator(const Format& format, const AccumulationSetup& setup);

    void step() { advance(1); }
    void advance(std::int64_t count);

    const Format& format() const { return m_adder.format(); }
    AccumulationMode mode() const { return m_mode; }
    std::int64_t stepsDone() const { return m_steps; }

    std::uint64_t code() const { return m_value; }  // the sum in the format (fp32-master: the copy)
    double approx() const { return m_adder.toDouble(m_value); }
    double toDouble(std::uint64_t code) const { return m_adder.toDouble(code); }  // for charts
    std::uint64_t startCode() const { return m_startCode; }
    // The increment as added: in the format, or in fp32 (incrementFormat()) for the master.
    std::uint64_t incrementCode() const { return m_delta; }
    const Format& incrementFormat() const;
    std::optional<std::uint64_t> masterCode() const;        // fp32-master: the fp32 master
    std::optional<std::uint64_t> compensationCode() const;  // Kahan: the running compensation c

    std::int64_t effectiveAdds() const { return m_effectiveAdds; }  // steps that changed the sum
    std::optional<std::int64_t> firstChange() const { return m_firstChange; }
    const std::optional<Stall>& firstStall() const { return m_firstStall; }
    // A deterministic run whose last step changed nothing at all: every later step is the same.
    bool atFixedPoint() const { return m_fixedPoint; }

    // What advance() reports, step by step, to a recorder (see accumulate()).
    class Observer {
    public:
        virtual ~Observer() = default;
        virtual void stepped(std::int64_t step, std::uint64_t code) = 0;
        // Steps `fromStep` .. `toStep` all hold `code` (a fixed point, skipped over).
        virtual void held(std::int64_t fromStep, std::int64_t toStep, std::uint64_t code) = 0;
    };
    void advance(std::int64_t count, Observer* observer);

private:
    // The step loop, and each mode's adds on a lane of AdderLanes.h picked for the format.
    template <class Add>
    void loop(std::int64_t end, Observer* observer, Add add);
    template <class Lane>
    void runStored(const Lane& lane, std::int64_t end, Observer* observer);
    template <class Lane>
    void runStochastic(const Lane& lane, std::int64_t end, Observer* observer);
    template <class Lane>
    void runKahan(const Lane& lane, std::int64_t end, Observer* observer);
    void runMaster(std::int64_t end, Observer* observer);
    template <class Run>
    void withNearestLane(Run run);
    template <class Run>
    void withStochasticLane(Run run);
    void noteStall(std::int64_t step, std::uint64_t sum, std::uint64_t addend, const FormatAdder& where);

    FormatAdder m_adder;
    FormatAdder m_fp32;          // the master's adds (fp32-master only)
    AccumulationMode m_mode;
    std::uint64_t m_startCode = 0;
    std::uint64_t m_delta = 0;   // in the format; fp32-master: in fp32
    std::uint64_t m_value = 0;   // in the format
    std::uint64_t m_master = 0;  // fp32-master
    std::uint64_t m_compensation = 0;  // Kahan
    StochasticSource m_random;
    std::int64_t m_steps = 0;
    std::int64_t m_effectiveAdds = 0;
    std::optional<std::int64_t> m_firstChange;
    std::optional<Stall> m_firstStall;
    bool m_fixedPoint = false;
};

// A whole run with its readouts, and as much of the trace as asked for.
struct TraceOptions {
    std::int64_t every = 0;  // keep the sum at step 0, every k-th step and the last one (0: none)
    int chartBuckets = 0;    // a min/max-per-bucket series for a chart (0: none)
};

struct TracePoint {
    std::int64_t step = 0;
    std::uint64_t code = 0;
};

struct AccumulationResult {
    Format format;
    AccumulationMode mode = AccumulationMode::Stored;
    std::int64_t steps = 0;
    std::uint64_t startCode = 0;
    std::uint64_t incrementCode = 0;  // in incrementFormat (the format; fp32 for the master)
    Format incrementFormat;
    std::uint64_t finalCode = 0;
    std::optional<std::uint64_t> masterCode;        // fp32-master, in fp32
    std::optional<std::uint64_t> compensationCode;  // Kahan, in the format
    std::int64_t effectiveAdds = 0;
    std::optional<std::int64_t> firstChange;  // the first step that moved the sum
    std::optional<Stall> firstStall;
    std::vector<TracePoint> trace;
    std::vector<ChartBucket> chart;
};

AccumulationResult accumulate(const Format& format, const AccumulationSetup& setup, const TraceOptions& trace = {});

// The exact line the sums are compared with: start + step * delta, from the exact inputs.
mpq_class exactSumAt(const AccumulationSetup& setup, std::int64_t step);

// The lesson's presets: the demos of the BF16 lesson, lecture 10 and lesson 14 (what each lesson says
// happens is the panel's note, in app/).
struct AccumulationPreset {
    const char* id;        // stable name ("one-plus-1e-3")
    const char* start;
    const char* delta;
    std::int64_t steps;
    AccumulationMode mode;
    const char* formats;   // comma-separated canonical names, in the registry's order (as the panel lists them)
};
std::span<const AccumulationPreset> accumulationPresets();

}  // namespace floatscope
