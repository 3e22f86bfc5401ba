#include "core/dot/IeeeSum.h"

#include <cmath>

#include "core/arith/ExactArithmetic.h"
#include "core/dot/RoundToOdd.h"
#include "core/batch/Batch.h"
#include "core/format/Codec.h"
#include "core/format/Registry.h"

namespace floatscope::dot {

namespace {

// IEEE 754 section 6.3: an exact zero sum of x and y. x + x keeps x's sign even at zero; otherwise
// +0, except -0 when rounding toward negative.
bool zeroSumNegative(bool xNegativeZero, bool yNegativeZero, bool bothZero, RoundingMode mode)
{
    if (bothZero && xNegativeZero == yNegativeZero)
        return xNegativeZero;
    return mode == RoundingMode::Down;
}

[[gnu::always_inline]] inline std::uint32_t roundFp32To(float f, const BatchPlan& plan)
{
    using namespace batch_detail;
    const std::uint32_t bits = floatBits(f);
    if (plan.nearestEvenFastPath)
        return convertFp32BitsNearestEven(bits, plan);
    switch (plan.mode) {
    case kNearestEven: return convertFp32Bits<kNearestEven, false>(bits, plan);
    case kNearestAway: return convertFp32Bits<kNearestAway, false>(bits, plan);
    case kTowardZero: return convertFp32Bits<kTowardZero, false>(bits, plan);
    case kUp: return convertFp32Bits<kUp, false>(bits, plan);
    case kDown: return convertFp32Bits<kDown, false>(bits, plan);
    default: return convertFp32Bits<kToOdd, false>(bits, plan);
    }
}

// The fast routes: values are exact doubles (products of at most 48 bits, or accumulator values).
class FastAdder {
public:
    using Value = double;

    FastAdder(IeeeRoute route, const IeeeAccumulator& acc, const OperandDecoder& inputs,
              std::span<const std::uint32_t> a, std::span<const std::uint32_t> b)
        : m_route(route), m_mode(acc.rounding), m_inputs(inputs), m_accumulator(acc.format), m_a(a), m_b(b)
    {
        if (route == IeeeRoute::ViaOddFloat)
            m_plan = *makeBatchPlan(acc.format, acc.rounding).plan;
    }

    double product(std::size_t i) const { return m_inputs(m_a[i]).value * m_inputs(m_b[i]).value; }

    double add(double x, double y) const
    {
        if (m_route == IeeeRoute::NativeFp64)
            return x + y;
        if (!std::isfinite(x) || !std::isfinite(y))
            return x + y;  // an accumulator already at inf or NaN stays there, as IEEE adds do
        const double t = addToOdd(x, y);
        if (t == 0)
            return zeroSumNegative(std::signbit(x) && x == 0, std::signbit(y) && y == 0, x == 0 && y == 0, m_mode)
                ? -0.0
                : 0.0;
        if (m_route == IeeeRoute::NativeFp32)
            return roundToFloat(t, static_cast<int>(m_mode));
        return m_accumulator(roundFp32To(toOddFloat(t), m_plan)).value;
    }

    double start(const Dyadic& value) const { return toDouble(value); }

    std::uint64_t code(double value, const Format& format) const
    {
        return roundToFormat(unpackDouble(value), format, roundingIn(m_mode)).code;
    }

private:
    IeeeRoute m_route;
    RoundingMode m_mode;
    const OperandDecoder& m_inputs;
    OperandDecoder m_accumulator;
    std::span<const std::uint32_t> m_a, m_b;
    BatchPlan m_plan;
};

// The exact route: roundToFormat(exactSum(x, y)), specials by IEEE 754's rules.
class ExactAdder {
public:
    using Value = Product;

    ExactAdder(const IeeeAccumulator& acc, const OperandDecoder& inputs, std::span<const std::uint32_t> a,
               std::span<const std::uint32_t> b)
        : m_acc(acc), m_inputs(inputs), m_a(a), m_b(b), m_random(acc.seed, acc.randomBits)
    {
    }

    Product product(std::size_t i) const
    {
        return multiply(m_inputs(m_a[i]), m_inputs(m_b[i]), m_inputs.format().mantissaBits());
    }

    Product add(const Product& x, const Product& y)
    {
        using Kind = Product::Kind;
        if (x.kind == Kind::NaN || y.kind == Kind::NaN
            || (x.kind == Kind::Infinite && y.kind == Kind::Infinite && x.value.negative != y.value.negative))
            return fromCode(roundToFormat(Unpacked::nan(false, 0), m_acc.format).code);
        if (x.kind == Kind::Infinite || y.kind == Kind::Infinite) {
            const bool negative = x.kind == Kind::Infinite ? x.value.negative : y.value.negative;
            return fromCode(roundToFormat(Unpacked::infinity(negative), m_acc.format).code);
        }
        Unpacked sum = exactSum(x.value, y.value);
        if (sum.kind == Unpacked::Kind::Zero)
            sum.negative = zeroSumNegative(x.value.isZero() && x.value.negative, y.value.isZero() && y.value.negative,
                                           x.value.isZero() && y.value.isZero(), m_acc.rounding);
        return fromCode(roundToFormat(sum, m_acc.format, options()).code);
    }

    Product start(const Dyadic& value) const { return Product{Product::Kind::Finite, value}; }

    std::uint64_t code(const Product& value, const Format& format)
    {
        switch (value.kind) {
        case Product::Kind::NaN: return roundToFormat(Unpacked::nan(false, 0), format).code;
        case Product::Kind::Infinite: return roundToFormat(Unpacked::infinity(value.value.negative), format).code;
        case Product::Kind::Finite: break;
        }
        return roundToFormat(unpackDyadic(value.value), format, options()).code;
    }

private:
    RoundOptions options()
    {
        if (m_acc.rounding == RoundingMode::Stochastic)
            return m_random.next();
        return roundingIn(m_acc.rounding);
    }

    Product fromCode(std::uint64_t code) const
    {
        const Decoded d = decode(m_acc.format, code);
        switch (d.valueClass) {
        case ValueClass::NaN: return Product{Product::Kind::NaN, {}};
        case ValueClass::Infinite: return Product{Product::Kind::Infinite, Dyadic{d.negative, 0, 0}};
        case ValueClass::Zero: return Product{Product::Kind::Finite, Dyadic{d.negative, 0, 0}};
        default: return Product{Product::Kind::Finite, d.value};
        }
    }

    const IeeeAccumulator& m_acc;
    const OperandDecoder& m_inputs;
    std::span<const std::uint32_t> m_a, m_b;
    StochasticSource m_random;
};

// Counts additions, reports progress and asks whether to stop, every 2^16 of them.
class Ticker {
public:
    Ticker(const RunControl& control, std::size_t total) : m_control(control), m_total(total) {}
    bool tick()
    {
        if ((++m_done & 0xFFFF) != 0)
            return true;
        m_control.report(static_cast<double>(m_done) / static_cast<double>(m_total));
        return !m_control.cancelled();
    }

private:
    const RunControl& m_control;
    std::size_t m_total;
    std::size_t m_done = 0;
};

// Records additions into a trace (exact route only).
class Recorder {
public:
    Recorder(DotTrace* trace, std::size_t maxSteps) : m_trace(trace), m_maxSteps(maxSteps) {}

    void operator()(const Product& x, const Product& y, const Product& r, std::size_t first, std::size_t count,
                    std::size_t term)
    {
        if (m_trace == nullptr)
            return;
        if (m_trace->steps.size() >= m_maxSteps || x.kind != Product::Kind::Finite || y.kind != Product::Kind::Finite
            || r.kind != Product::Kind::Finite) {
            m_trace->truncated = true;
            m_trace = nullptr;
            return;
        }
        TraceStep step;
        step.kind = TraceStep::Kind::Add;
        step.first = first;
        step.count = count;
        step.term = term;
        step.left = x.value;
        step.right = y.value;
        step.exact = ExactValue::fromDyadic(x.value).value() + ExactValue::fromDyadic(y.value).value();
        step.result = r.value;
        m_trace->steps.push_back(std::move(step));
    }
    void operator()(double, double, double, std::size_t, std::size_t, std::size_t) {}

private:
    DotTrace* m_trace;
    std::size_t m_maxSteps;
};

template <class Adder>
std::optional<typename Adder::Value> sequential(Adder& adder, typename Adder::Value s, std::size_t n, Ticker& ticker,
                                                Recorder& record)
{
    for (std::size_t i = 0; i < n; ++i) {
        const auto p = adder.product(i);
        auto r = adder.add(s, p);
        record(s, p, r, 0, i + 1, i);
        s = std::move(r);
        if (!ticker.tick())
            return std::nullopt;
    }
    return s;
}

template <class Adder>
std::optional<typename Adder::Value> pairwise(Adder& adder, std::size_t first, std::size_t count, Ticker& ticker,
                                              Recorder& record)
{
    if (count == 1)
        return adder.product(first);
    const std::size_t half = count / 2;
    const auto left = pairwise(adder, first, half, ticker, record);
    if (!left)
        return std::nullopt;
    const auto right = pairwise(adder, first + half, count - half, ticker, record);
    if (!right)
        return std::nullopt;
    auto r = adder.add(*left, *right);
    record(*left, *right, r, first, count, count == 2 ? first + 1 : kNoIndex);
    if (!ticker.tick())
        return std::nullopt;
    return r;
}

template <class Adder>
std::optional<typename Adder::Value> blocked(Adder& adder, typename Adder::Value total, std::size_t n,
                                             std::size_t block, Ticker& ticker, Recorder& record)
{
    for (std::size_t first = 0; first < n; first += block) {
        const std::size_t end = std::min(n, first + block);
        auto sum = adder.product(first);
        for (std::size_t i = first + 1; i < end; ++i) {
            const auto p = adder.product(i);
            auto r = adder.add(sum, p);
            record(sum, p, r, first, i - first + 1, i);
            sum = std::move(r);
            if (!ticker.tick())
                return std::nullopt;
        }
        auto r = adder.add(total, sum);
        record(total, sum, r, 0, end, end - first == 1 ? first : kNoIndex);
        total = std::move(r);
    }
    return total;
}

template <class Adder>
std::optional<std::uint64_t> run(Adder& adder, const IeeeAccumulator& acc, std::size_t n, const Dyadic& start,
                                 const RunControl& control, Recorder& record)
{
    Ticker ticker(control, n);
    std::optional<typename Adder::Value> result;
    switch (acc.order) {
    case SumOrder::Sequential: result = sequential(adder, adder.start(start), n, ticker, record); break;
    case SumOrder::Pairwise:
        if (n == 0) {
            result = adder.start(start);
        } else {
            result = pairwise(adder, 0, n, ticker, record);
            if (result && !start.isZero()) {
                auto r = adder.add(adder.start(start), *result);
                record(adder.start(start), *result, r, 0, n, n == 1 ? 0 : kNoIndex);
                result = r;
            }
        }
        break;
    case SumOrder::Blocked:
        result = blocked(adder, adder.start(start), n, static_cast<std::size_t>(acc.blockSize), ticker, record);
        break;
    }
    if (!result)
        return std::nullopt;
    return adder.code(*result, acc.format);
}

bool allFinite(const OperandDecoder& inputs, std::span<const std::uint32_t> codes)
{
    for (const std::uint32_t c : codes) {
        const ValueClass k = inputs(c).valueClass;
        if (k == ValueClass::Infinite || k == ValueClass::NaN)
            return false;
    }
    return true;
}

}  // namespace

IeeeRoute ieeeRoute(const IeeeAccumulator& acc, const Format& inputs)
{
    if (acc.rounding == RoundingMode::Stochastic || !productsFit(inputs))
        return IeeeRoute::Exact;
    const bool ieeeOverflow = acc.format.defaultOverflow() == OverflowPolicy::NonSaturating;
    if (acc.rounding == RoundingMode::NearestEven && ieeeOverflow && acc.format == namedFormat("fp64"))
        return IeeeRoute::NativeFp64;
    if (ieeeOverflow && acc.format == namedFormat("fp32"))
        return IeeeRoute::NativeFp32;
    // Formats of at most 16 bits within fp32's range: fp32 keeps at least p + 2 bits of every value
    // they round (p <= 15), down to their smallest subnormal (at least 2^-140 when the bias is at most 127).
    const BatchPlanResult plan = makeBatchPlan(acc.format, acc.rounding);
    if (plan.plan && !plan.plan->normaliseSubnormals && acc.format.bias() <= 127)
        return IeeeRoute::ViaOddFloat;
    return IeeeRoute::Exact;
}

std::optional<std::uint64_t> ieeeDot(const IeeeAccumulator& acc, const OperandDecoder& inputs,
                                     std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
                                     const Dyadic& start, const RunControl& control, DotTrace* trace,
                                     std::size_t maxSteps)
{
    const std::size_t n = std::min(a.size(), b.size());
    Recorder record(trace, maxSteps);
    const IeeeRoute route = ieeeRoute(acc, inputs.format());
    if (trace == nullptr && route != IeeeRoute::Exact && allFinite(inputs, a) && allFinite(inputs, b)) {
        FastAdder adder(route, acc, inputs, a, b);
        return run(adder, acc, n, start, control, record);
    }
    ExactAdder adder(acc, inputs, a, b);
    return run(adder, acc, n, start, control, record);
}

}  // namespace floatscope::dot
