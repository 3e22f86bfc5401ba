#include "core/dot/Probe.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>

#include "core/arith/ExactArithmetic.h"
#include "core/dot/InnerProduct.h"
#include "core/dot/Operands.h"
#include "core/format/Registry.h"
#include "core/round/Rounding.h"

namespace floatscope::dot {

namespace {

constexpr int kMaxWidth = 60;  // alignment widths tried: 1 .. 60 bits

class Lab {
public:
    Lab(const Format& f, const ProbeOracle& oracle, ProbeReport& report) : m_f(f), m_oracle(oracle), m_report(report) {}

    bool failed() const { return m_failed; }

    // A code of the format holding exactly this value, if one does.
    std::optional<std::uint32_t> codeOf(double value) const
    {
        if (!std::isfinite(value))
            return std::nullopt;
        const RoundResult r = roundToFormat(unpackDouble(value), m_f);
        const ValueClass k = m_f.classify(r.code);
        if (r.flags != 0 || k == ValueClass::NaN || k == ValueClass::Infinite)
            return std::nullopt;
        return static_cast<std::uint32_t>(r.code);
    }

    // Two codes whose exact product is `value`: value / 2^t times 2^t for some power of two 2^t
    // (remembered: the experiments ask for the same few values many times).
    std::optional<std::pair<std::uint32_t, std::uint32_t>> factor(double value)
    {
        const auto known = m_factors.find(value);
        if (known != m_factors.end())
            return known->second;
        std::optional<std::pair<std::uint32_t, std::uint32_t>> found;
        if (value == 0)
            found = std::pair{*codeOf(0.0), *codeOf(0.0)};
        for (int t = 0; !found && t <= 2 * (m_f.maxExponent() - m_f.minPositiveExponent()); ++t)
            for (const int sign : {1, -1}) {
                const auto a = codeOf(std::ldexp(value, -sign * t));
                const auto b = codeOf(std::ldexp(1.0, sign * t));
                if (a && b && !found)
                    found = std::pair{*a, *b};
            }
        m_factors.emplace(value, found);
        return found;
    }

    bool canMake(double value) { return factor(value).has_value(); }

    // The multiplier's answer for these products, in order; empty when one cannot be made or the
    // oracle failed.
    std::optional<double> run(ProbeFeature feature, const std::vector<double>& products)
    {
        std::vector<std::uint32_t> a, b;
        for (const double p : products) {
            const auto pair = factor(p);
            if (!pair)
                return std::nullopt;
            a.push_back(pair->first);
            b.push_back(pair->second);
        }
        return send(feature, products, a, b);
    }

    std::optional<double> send(ProbeFeature feature, const std::vector<double>& products, const std::vector<std::uint32_t>& a,
                               const std::vector<std::uint32_t>& b)
    {
        const auto result = m_oracle(a, b);
        if (!result) {
            m_failed = true;
            return std::nullopt;
        }
        m_report.observations.push_back(ProbeObservation{feature, products, *result});
        return std::bit_cast<float>(*result);
    }

    const Format& format() const { return m_f; }

private:
    const Format& m_f;
    const ProbeOracle& m_oracle;
    ProbeReport& m_report;
    bool m_failed = false;
    std::map<double, std::optional<std::pair<std::uint32_t, std::uint32_t>>> m_factors;
};

double p2(int e) { return std::ldexp(1.0, e); }

void subnormals(Lab& lab, ProbeReport& report)
{
    const Format& f = lab.format();
    if (f.hasSubnormals()) {
        // The smallest subnormal times a power of two that lifts the product into fp32's normals.
        const double tiny = p2(f.minPositiveExponent());
        const int lift = std::clamp(-126 - f.minPositiveExponent(), 0, f.maxExponent());
        const auto a = lab.codeOf(tiny);
        const auto b = lab.codeOf(p2(lift));
        if (a && b) {
            const auto r = lab.send(ProbeFeature::InputSubnormals, {tiny * p2(lift)}, {*a}, {*b});
            if (r)
                report.inputSubnormals = *r == tiny * p2(lift);
        }
    }
    if (lab.canMake(p2(-127))) {
        const auto r = lab.run(ProbeFeature::OutputSubnormals, {p2(-127)});
        if (r)
            report.outputSubnormals = *r == p2(-127);
    }
}

// 1 + 2^-k survives up to the narrower of the alignment and the result.
void resultWidth(Lab& lab, ProbeReport& report)
{
    for (int k = 1; k <= kMaxWidth && lab.canMake(p2(-k)); ++k) {
        const auto r = lab.run(ProbeFeature::ResultFractionBits, {1, p2(-k)});
        if (!r || *r != 1 + p2(-k))
            return;
        report.resultFractionBits = k;
    }
}

// 2 + 3 * 2^-P: the carry pushes the last bit below the result, so a tie with an odd last bit is
// rounded; the negative shows directed modes; 2 + 2^-P (a tie, even) tells nearest-even from away.
void rounding(Lab& lab, ProbeReport& report)
{
    const int p = report.resultFractionBits;
    const double low = 2 + p2(1 - p);
    const double high = 2 + p2(2 - p);
    const auto up = lab.run(ProbeFeature::ResultRounding, {1, 1, 3 * p2(-p)});
    const auto down = lab.run(ProbeFeature::ResultRounding, {-1, -1, -3 * p2(-p)});
    const auto tie = lab.run(ProbeFeature::ResultRounding, {1, 1, p2(-p)});
    if (!up || !down || !tie)
        return;
    const bool positiveUp = *up == high;
    const bool negativeAway = *down == -high;
    if ((*up != high && *up != low) || (*down != -high && *down != -low))
        return;  // exact: nothing was rounded at this width
    if (positiveUp && negativeAway)
        report.resultRounding = *tie == 2 ? RoundingMode::NearestEven : RoundingMode::NearestAway;
    else if (!positiveUp && !negativeAway)
        report.resultRounding = RoundingMode::TowardZero;
    else
        report.resultRounding = positiveUp ? RoundingMode::Up : RoundingMode::Down;
}

// The bits kept below the largest exponent. Truncating results: 1 - 2^-k lands below 1 only if the
// 2^-k was kept. Nearest rounding: 1 + 2^-P + 2^-(P+1) is a tie with an odd last bit (it rounds up)
// only if the 2^-(P+1) was kept, and 1 + 2^-(P+1) + 2^-k lies above the tie only if the 2^-k was.
void alignmentWidth(Lab& lab, ProbeReport& report)
{
    const int p = report.resultFractionBits;
    report.alignedFractionBits = p;
    const bool nearest = report.resultRounding == RoundingMode::NearestEven;
    const auto kept = [&](const std::vector<double>& products, double ifKept) {
        for (const double x : products)
            if (!lab.canMake(x))
                return false;
        const auto r = lab.run(ProbeFeature::AlignedFractionBits, products);
        return r && (nearest ? *r == ifKept : *r != 1);
    };
    if (nearest) {
        if (!kept({1, p2(-p), p2(-p - 1)}, 1 + p2(1 - p)))
            return;
        report.alignedFractionBits = p + 1;
    }
    for (int k = p + (nearest ? 2 : 1); k <= kMaxWidth; ++k) {
        if (!(nearest ? kept({1, p2(-p - 1), p2(-k)}, 1 + p2(-p)) : kept({1, -p2(-k)}, 0)))
            return;
        report.alignedFractionBits = k;
    }
}

// M and -M cancel; a tiny s at position j is lost when it is aligned with them in one block and
// survives when a normalisation point lies before it. Blocks of one and of two terms align alike,
// so the smallest block this finds is 2.
void blockTerms(Lab& lab, ProbeReport& report, int maxBlock)
{
    const Format& f = lab.format();
    const int big = std::min(2 * f.maxExponent(), 100);
    // s: the smallest product of two normals (a subnormal's significand would sit below a narrow W).
    const int small = std::max(2 * f.minExponent(), -126);
    if (big - small < report.alignedFractionBits + 2 || !lab.canMake(p2(big)) || !lab.canMake(p2(small)))
        return;
    for (int j = 2; j <= maxBlock; ++j) {
        std::vector<double> products(static_cast<std::size_t>(j) + 1, 0.0);
        products[0] = p2(big);
        products[1] = -p2(big);
        products[static_cast<std::size_t>(j)] = p2(small);
        const auto r = lab.run(ProbeFeature::BlockTerms, products);
        if (!r)
            return;
        if (*r != 0) {
            report.blockTerms = j;
            return;
        }
    }
}

// A full block of the largest products below 4 (significands 2 - 2^-M squared), added without a
// lost carry: the answer is the exact sum rounded at the result width by the rounding found.
void carries(Lab& lab, ProbeReport& report)
{
    const auto n = static_cast<std::size_t>(report.blockTerms.value_or(16));
    const double largest = 2 - p2(-lab.format().mantissaBits());
    const auto code = lab.codeOf(largest);
    if (!code)
        return;
    const double each = largest * largest;
    const auto r = lab.send(ProbeFeature::CarryBits, std::vector<double>(n, each), std::vector<std::uint32_t>(n, *code),
                            std::vector<std::uint32_t>(n, *code));
    if (!r)
        return;
    const FormatLookup width = makeCustomFormat(8, std::max(1, report.resultFractionBits), Convention::Ieee);
    if (!width.format)
        return;
    const ExactValue exact = ExactValue::fromRational(mpq_class(each) * static_cast<unsigned long>(n));
    const double expected = nearestDouble(
        ExactValue::fromCode(*width.format, roundExact(exact, *width.format, roundingIn(report.resultRounding.value_or(RoundingMode::TowardZero))).code));
    report.carriesExact = *r == expected;
}

}  // namespace

FusedAdder ProbeReport::adder() const
{
    FusedAdder a;
    a.blockTerms = blockTerms.value_or(1);
    a.alignedFractionBits = std::max(1, alignedFractionBits);
    a.resultFractionBits = std::clamp(resultFractionBits, 1, 23);
    a.resultRounding = resultRounding.value_or(RoundingMode::TowardZero);
    a.inputSubnormals = inputSubnormals.value_or(true);
    a.outputSubnormals = outputSubnormals.value_or(true);
    return a;
}

std::optional<ProbeReport> probeAccumulator(const Format& inputs, const ProbeOracle& oracle, int maxBlock)
{
    if (inputs.mantissaBits() < 1)
        return std::nullopt;
    ProbeReport report;
    Lab lab(inputs, oracle, report);
    subnormals(lab, report);
    resultWidth(lab, report);
    rounding(lab, report);
    alignmentWidth(lab, report);
    blockTerms(lab, report, maxBlock);
    carries(lab, report);
    if (lab.failed())
        return std::nullopt;
    return report;
}

ProbeOracle modelOracle(const Format& inputs, const Accumulator& accumulator)
{
    return [inputs, accumulator](std::span<const std::uint32_t> a, std::span<const std::uint32_t> b) {
        const DotInputs in{inputs, {a.begin(), a.end()}, {b.begin(), b.end()}, 0};
        const auto outcome = innerProduct(in, accumulator);
        if (!outcome || !std::holds_alternative<DotResult>(*outcome))
            return std::optional<std::uint32_t>{};
        const DotResult& r = std::get<DotResult>(*outcome);
        return std::optional<std::uint32_t>{
            static_cast<std::uint32_t>(roundExact(r.value(), namedFormat("fp32")).code)};
    };
}

}  // namespace floatscope::dot
