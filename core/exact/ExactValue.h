#pragma once

#include <cstdint>
#include <string>

#include <gmpxx.h>

#include "core/format/Dyadic.h"
#include "core/format/Format.h"
#include "core/round/Rounding.h"

namespace floatscope {

// Any input the engine is given, exactly: a signed rational (GMP), a signed infinity, or a NaN.
// Zero keeps its sign. Text input is parsed into one of these and then rounded once.
class ExactValue {
public:
    enum class Kind : std::uint8_t { Finite, Infinite, NaN };

    ExactValue() = default;  // +0
    static ExactValue finite(bool negative, mpq_class magnitude);
    static ExactValue fromRational(const mpq_class& value);  // sign taken from the value
    static ExactValue fromDyadic(const Dyadic& value);
    static ExactValue fromDouble(double value);
    static ExactValue infinity(bool negative);
    static ExactValue nan(bool negative, std::uint64_t payload = 0);
    static ExactValue fromCode(const Format& format, std::uint64_t code);

    Kind kind() const { return m_kind; }
    bool isFinite() const { return m_kind == Kind::Finite; }
    bool isZero() const { return m_kind == Kind::Finite && m_magnitude == 0; }
    bool negative() const { return m_negative; }
    const mpq_class& magnitude() const { return m_magnitude; }  // finite only, >= 0
    mpq_class value() const { return m_negative ? mpq_class(-m_magnitude) : m_magnitude; }
    std::uint64_t nanPayload() const { return m_nanPayload; }

    // The reduction rounding needs (exact: 128 significant bits plus a sticky bit).
    Unpacked unpack() const;
    // "1/10", "-3", "0", "-0", "inf", "-inf", "nan"
    std::string rationalText() const;

    bool operator==(const ExactValue& other) const;  // same kind, sign and value (NaNs compare equal)

private:
    Kind m_kind = Kind::Finite;
    bool m_negative = false;
    mpq_class m_magnitude;
    std::uint64_t m_nanPayload = 0;
};

// Rounding of an exact value into a format: one rounding, from the exact value.
RoundResult roundExact(const ExactValue& value, const Format& format, const RoundOptions& options = {});

// The double nearest to the value (ties to even), as a parser of "0.06" gives it: not GMP's
// get_d(), which truncates toward zero (0.06 -> 0.059999999999999997).
double nearestDouble(const ExactValue& value);

}  // namespace floatscope
