#include "core/lessons/FormatAdder.h"

#include <map>
#include <mutex>
#include <tuple>

#include "core/arith/ExactArithmetic.h"
#include "core/format/Codec.h"
#include "core/format/Registry.h"
#include "core/lessons/AdderLanes.h"

namespace floatscope {

namespace {

// A 16-bit table takes about a millisecond to build; simulations are rerun as a slider moves, so
// each layout's table is built once per process.
std::shared_ptr<const DecodeTable> sharedDecodeTable(const Format& format)
{
    using Key = std::tuple<int, int, int, Convention>;
    static std::mutex mutex;
    static std::map<Key, std::shared_ptr<const DecodeTable>> tables;
    const Key key{format.exponentBits(), format.mantissaBits(), format.bias(), format.convention()};
    const std::lock_guard lock(mutex);
    auto& slot = tables[key];
    if (!slot) {
        auto table = DecodeTable::make(format);
        if (!table)
            return nullptr;
        slot = std::make_shared<const DecodeTable>(std::move(*table));
    }
    return slot;
}

}  // namespace

FormatAdder::FormatAdder(const Format& format)
    : m_format(format)
    , m_signMask(format.signMask())
    , m_magnitudeMask(format.magnitudeMask())
    , m_maxFiniteMagnitude(format.maxFiniteMagnitude())
    , m_fnuzNan(format.convention() == Convention::Fnuz ? format.signMask() : ~std::uint64_t{0})
    , m_infinity(format.hasInfinity() ? format.infinityMagnitude() : ~std::uint64_t{0})
    , m_unsignedNan(format.signBits() == 0 ? format.nanCode(false) : 0)
    , m_hasZero(format.hasZero())
    , m_hasNegativeZero(format.hasNegativeZero())
{
    // The CPU's own adds overflow to inf, as the IEEE formats' default policy does.
    const bool ieeeOverflow = format.defaultOverflow() == OverflowPolicy::NonSaturating;
    // p = M + 1 <= 11, so 24 >= 2p + 2: the fp32 sum rounds to the same bits.
    const bool narrow = format.mantissaBits() <= 10;
    if (format == namedFormat("fp64") && ieeeOverflow) {
        m_path = Path::NativeFp64;
    } else if (format == namedFormat("fp32") && ieeeOverflow) {
        m_path = Path::NativeFp32;
    } else if (narrow && format.totalBits() <= 16) {
        auto table = sharedDecodeTable(format);
        const BatchPlanResult plan = makeBatchPlan(format, RoundingMode::NearestEven);
        if (table && plan.plan) {
            m_table = std::move(table);
            m_plan = *plan.plan;
            m_path = Path::Fp32SumKernel;
        }
    } else if (narrow && format.exponentBits() == 8 && format.bias() == 127 && format.convention() == Convention::Ieee
               && ieeeOverflow) {
        m_carryShift = 23 - format.mantissaBits();
        m_path = Path::Fp32SumCarry;
    }
    if (m_path != Path::Exact && SumRounder::supports(format))
        m_rounder.emplace(format);
}

std::uint64_t FormatAdder::addStochastic(std::uint64_t a, std::uint64_t b, std::uint64_t random,
                                         int randomBits) const
{
    if (m_path == Path::NativeFp64) {
        const Fp64Lane lane(*this);
        return lane.addStochastic(lane.of(a), lane.of(b), random, randomBits).code;
    }
    const RoundedLane lane(*this);
    return lane.addStochastic(lane.of(a), lane.of(b), random, randomBits).code;
}

std::uint64_t FormatAdder::addExact(std::uint64_t a, std::uint64_t b, const RoundOptions& options) const
{
    const Decoded x = decode(m_format, a);
    const Decoded y = decode(m_format, b);
    const auto finite = [](const Decoded& d) {
        return d.valueClass != ValueClass::NaN && d.valueClass != ValueClass::Infinite;
    };
    if (!finite(x) || !finite(y))
        return addNonFinite(a, b);
    return roundToFormat(exactSum(x.value, y.value), m_format, options).code;
}

// IEEE 754 section 6.2 and 6.1: a NaN operand gives a NaN (the first one, kept as it is, so that
// every path agrees); inf + -inf is invalid (the format's NaN); inf + finite is that inf.
std::uint64_t FormatAdder::addNonFinite(std::uint64_t a, std::uint64_t b) const
{
    const ValueClass ca = m_format.classify(a);
    const ValueClass cb = m_format.classify(b);
    if (ca == ValueClass::NaN)
        return a;
    if (cb == ValueClass::NaN)
        return b;
    if (ca == ValueClass::Infinite && cb == ValueClass::Infinite && m_format.isNegative(a) != m_format.isNegative(b))
        return m_format.nanCode(false);
    return ca == ValueClass::Infinite ? a : b;
}

double FormatAdder::toDoubleExact(std::uint64_t code) const
{
    const Decoded d = decode(m_format, code);
    switch (d.valueClass) {
    case ValueClass::NaN: return std::nan("");
    case ValueClass::Infinite: return d.negative ? -HUGE_VAL : HUGE_VAL;
    default: return floatscope::toDouble(d.value);
    }
}

}  // namespace floatscope
