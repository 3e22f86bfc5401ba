#include "core/lessons/Accumulation.h"

#include <array>

#include "core/arith/ExactArithmetic.h"
#include "core/format/Codec.h"
#include "core/format/Registry.h"
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

const char* toString(AccumulationMode mode)
{
    switch (mode) {
    case AccumulationMode::Stored: return "stored";
    case AccumulationMode::Fp32Master: return "fp32-master";
    case AccumulationMode::Kahan: return "kahan";
    case AccumulationMode::Stochastic: return "stochastic";
    }
    return "?";
}

std::optional<AccumulationMode> parseAccumulationMode(std::string_view text)
{
    for (const AccumulationMode m : {AccumulationMode::Stored, AccumulationMode::Fp32Master, AccumulationMode::Kahan,
                                     AccumulationMode::Stochastic})
        if (text == toString(m))
            return m;
    return std::nullopt;
}

const char* toString(StallReason reason)
{
    switch (reason) {
    case StallReason::IncrementIsZero: return "increment-is-zero";
    case StallReason::BelowHalfGap: return "below-half-gap";
    case StallReason::TieToEven: return "tie-to-even";
    case StallReason::RoundedBack: return "rounded-back";
    case StallReason::Saturated: return "saturated";
    case StallReason::NotFinite: return "not-finite";
    }
    return "?";
}

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

void Accumulator::noteStall(std::uint64_t sum, std::uint64_t addend, const FormatAdder& where)
{
    m_firstStall = explainStall(where.format(), m_steps + 1, sum, addend, m_mode == AccumulationMode::Stochastic);
}

// Each adds once and returns whether the run has reached a fixed point: the whole state (codes,
// not values: -0 + 0 is +0) came out unchanged from an add that involves no chance.
bool Accumulator::addStored()
{
    const std::uint64_t next = m_adder.add(m_value, m_delta);
    if (!m_firstStall && m_adder.sameValue(next, m_value))
        noteStall(m_value, m_delta, m_adder);
    const bool unchanged = next == m_value;
    m_value = next;
    return unchanged;
}

bool Accumulator::addStochastic()
{
    const std::uint64_t next = m_adder.add(m_value, m_delta, m_random.next());
    if (!m_firstStall && m_adder.sameValue(next, m_value))
        noteStall(m_value, m_delta, m_adder);
    const bool unchanged = next == m_value;
    m_value = next;
    // Only an add that rounds nothing repeats for certain: x + 0, or a sum that is inf or NaN.
    const bool exact = format().classify(m_delta) == ValueClass::Zero || !m_adder.isFinite(m_value);
    return unchanged && exact;
}

// Kahan, "Further remarks on reducing truncation errors", CACM 8(1), 1965: y = x - c; t = s + y;
// c = (t - s) - y; s = t. Each operation rounds in the format.
bool Accumulator::addKahan()
{
    const std::uint64_t y = m_adder.subtract(m_delta, m_compensation);
    const std::uint64_t t = m_adder.add(m_value, y);
    const std::uint64_t c = m_adder.subtract(m_adder.subtract(t, m_value), y);
    if (!m_firstStall && m_adder.sameValue(t, m_value))
        noteStall(m_value, y, m_adder);
    const bool unchanged = t == m_value && c == m_compensation;
    m_value = t;
    m_compensation = c;
    return unchanged;
}

bool Accumulator::addMaster()
{
    const std::uint64_t next = m_fp32.add(m_master, m_delta);
    if (!m_firstStall && m_fp32.sameValue(next, m_master))
        noteStall(m_master, m_delta, m_fp32);
    const bool unchanged = next == m_master;
    m_master = next;
    m_value = m_adder.fromFp32(static_cast<std::uint32_t>(m_master));
    return unchanged;
}

void Accumulator::advance(std::int64_t count) { advance(count, nullptr); }

void Accumulator::advance(std::int64_t count, Observer* observer)
{
    const std::int64_t end = m_steps + count;
    while (m_steps < end) {
        if (m_fixedPoint) {
            if (observer != nullptr)
                observer->held(m_steps + 1, end, m_value);
            m_steps = end;
            return;
        }
        const std::uint64_t before = m_value;
        switch (m_mode) {
        case AccumulationMode::Stored: m_fixedPoint = addStored(); break;
        case AccumulationMode::Stochastic: m_fixedPoint = addStochastic(); break;
        case AccumulationMode::Kahan: m_fixedPoint = addKahan(); break;
        case AccumulationMode::Fp32Master: m_fixedPoint = addMaster(); break;
        }
        ++m_steps;
        if (before != m_value && !m_adder.sameValue(before, m_value)) {
            ++m_effectiveAdds;
            if (!m_firstChange)
                m_firstChange = m_steps;
        }
        if (observer != nullptr)
            observer->stepped(m_steps, m_value);
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
        {"master-weight", "1", "1e-3", 100, M::Fp32Master, "bf16,fp16,fp32"},
    }};
    return kPresets;
}

}  // namespace floatscope
