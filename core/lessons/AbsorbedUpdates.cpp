#include "core/lessons/AbsorbedUpdates.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

#include "core/format/Codec.h"
#include "core/format/Registry.h"
#include "core/lessons/FormatAdder.h"
#include "core/lessons/SeededRandom.h"

namespace floatscope {

namespace {

// A double into the format, nearest-even: the batch kernel when it is an fp32 (weights usually are),
// otherwise the rounding core.
std::uint64_t store(const FormatAdder& adder, double w)
{
    const auto f = static_cast<float>(w);
    if (static_cast<double>(f) == w)
        return adder.fromFp32(std::bit_cast<std::uint32_t>(f));
    return roundToFormat(unpackDouble(w), adder.format()).code;
}

bool absorbs(const FormatAdder& adder, std::uint64_t w, std::uint64_t u) { return adder.sameValue(adder.add(w, u), w); }

}  // namespace

// Within one binade every value has the same gaps on both sides (the ulp), so whether w + u == w
// depends only on the parity of w's last bit, except at the binade's ends: below its smallest value
// the gap halves (toward zero, for negative w), and above the largest finite value lies overflow.
// So per binade it is enough to try both signs of the two smallest, the smallest interior and the
// three largest magnitudes: if a value of some parity fails, its largest instance is among them.
// Binades are scanned from the top; the first one with a failure holds the largest failing
// magnitude L, and the threshold is the next value above L.
std::optional<Dyadic> absorptionThreshold(const Format& format, std::uint64_t update)
{
    const ValueClass uc = format.classify(update);
    if (uc == ValueClass::Zero)
        return Dyadic{false, 0, 0};
    if (uc == ValueClass::NaN || uc == ValueClass::Infinite)
        return std::nullopt;  // w + NaN and w + inf never give w back

    const FormatAdder adder(format);
    const int m = format.mantissaBits();
    const std::uint64_t maxMagnitude = format.maxFiniteMagnitude();
    const std::int64_t lowestField = format.hasSubnormals() ? 0 : format.minNormalField();
    for (std::int64_t field = format.maxNormalField(); field >= lowestField; --field) {
        // Subnormals (field 0) run from the smallest positive code; normals from 1.0..0 * 2^e.
        const std::uint64_t lo = field == 0 && format.hasSubnormals() ? 1 : static_cast<std::uint64_t>(field) << m;
        const std::uint64_t hi = std::min((static_cast<std::uint64_t>(field) << m) | format.mantissaMask(), maxMagnitude);
        std::optional<std::uint64_t> largestFailing;
        const std::array<std::uint64_t, 6> candidates{lo, lo + 1, lo + 2, hi - 2, hi - 1, hi};
        for (const std::uint64_t magnitude : candidates) {
            if (magnitude < lo || magnitude > hi)
                continue;  // a small binade, or hi - 2 wrapped below zero
            bool fails = !absorbs(adder, magnitude, update);
            if (format.signBits() != 0)
                fails = fails || !absorbs(adder, format.signMask() | magnitude, update);
            if (fails)
                largestFailing = std::max(largestFailing.value_or(0), magnitude);
        }
        if (largestFailing) {
            if (*largestFailing >= maxMagnitude)
                return std::nullopt;
            return decode(format, *largestFailing + 1).value;
        }
    }
    return format.minSubnormal();  // every nonzero weight absorbs it (zero never does: 0 + u = u)
}

AbsorptionRow absorbedUpdates(const Format& storage, std::span<const double> weights, const ExactValue& update)
{
    AbsorptionRow row;
    row.format = storage.name();
    row.update = update;
    const FormatAdder adder(storage);
    const FormatAdder fp32(namedFormat("fp32"));
    row.updateCode = roundExact(update, storage).code;
    const std::uint64_t update32 = roundExact(update, fp32.format()).code;
    for (const double w : weights) {
        if (!std::isfinite(w))
            continue;
        ++row.weights;
        const std::uint64_t stored = store(adder, w);
        row.absorbed += absorbs(adder, stored, row.updateCode) ? 1 : 0;
        row.masterAbsorbed += absorbs(fp32, store(fp32, w), update32) ? 1 : 0;
    }
    if (row.weights > 0) {
        row.share = static_cast<double>(row.absorbed) / static_cast<double>(row.weights);
        row.masterShare = static_cast<double>(row.masterAbsorbed) / static_cast<double>(row.weights);
    }
    row.threshold = absorptionThreshold(storage, row.updateCode);
    return row;
}

std::vector<double> generateWeights(std::size_t count, double standardDeviation, double shareOfOnes, std::uint64_t seed)
{
    SeededRandom random(seed);
    const auto ones = static_cast<std::size_t>(std::llround(std::clamp(shareOfOnes, 0.0, 1.0) * static_cast<double>(count)));
    std::vector<double> weights(count, 1.0);
    for (std::size_t i = ones; i < count; ++i)
        weights[i] = standardDeviation * random.normal();
    return weights;
}

std::vector<ExactValue> lectureUpdateSizes()
{
    return {ExactValue::fromRational(mpq_class(3, 1000)), ExactValue::fromRational(mpq_class(3, 10000)),
            ExactValue::fromRational(mpq_class(3, 100000))};
}

}  // namespace floatscope
