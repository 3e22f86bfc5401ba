#include "core/scaling/StoredValues.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <variant>

#include "core/format/Codec.h"
#include "core/format/Registry.h"
#include "core/round/Rounding.h"
#include "core/text/Parse.h"

namespace floatscope {

TensorError storageProblem(const Format& storage)
{
    TensorError error;
    if (storage.mantissaBits() > 52 || storage.maxExponent() > 1023 || storage.minPositiveExponent() < -1074) {
        error.kind = TensorErrorKind::StorageTooWide;
        error.format = storage.name();
    }
    return error;
}

ValueStore::ValueStore(const Format& storage)
    : m_storage(storage), m_fp32(storage == namedFormat("fp32")), m_fp64(storage == namedFormat("fp64"))
{
    // Every boundary of nearest rounding into the storage (a midpoint between neighbours, half its
    // smallest value, its largest value plus half an ulp) is a double when the format has a zero,
    // at most 51 mantissa bits, a smallest value of 2^-1073 or more and a largest below 2^1023.
    m_viaDouble = !m_fp32 && !m_fp64 && storage.hasZero() && storage.mantissaBits() <= 51
        && storage.minPositiveExponent() >= -1073 && storage.maxExponent() <= 1022 && !storageProblem(storage);
}

// Decimal text through binary64: d = RN(x) by std::from_chars, then d rounded into the storage.
// Between x and d lies no double but d, and every boundary of nearest rounding into the storage is
// a double (the constructor's condition), so x and d round alike unless d is itself a boundary: then
// the engine flags a tie for d, and x (above it, below it, or on it) takes the exact path. Zero, text
// longer than the parser takes, and everything from_chars refuses take the exact path too, which
// keeps the parser's limits (an exponent beyond 10^5 needs 10^4 digits to leave d finite and nonzero).
std::optional<ValueStore::Stored> ValueStore::viaDouble(std::string_view text) const
{
    double d = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, d);
    if (text.size() > kMaxTextLength || ec != std::errc() || ptr != end || !std::isfinite(d) || d == 0)
        return std::nullopt;
    const RoundResult r = roundToFormat(unpackDouble(d), m_storage);
    if ((r.flags & kTie) != 0)
        return std::nullopt;
    return Stored{codeToDouble(m_storage, r.code), (r.flags & kOverflow) != 0};
}

ValueStore::Stored ValueStore::round(const Unpacked& value) const
{
    const RoundResult r = roundToFormat(value, m_storage);
    const bool finiteInput = value.kind == Unpacked::Kind::Finite || value.kind == Unpacked::Kind::Zero;
    return Stored{codeToDouble(m_storage, r.code), finiteInput && (r.flags & kOverflow) != 0};
}

std::optional<double> ValueStore::fromText(std::string_view text, TensorError& error) const
{
    // 1. The common case, plain decimal text into fp32 or fp64, in hardware. Anything else (hex,
    //    bit patterns, inf and nan, a '+', overflow, underflow reported as out of range) takes the
    //    exact path below, which gives the same bits or the reason.
    const char* end = text.data() + text.size();
    if (m_fp32) {
        float f = 0;
        const auto [ptr, ec] = std::from_chars(text.data(), end, f);
        if (ec == std::errc() && ptr == end && std::isfinite(f))
            return static_cast<double>(f);
    } else if (m_fp64) {
        double d = 0;
        const auto [ptr, ec] = std::from_chars(text.data(), end, d);
        if (ec == std::errc() && ptr == end && std::isfinite(d))
            return d;
    }
    // 2. Narrower storage through binary64 where that is provably the same rounding.
    std::optional<Stored> stored = m_viaDouble ? viaDouble(text) : std::nullopt;
    bool finiteTyped = true;  // paths 1 and 2 take finite text only
    // 3. Otherwise exactly, then one rounding.
    if (!stored) {
        const ParseOutcome parsed = parseValue(text);
        if (const auto* e = std::get_if<ParseError>(&parsed)) {
            error.kind = TensorErrorKind::ValueUnreadable;
            error.text = std::string(text);
            error.parse = *e;
            return std::nullopt;
        }
        const Unpacked value = std::get<ParsedValue>(parsed).value.unpack();
        finiteTyped = value.kind == Unpacked::Kind::Finite || value.kind == Unpacked::Kind::Zero;
        stored = round(value);
    }
    const Stored s = *stored;
    if (s.overflow) {
        error.kind = TensorErrorKind::ValueOverflowsStorage;
        error.text = std::string(text);
        error.format = m_storage.name();
        return std::nullopt;
    }
    if (std::isnan(s.value) && finiteTyped) {  // e8m0 has no sign and no zero: -0.5 and 0 become its NaN
        error.kind = TensorErrorKind::ValueNotInStorage;
        error.text = std::string(text);
        error.format = m_storage.name();
        return std::nullopt;
    }
    return s.value;
}

std::optional<double> ValueStore::fromDouble(double value) const
{
    if (!std::isfinite(value))
        return std::nullopt;
    if (m_fp64)
        return value;
    if (m_fp32) {
        const float f = static_cast<float>(value);  // nearest-even; inf past fp32's max
        if (std::isinf(f))
            return std::nullopt;
        return static_cast<double>(f);
    }
    const Stored s = round(unpackDouble(value));
    if (s.overflow || std::isnan(s.value))  // past the range, or no code for it (a negative in e8m0)
        return std::nullopt;
    return s.value;
}

}  // namespace floatscope
