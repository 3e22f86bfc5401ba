#include "core/dot/IeeeSum.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>
#include <type_traits>

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

// Rounding a double straight to the accumulator's grid, for values of its normal range: its last
// place lies `shift` bits above the double's, whatever the binade.
struct Grid {
    int shift = 0;                // 52 - M
    std::uint64_t lowMask = 0;    // the double's bits below the accumulator's last place
    std::uint64_t half = 0;       // half of that place
    std::uint64_t lsb = 0;        // the place itself
    std::uint64_t minField = 0;   // the double's exponent field of the smallest normal
    double maxFinite = 0;

    // Signed formats with a zero, of at most 52 fraction bits, whose normal range doubles hold.
    static std::optional<Grid> of(const Format& f)
    {
        if (f.signBits() != 1 || !f.hasZero() || f.mantissaBits() > 52 || f.minExponent() < -1022
            || f.maxExponent() > 1023)
            return std::nullopt;
        Grid g;
        g.shift = 52 - f.mantissaBits();
        g.lsb = std::uint64_t{1} << g.shift;
        g.lowMask = g.lsb - 1;
        g.half = g.lsb >> 1;
        g.minField = static_cast<std::uint64_t>(f.minExponent() + 1023);
        g.maxFinite = toDouble(f.maxFinite());
        return g;
    }
    static std::uint64_t field(std::uint64_t bits) { return (bits >> 52) & 0x7FF; }
};

// The shortcut below (see FastAdder): x + y to the nearest double, rounded in `Mode` straight from
// its bits; not `taken` where it may not be: s an inexact grid value or midpoint, s outside the
// normal range (subnormal, zero, overflow, inf or NaN).
struct GridSum {
    double value;
    bool taken;
};
template <RoundingMode Mode>
[[gnu::always_inline]] inline GridSum roundOnGrid(const Grid& g, double x, double y)
{
    const double s = x + y;
    const auto bits = std::bit_cast<std::uint64_t>(s);
    const std::uint64_t low = bits & g.lowMask;
    // On the grid or on a midpoint, s is what it seems only if the sum was exact (one of s - x and
    // s - y is computed exactly, by Sterbenz's lemma, and gives back the other). Bitwise, without
    // branches: sums of short products land on the grid often.
    const bool exact = (s - x == y) & (s - y == x);
    const bool suspect = ((low == 0) | (low == g.half)) & !exact;
    const bool negative = (bits >> 63) != 0;
    std::uint64_t r = bits & ~g.lowMask;
    if constexpr (Mode == RoundingMode::NearestEven)
        r += low > g.half || (low == g.half && (r & g.lsb) != 0) ? g.lsb : 0;
    else if constexpr (Mode == RoundingMode::NearestAway)
        r += low >= g.half ? g.lsb : 0;
    else if constexpr (Mode == RoundingMode::Up)
        r += !negative && low != 0 ? g.lsb : 0;
    else if constexpr (Mode == RoundingMode::Down)
        r += negative && low != 0 ? g.lsb : 0;
    else if constexpr (Mode == RoundingMode::ToOdd)
        r |= low != 0 ? g.lsb : 0;
    const double v = std::bit_cast<double>(r);  // toward zero: truncated
    return {v, static_cast<bool>((Grid::field(bits) >= g.minField) & !suspect & (std::fabs(v) <= g.maxFinite))};
}

// The fast routes: values are exact doubles (products of at most 48 bits, or accumulator values).
//
// A sum first takes the shortcut: s = x + y rounded to the nearest double, then rounded to the
// accumulator straight from its bits. That gives the exact sum's bits unless s is an accumulator
// value or the midpoint of two (its bits below the last place all zero, or exactly one half) and
// the double sum was inexact: if rounding v = x + y to nearest at 53 bits and then to p < 53 bits
// in any mode differed from rounding v once, a value or a midpoint of the p-bit grid (both doubles)
// would lie between v and s or at s, and one strictly between would be a double nearer to v than
// s. So only an inexact s on the grid or on a midpoint can mislead; those sums (and sums outside the
// normal range, overflow, zeros) take the long way: round-to-odd at 53 bits, then one rounding.
//
// Stochastic rounding reads `randomBits` bits below the last place: with M + 1 + randomBits <= 52
// the sum rounded to odd at 53 bits holds every one of them exactly.
class FastAdder {
public:
    using Value = double;

    FastAdder(IeeeRoute route, const IeeeAccumulator& acc, const OperandDecoder& inputs,
              std::span<const std::uint32_t> a, std::span<const std::uint32_t> b)
        : m_route(route)
        , m_mode(acc.rounding)
        , m_inputs(inputs)
        , m_format(acc.format)
        , m_accumulator(acc.format)
        , m_a(a)
        , m_b(b)
        , m_random(acc.seed, acc.randomBits)
        , m_randomBits(std::clamp(acc.randomBits, 1, 64))
    {
        if (route == IeeeRoute::ViaOddFloat)
            m_plan = *makeBatchPlan(acc.format, acc.rounding).plan;
        if (route != IeeeRoute::NativeFp64)
            m_grid = Grid::of(acc.format);
        if (const std::vector<Operand>* table = inputs.table()) {
            m_table = table->data();
            m_mask = static_cast<std::uint32_t>(table->size() - 1);
        }
    }

    double product(std::size_t i) const
    {
        if (m_table != nullptr)
            return m_table[m_a[i] & m_mask].value * m_table[m_b[i] & m_mask].value;
        return m_inputs(m_a[i]).value * m_inputs(m_b[i]).value;
    }

    [[gnu::always_inline]] double add(double x, double y)
    {
        if (m_route == IeeeRoute::NativeFp64)
            return x + y;
        if (m_grid && m_route != IeeeRoute::StochasticViaOdd) {
            GridSum r{};
            switch (m_mode) {
            case RoundingMode::NearestEven: r = roundOnGrid<RoundingMode::NearestEven>(*m_grid, x, y); break;
            case RoundingMode::NearestAway: r = roundOnGrid<RoundingMode::NearestAway>(*m_grid, x, y); break;
            case RoundingMode::TowardZero: r = roundOnGrid<RoundingMode::TowardZero>(*m_grid, x, y); break;
            case RoundingMode::Up: r = roundOnGrid<RoundingMode::Up>(*m_grid, x, y); break;
            case RoundingMode::Down: r = roundOnGrid<RoundingMode::Down>(*m_grid, x, y); break;
            case RoundingMode::ToOdd: r = roundOnGrid<RoundingMode::ToOdd>(*m_grid, x, y); break;
            case RoundingMode::Stochastic: break;
            }
            if (r.taken)
                return r.value;
        }
        return slowAdd(x, y);
    }

    // The sequential sum with the shortcut in `Mode`, every field in a register (the loop that sets
    // the speed of the long error curves).
    template <RoundingMode Mode, class Ticker>
    std::optional<double> sequentialOnGrid(double s, std::size_t n, Ticker& ticker)
    {
        const Grid g = *m_grid;
        for (std::size_t i = 0; i < n; ++i) {
            const double p = product(i);
            const GridSum r = roundOnGrid<Mode>(g, s, p);
            s = r.taken ? r.value : slowAdd(s, p);
            if (!ticker.tick())
                return std::nullopt;
        }
        return s;
    }
    // Whether sequentialOnGrid applies.
    bool onGrid() const { return m_grid && m_route != IeeeRoute::NativeFp64 && m_route != IeeeRoute::StochasticViaOdd; }

    double start(const Dyadic& value) const { return toDouble(value); }

    std::uint64_t code(double value, const Format& format) const
    {
        return roundToFormat(unpackDouble(value), format, roundingIn(m_mode)).code;
    }

private:
    // The long way (see above), and every sum the shortcut does not take.
    [[gnu::noinline]] double slowAdd(double x, double y)
    {
        if (!std::isfinite(x) || !std::isfinite(y))
            return x + y;  // an accumulator already at inf or NaN stays there, as IEEE adds do
        if (m_route == IeeeRoute::StochasticViaOdd)
            return addStochastic(x, y);
        const double t = addToOdd(x, y);
        if (t == 0)
            return zeroSum(x, y);
        switch (m_route) {
        case IeeeRoute::NativeFp32: return roundToFloat(t, static_cast<int>(m_mode));
        case IeeeRoute::ViaOddFloat: return m_accumulator(roundFp32To(toOddFloat(t), m_plan)).value;
        default: return m_accumulator(static_cast<std::uint32_t>(roundToFormat(unpackDouble(t), m_format, roundingIn(m_mode)).code)).value;
        }
    }

    double zeroSum(double x, double y) const
    {
        return zeroSumNegative(std::signbit(x) && x == 0, std::signbit(y) && y == 0, x == 0 && y == 0, m_mode) ? -0.0
                                                                                                            : 0.0;
    }

    // Every finite add draws once, as the exact route's does.
    double addStochastic(double x, double y)
    {
        const double t = addToOdd(x, y);
        const RoundOptions options = m_random.next();
        const std::uint64_t mask = m_randomBits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << m_randomBits) - 1;
        const auto bits = std::bit_cast<std::uint64_t>(t);
        if (t != 0 && Grid::field(bits) >= m_grid->minField) {
            const std::uint64_t fraction = ((bits & m_grid->lowMask) >> (m_grid->shift - m_randomBits)) & mask;
            const bool up = fraction + (options.random & mask) > mask;
            const double v = std::bit_cast<double>((bits & ~m_grid->lowMask) + (up ? m_grid->lsb : 0));
            if (std::fabs(v) <= m_grid->maxFinite)
                return v;
        }
        const Unpacked exact = t == 0 ? Unpacked::zero(std::signbit(zeroSum(x, y))) : unpackDouble(t);
        return m_accumulator(static_cast<std::uint32_t>(roundToFormat(exact, m_format, options).code)).value;
    }

    IeeeRoute m_route;
    RoundingMode m_mode;
    const OperandDecoder& m_inputs;
    Format m_format;
    OperandDecoder m_accumulator;
    std::span<const std::uint32_t> m_a, m_b;
    BatchPlan m_plan;
    std::optional<Grid> m_grid;
    StochasticSource m_random;
    int m_randomBits;
    const Operand* m_table = nullptr;  // the inputs' decoded codes, where there is a table
    std::uint32_t m_mask = 0;
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
    if (count == 2) {  // the leaves' pairs without two more calls (half the tree's nodes)
        const auto left = adder.product(first);
        const auto right = adder.product(first + 1);
        auto r = adder.add(left, right);
        record(left, right, r, first, 2, first + 1);
        if (!ticker.tick())
            return std::nullopt;
        return r;
    }
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
    case SumOrder::Sequential:
        if constexpr (std::is_same_v<Adder, FastAdder>) {
            if (adder.onGrid()) {
                const double s = adder.start(start);
                switch (acc.rounding) {
                case RoundingMode::NearestEven: result = adder.template sequentialOnGrid<RoundingMode::NearestEven>(s, n, ticker); break;
                case RoundingMode::NearestAway: result = adder.template sequentialOnGrid<RoundingMode::NearestAway>(s, n, ticker); break;
                case RoundingMode::TowardZero: result = adder.template sequentialOnGrid<RoundingMode::TowardZero>(s, n, ticker); break;
                case RoundingMode::Up: result = adder.template sequentialOnGrid<RoundingMode::Up>(s, n, ticker); break;
                case RoundingMode::Down: result = adder.template sequentialOnGrid<RoundingMode::Down>(s, n, ticker); break;
                default: result = adder.template sequentialOnGrid<RoundingMode::ToOdd>(s, n, ticker); break;
                }
                break;
            }
        }
        result = sequential(adder, adder.start(start), n, ticker, record);
        break;
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

}  // namespace

IeeeRoute ieeeRoute(const IeeeAccumulator& acc, const Format& inputs)
{
    if (!productsFit(inputs))
        return IeeeRoute::Exact;
    // Formats whose every value, and two bits below each, doubles hold: of at most 32 bits (their
    // codes are decoded as 32-bit ones), at most 51 fraction bits, well inside double's range.
    const Format& f = acc.format;
    const bool doubleHolds = Grid::of(f).has_value() && f.totalBits() <= 32 && f.mantissaBits() <= 50
        && f.minExponent() - f.mantissaBits() >= -1000 && f.maxExponent() <= 1000;
    if (acc.rounding == RoundingMode::Stochastic)
        return doubleHolds && f.mantissaBits() + 1 + std::clamp(acc.randomBits, 1, 64) <= 52 ? IeeeRoute::StochasticViaOdd
                                                                                            : IeeeRoute::Exact;
    const bool ieeeOverflow = f.defaultOverflow() == OverflowPolicy::NonSaturating;
    if (acc.rounding == RoundingMode::NearestEven && ieeeOverflow && f == namedFormat("fp64"))
        return IeeeRoute::NativeFp64;
    if (ieeeOverflow && f == namedFormat("fp32"))
        return IeeeRoute::NativeFp32;
    // Formats of at most 16 bits within fp32's range: fp32 keeps at least p + 2 bits of every value
    // they round (p <= 15), down to their smallest subnormal (at least 2^-140 when the bias is at most 127).
    const BatchPlanResult plan = makeBatchPlan(f, acc.rounding);
    if (plan.plan && !plan.plan->normaliseSubnormals && f.bias() <= 127)
        return IeeeRoute::ViaOddFloat;
    return doubleHolds ? IeeeRoute::ViaOddDouble : IeeeRoute::Exact;
}

std::optional<std::uint64_t> ieeeDot(const IeeeAccumulator& acc, const OperandDecoder& inputs,
                                     std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
                                     const Dyadic& start, const RunControl& control, DotTrace* trace,
                                     std::size_t maxSteps)
{
    const std::size_t n = std::min(a.size(), b.size());
    Recorder record(trace, maxSteps);
    const IeeeRoute route = ieeeRoute(acc, inputs.format());
    if (trace == nullptr && route != IeeeRoute::Exact && inputs.allFinite(a) && inputs.allFinite(b)) {
        FastAdder adder(route, acc, inputs, a, b);
        return run(adder, acc, n, start, control, record);
    }
    ExactAdder adder(acc, inputs, a, b);
    return run(adder, acc, n, start, control, record);
}

}  // namespace floatscope::dot
