#include "core/dot/AccumulatorSpec.h"

#include <charconv>
#include <vector>

#include "core/common/Names.h"
#include "core/dot/TensorCorePresets.h"
#include "core/format/Registry.h"

namespace floatscope::dot {

namespace {

std::vector<std::string_view> splitColons(std::string_view text)
{
    std::vector<std::string_view> parts;
    while (true) {
        const std::size_t colon = text.find(':');
        parts.push_back(text.substr(0, colon));
        if (colon == std::string_view::npos)
            return parts;
        text.remove_prefix(colon + 1);
    }
}

// A whole number in min..max, all of the text.
std::optional<int> wholeNumber(std::string_view text, int min, int max)
{
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < min || value > max)
        return std::nullopt;
    return value;
}

SpecOutcome fixedWidth(const std::vector<std::string_view>& parts)
{
    if (parts.size() < 2)
        return SpecError{SpecErrorKind::BadNumber, ""};
    if (parts.size() > 3)
        return SpecError{SpecErrorKind::TooManyParts, std::string(parts[3])};
    const auto width = wholeNumber(parts[1], 1, 40);
    if (!width)
        return SpecError{SpecErrorKind::BadNumber, std::string(parts[1])};
    int block = 1;
    if (parts.size() == 3) {
        const auto n = wholeNumber(parts[2], 1, kMaxFusedBlockTerms);
        if (!n)
            return SpecError{SpecErrorKind::BadNumber, std::string(parts[2])};
        block = *n;
    }
    FusedAdder adder;
    adder.blockTerms = block;
    adder.alignedFractionBits = *width;
    adder.resultFractionBits = std::min(*width, 23);
    adder.output = namedFormat("fp32");
    return Accumulator{adder, std::nullopt, {}};
}

SpecOutcome ieee(const std::vector<std::string_view>& parts)
{
    const FormatLookup lookup = lookupFormat(parts[0]);
    if (!lookup.format)
        return SpecError{SpecErrorKind::UnknownFormat, std::string(parts[0])};
    if (lookup.format->mantissaBits() > 52)
        return SpecError{SpecErrorKind::FormatTooWide, std::string(parts[0])};
    IeeeAccumulator a{*lookup.format};
    if (parts.size() > 1) {
        const auto mode = parseRoundingMode(parts[1]);
        if (!mode)
            return SpecError{SpecErrorKind::UnknownRounding, std::string(parts[1])};
        a.rounding = *mode;
    }
    if (parts.size() > 2) {
        const auto order = parseSumOrder(parts[2]);
        if (!order)
            return SpecError{SpecErrorKind::UnknownOrder, std::string(parts[2])};
        a.order = *order;
    }
    if (parts.size() > 3) {
        if (a.order != SumOrder::Blocked)
            return SpecError{SpecErrorKind::TooManyParts, std::string(parts[3])};
        const auto block = wholeNumber(parts[3], 1, kMaxBlockSize);
        if (!block)
            return SpecError{SpecErrorKind::BadNumber, std::string(parts[3])};
        a.blockSize = *block;
    }
    if (parts.size() > 4)
        return SpecError{SpecErrorKind::TooManyParts, std::string(parts[4])};
    return Accumulator{a, std::nullopt, {}};
}

}  // namespace

constexpr Named<SumOrder> kOrders[] = {
    {SumOrder::Sequential, "sequential"}, {SumOrder::Pairwise, "pairwise"}, {SumOrder::Blocked, "blocked"}
};

const char* toString(SumOrder order) { return nameIn(kOrders, order); }

std::optional<SumOrder> parseSumOrder(std::string_view text) { return valueIn(kOrders, text); }

const Format& resultFormat(const Accumulator& accumulator)
{
    if (accumulator.promoteEvery)
        return namedFormat("fp32");
    if (const auto* ieee = std::get_if<IeeeAccumulator>(&accumulator.model))
        return ieee->format;
    if (const auto* fused = std::get_if<FusedAdder>(&accumulator.model))
        return fused->output;
    return namedFormat("fp32");
}

SpecOutcome parseAccumulator(std::string_view text)
{
    if (text.empty())
        return SpecError{SpecErrorKind::Empty, ""};
    if (const TensorCorePreset* preset = findTensorCorePreset(text))
        return Accumulator{preset->adder(), std::nullopt, preset->id};
    if (text == "avx512bf16" || text == "vdpbf16ps")
        return Accumulator{Vdpbf16ps{}, std::nullopt, {}};
    const std::vector<std::string_view> parts = splitColons(text);
    if (parts.size() > 1 && (parts[0] == "avx512bf16" || parts[0] == "vdpbf16ps" || findTensorCorePreset(parts[0])))
        return SpecError{SpecErrorKind::FixedModel, std::string(parts[0])};
    if (parts[0] == "fixed")
        return fixedWidth(parts);
    return ieee(parts);
}

std::string specText(const Accumulator& accumulator)
{
    std::string text;
    if (!accumulator.preset.empty()) {
        text = accumulator.preset;
    } else if (const auto* a = std::get_if<IeeeAccumulator>(&accumulator.model)) {
        text = a->format.name();
        if (a->rounding != RoundingMode::NearestEven || a->order != SumOrder::Sequential)
            text += std::string(":") + toString(a->rounding);
        if (a->order != SumOrder::Sequential)
            text += std::string(":") + toString(a->order);
        if (a->order == SumOrder::Blocked)
            text += ":" + std::to_string(a->blockSize);
    } else if (const auto* f = std::get_if<FusedAdder>(&accumulator.model)) {
        text = "fixed:" + std::to_string(f->alignedFractionBits);
        if (f->blockTerms != 1)
            text += ":" + std::to_string(f->blockTerms);
    } else {
        text = "avx512bf16";
    }
    if (accumulator.promoteEvery)
        text += ",promote:" + std::to_string(*accumulator.promoteEvery);
    return text;
}

}  // namespace floatscope::dot
