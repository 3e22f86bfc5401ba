#include "core/lessons/Accumulation.h"

#include <array>

#include "core/arith/ExactArithmetic.h"
#include "core/common/Names.h"
#include "core/format/Codec.h"
#include "core/format/Registry.h"
#include "core/lessons/AdderLanes.h"
#include "core/round/Neighbours.h"

namespace floatscope {

namespace {

const Format& fp32() { return namedFormat("fp32"); }

bool isFiniteClass(ValueClass c) { return c != ValueClass::NaN && c != ValueClass::Infinite; }

// Records what accumulate() was asked for while the run streams past. accumulate() advances once,
// so a fixed point, once reached, holds to the last step.
class Recorder final : public Accumulator::Observer {
public:
    Recorder(const Accumulator& run, const TraceOptions& options, std::int64_t lastStep)
        : m_run(run), m_every(options.every), m_lastStep(lastStep)
    {
        if (options.chartBuckets > 0)
            m_chart.emplace(lastStep, options.chartBuckets);
        if (m_every > 0)
            m_trace.reserve(static_cast<std::size_t>(lastStep / m_every + 2));
    }

    void stepped(std::int64_t step, std::uint64_t code) override
    {
        if (m_chart)
            m_chart->add(step, m_run.toDouble(code));
        if (m_every > 0 && (step == m_nextTraced || step == m_lastStep)) {
            m_trace.push_back({step, code});
            if (step == m_nextTraced)
                m_nextTraced += m_every;
        }
    }

    void held(std::int64_t fromStep, std::int64_t toStep, std::uint64_t code) override
    {
        if (m_chart)
            m_chart->fill(fromStep, m_run.toDouble(code));
        if (m_every <= 0)
            return;
        for (; m_nextTraced <= toStep; m_nextTraced += m_every)
            if (m_nextTraced >= fromStep)
                m_trace.push_back({m_nextTraced, code});
        if (toStep == m_lastStep && (m_trace.empty() || m_trace.back().step != m_lastStep))
            m_trace.push_back({m_lastStep, code});
    }

    std::vector<TracePoint> takeTrace() { return std::move(m_trace); }
    std::vector<ChartBucket> takeChart() { return m_chart ? m_chart->take() : std::vector<ChartBucket>{}; }

private:
    const Accumulator& m_run;
    std::int64_t m_every;
    std::int64_t m_lastStep;
    std::int64_t m_nextTraced = 0;
    std::optional<ChartRecorder> m_chart;
    std::vector<TracePoint> m_trace;
};

}  // namespace

constexpr Named<AccumulationMode> kModes[] = {
    {AccumulationMode::Stored, "stored"}, {AccumulationMode::Fp32Master, "fp32-master"},
    {AccumulationMode::Kahan, "kahan"}, {AccumulationMode::Stochastic, "stochastic"}
};

const char* toString(AccumulationMode mode) { return nameIn(kModes, mode); }

std::optional<AccumulationMode> parseAccumulationMode(std::string_view text) { return valueIn(kModes, text); }

constexpr Named<StallReason> kStallReasons[] = {
    {StallReason::IncrementIsZero, "increment-is-zero"}, {StallReason::BelowHalfGap, "below-half-gap"},
    {StallReason::TieToEven, "tie-to-even"}, {StallReason::RoundedBack, "rounded-back"},
    {StallReason::Saturated, "saturated"}, {StallReason::NotFinite, "not-finite"}
};

const char* toString(StallReason reason) { return nameIn(kStallReasons, reason); }

std::optional<SetupError> checkSetup(const AccumulationSetup& setup, std::span<const Format> formats)
{
    auto refused = [](SetupErrorKind kind, std::int64_t number = 0, std::string value = {}, std::string format = {}) {
        return SetupError{kind, std::move(format), number, std::move(value)};
    };
    if (setup.mode == AccumulationMode::Kahan)
        for (const Format& f : formats)
            if (!f.hasZero() || f.signBits() == 0)
                return refused(SetupErrorKind::KahanNeedsZeroAndSign, 0, {}, f.name());
    if (setup.steps < 1)
        return refused(SetupErrorKind::TooFewSteps, setup.steps);
    if (setup.steps > kMaxAccumulationSteps)
        return refused(SetupErrorKind::TooManySteps, setup.steps);
    if (!setup.start.isFinite())
        return refused(SetupErrorKind::StartNotFinite, 0, setup.start.rationalText());
    if (setup.delta.kind() == ExactValue::Kind::NaN)
        return refused(SetupErrorKind::IncrementNotANumber);
    if (!setup.delta.isFinite())
        return refused(SetupErrorKind::IncrementNotFinite, 0, setup.delta.rationalText());
    if (setup.randomBits < 1 || setup.randomBits > 64)
        return refused(SetupErrorKind::RandomBitsOutOfRange, setup.randomBits);
    return std::nullopt;
}

// 1. non-finite sum  2. zero addend  3. the gap to the neighbour in the addend's direction (the
// ulp, or half of it below a power of two; at the largest finite value, the ulp: overflow starts
// half an ulp above it)  4. compare the addend with half the gap, and a tie with the sum's parity.
Stall explainStall(const Format& format, std::int64_t step, std::uint64_t sum, std::uint64_t addend, bool stochastic)
{
    Stall s{.step = step,
            .format = format,
            .code = sum,
            .addendCode = addend,
            .ulp = std::nullopt,
            .gap = std::nullopt,
            .threshold = std::nullopt,
            .reason = StallReason::BelowHalfGap};
    const Decoded value = decode(format, sum);
    const Decoded increment = decode(format, addend);
    // 1, 2.
    if (!isFiniteClass(value.valueClass) || !isFiniteClass(increment.valueClass)) {
        s.reason = StallReason::NotFinite;
        return s;
    }
    if (increment.valueClass == ValueClass::Zero) {
        s.reason = StallReason::IncrementIsZero;
        return s;
    }
    // 3.
    s.ulp = ulpOf(format, sum);
    const auto neighbour = increment.negative ? nextDown(format, sum) : nextUp(format, sum);
    if (neighbour && isFiniteClass(format.classify(*neighbour))) {
        Dyadic minusValue = value.value;
        minusValue.negative = !minusValue.negative;
        s.gap = toDyadic(exactSum(decode(format, *neighbour).value, minusValue));
        s.gap->negative = false;
    } else {
        s.gap = s.ulp;
    }
    if (!s.gap) {
        s.reason = StallReason::NotFinite;
        return s;
    }
    s.threshold = Dyadic{false, s.gap->significand, s.gap->exponent - 1};
    // 4. A tie stays only on an even sum (the code's last bit, as the rounding core reads "even");
    //    a tie that went to the neighbour, or a larger add, came back only by saturating.
    const int against = compareMagnitude(increment.value, *s.threshold);
    if (stochastic)
        s.reason = StallReason::RoundedBack;
    else if (against < 0)
        s.reason = StallReason::BelowHalfGap;
    else if (against == 0 && (sum & 1) == 0)
        s.reason = StallReason::TieToEven;
    else
        s.reason = StallReason::Saturated;
    return s;
}

Accumulator::Accumulator(const Format& format, const AccumulationSetup& setup)
    : m_adder(format), m_fp32(fp32()), m_mode(setup.mode), m_random(setup.seed, setup.randomBits)
{
    if (m_mode == AccumulationMode::Fp32Master) {
        m_master = roundVia(setup.start, fp32(), setup.route).code;
        m_delta = roundVia(setup.delta, fp32(), setup.route).code;
        m_value = m_adder.fromFp32(static_cast<std::uint32_t>(m_master));
    } else {
        m_value = roundVia(setup.start, format, setup.route).code;
        m_delta = roundVia(setup.delta, format, setup.route).code;
        m_compensation = roundExact(ExactValue{}, format).code;
    }
    m_startCode = m_value;
}

const Format& Accumulator::incrementFormat() const
{
    return m_mode == AccumulationMode::Fp32Master ? m_fp32.format() : m_adder.format();
}

std::optional<std::uint64_t> Accumulator::masterCode() const
{
    return m_mode == AccumulationMode::Fp32Master ? std::optional<std::uint64_t>{m_master} : std::nullopt;
}

std::optional<std::uint64_t> Accumulator::compensationCode() const
{
    return m_mode == AccumulationMode::Kahan ? std::optional<std::uint64_t>{m_compensation} : std::nullopt;
}

void Accumulator::noteStall(std::int64_t step, std::uint64_t sum, std::uint64_t addend, const FormatAdder& where)
{
    m_firstStall = explainStall(where.format(), step, sum, addend, m_mode == AccumulationMode::Stochastic);
}

namespace {

// What one step of a mode's adds reports to the loop.
struct StepResult {
    std::uint64_t code;  // the sum in the format (fp32-master: the copy)
    bool fixedPoint;     // the whole state came out unchanged from an add that involves no chance
};

}  // namespace

// The step loop. `add(step)` adds once; "unchanged" compares codes, not values (-0 + 0 is +0). The
// counters live in locals while the loop runs (a step must not wait for them in memory).
template <class Add>
void Accumulator::loop(std::int64_t end, Observer* observer, Add add)
{
    std::int64_t steps = m_steps;
    std::int64_t effectiveAdds = m_effectiveAdds;
    std::uint64_t value = m_value;
    bool fixedPoint = m_fixedPoint;
    while (steps < end) {
        if (fixedPoint) {
            if (observer != nullptr)
                observer->held(steps + 1, end, value);
            steps = end;
            break;
        }
        const StepResult r = add(steps + 1);
        ++steps;
        if (r.code != value && !m_adder.sameValue(r.code, value)) {
            ++effectiveAdds;
            if (!m_firstChange)
                m_firstChange = steps;
        }
        value = r.code;
        fixedPoint = r.fixedPoint;
        if (observer != nullptr)
            observer->stepped(steps, value);
    }
    m_steps = steps;
    m_effectiveAdds = effectiveAdds;
    m_value = value;
    m_fixedPoint = fixedPoint;
}

// The modes' adds on a lane (AdderLanes.h): the running values live in locals for the whole call,
// and go back to the members' codes at its end.
template <class Lane>
void Accumulator::runStored(const Lane& lane, std::int64_t end, Observer* observer)
{
    auto sum = lane.of(m_value);
    const auto delta = lane.of(m_delta);
    loop(end, observer, [&](std::int64_t step) {
        const auto next = lane.add(sum, delta);
        if (!m_firstStall && m_adder.sameValue(next.code, sum.code))
            noteStall(step, sum.code, delta.code, m_adder);
        const bool unchanged = next.code == sum.code;
        sum = next;
        return StepResult{next.code, unchanged};
    });
}

template <class Lane>
void Accumulator::runStochastic(const Lane& lane, std::int64_t end, Observer* observer)
{
    auto sum = lane.of(m_value);
    const auto delta = lane.of(m_delta);
    // Only an add that rounds nothing repeats for certain: x + 0, or a sum that is inf or NaN.
    const bool zeroDelta = m_adder.isZero(m_delta);
    StochasticSource random = m_random;
    loop(end, observer, [&](std::int64_t step) {
        const RoundOptions draw = random.next();
        const auto next = lane.addStochastic(sum, delta, draw.random, draw.randomBits);
        if (!m_firstStall && m_adder.sameValue(next.code, sum.code))
            noteStall(step, sum.code, delta.code, m_adder);
        const bool unchanged = next.code == sum.code;
        sum = next;
        return StepResult{next.code, unchanged && (zeroDelta || !m_adder.isFinite(next.code))};
    });
    m_random = random;
}

// Kahan, "Further remarks on reducing truncation errors", CACM 8(1), 1965: y = x - c; t = s + y;
// c = (t - s) - y; s = t. Each operation rounds in the format.
template <class Lane>
void Accumulator::runKahan(const Lane& lane, std::int64_t end, Observer* observer)
{
    auto sum = lane.of(m_value);
    auto compensation = lane.of(m_compensation);
    const auto delta = lane.of(m_delta);
    loop(end, observer, [&](std::int64_t step) {
        const auto y = lane.add(delta, lane.negate(compensation));
        const auto t = lane.add(sum, y);
        const auto c = kahanCompensation(lane, t, sum, y);
        if (!m_firstStall && m_adder.sameValue(t.code, sum.code))
            noteStall(step, sum.code, y.code, m_adder);
        const bool unchanged = t.code == sum.code && c.code == compensation.code;
        sum = t;
        compensation = c;
        return StepResult{t.code, unchanged};
    });
    m_compensation = compensation.code;
}

void Accumulator::runMaster(std::int64_t end, Observer* observer)
{
    const Fp32Lane lane(m_fp32);
    auto master = lane.of(m_master);
    const auto delta = lane.of(m_delta);
    loop(end, observer, [&](std::int64_t step) {
        const auto next = lane.add(master, delta);
        if (!m_firstStall && m_fp32.sameValue(next.code, master.code))
            noteStall(step, master.code, delta.code, m_fp32);
        const bool unchanged = next.code == master.code;
        master = next;
        return StepResult{m_adder.fromFp32(static_cast<std::uint32_t>(next.code)), unchanged};
    });
    m_master = master.code;
}

// The lane for the nearest-even modes, and for stochastic rounding (which the fp32 lane has not).
template <class Run>
void Accumulator::withNearestLane(Run run)
{
    switch (m_adder.path()) {
    case FormatAdder::Path::NativeFp64: return run(Fp64Lane(m_adder));
    case FormatAdder::Path::NativeFp32: return run(Fp32Lane(m_adder));
    case FormatAdder::Path::Fp32SumKernel:
    case FormatAdder::Path::Fp32SumCarry:
        if (m_adder.hasSumRounder())
            return run(RoundedLane(m_adder));
        break;
    case FormatAdder::Path::Exact: break;
    }
    run(CodeLane(m_adder));
}

template <class Run>
void Accumulator::withStochasticLane(Run run)
{
    if (m_adder.path() == FormatAdder::Path::NativeFp64)
        return run(Fp64Lane(m_adder));
    if (m_adder.path() != FormatAdder::Path::Exact && m_adder.hasSumRounder())
        return run(RoundedLane(m_adder));
    run(CodeLane(m_adder));
}

void Accumulator::advance(std::int64_t count) { advance(count, nullptr); }

void Accumulator::advance(std::int64_t count, Observer* observer)
{
    const std::int64_t end = m_steps + count;
    switch (m_mode) {
    case AccumulationMode::Stored:
        withNearestLane([&](const auto& lane) { runStored(lane, end, observer); });
        break;
    case AccumulationMode::Kahan:
        withNearestLane([&](const auto& lane) { runKahan(lane, end, observer); });
        break;
    case AccumulationMode::Stochastic:
        withStochasticLane([&](const auto& lane) { runStochastic(lane, end, observer); });
        break;
    case AccumulationMode::Fp32Master: runMaster(end, observer); break;
    }
}

AccumulationResult accumulate(const Format& format, const AccumulationSetup& setup, const TraceOptions& trace)
{
    Accumulator run(format, setup);
    Recorder recorder(run, trace, setup.steps);
    recorder.stepped(0, run.code());
    run.advance(setup.steps, &recorder);
    return AccumulationResult{
        .format = format,
        .mode = setup.mode,
        .steps = setup.steps,
        .startCode = run.startCode(),
        .incrementCode = run.incrementCode(),
        .incrementFormat = run.incrementFormat(),
        .finalCode = run.code(),
        .masterCode = run.masterCode(),
        .compensationCode = run.compensationCode(),
        .effectiveAdds = run.effectiveAdds(),
        .firstChange = run.firstChange(),
        .firstStall = run.firstStall(),
        .trace = recorder.takeTrace(),
        .chart = recorder.takeChart(),
    };
}

mpq_class exactSumAt(const AccumulationSetup& setup, std::int64_t step)
{
    return setup.start.value() + mpq_class(mpz_class(static_cast<long>(step))) * setup.delta.value();
}

std::span<const AccumulationPreset> accumulationPresets()
{
    using M = AccumulationMode;
    static constexpr std::array<AccumulationPreset, 4> kPresets{{
        {"one-plus-1e-3", "1", "1e-3", 1000, M::Stored, "fp32,fp16,bf16"},
        {"1e-4-from-zero", "0", "1e-4", 10000, M::Stored, "fp32,fp16,bf16"},
        {"one-plus-1e-4", "1", "1e-4", 1000, M::Stored, "fp32,fp16,bf16"},
        {"master-weight", "1", "1e-3", 100, M::Fp32Master, "fp32,fp16,bf16"},
    }};
    return kPresets;
}

}  // namespace floatscope
