#pragma once

// How values enter a tensor's storage format (TensorSources' helpers): text parsed exactly and
// rounded once, doubles rounded once, codes decoded. Shared by typed values, CSV and the generator.

#include <cstdint>
#include <optional>
#include <string_view>

#include "core/exact/ExactValue.h"
#include "core/format/Codec.h"
#include "core/format/Format.h"
#include "core/scaling/TensorError.h"

namespace floatscope {

// TensorErrorKind::StorageTooWide when the storage's values do not all fit in fp64, else None.
TensorError storageProblem(const Format& storage);

// Rounds into the storage format once, nearest-even, with the format's own overflow rule.
class ValueStore {
public:
    explicit ValueStore(const Format& storage);
    const Format& storage() const { return m_storage; }

    // `text` (a CSV field or a typed value) as stored; on failure fills `error` (kind, text,
    // parse) and returns nothing. The caller adds where the text was (line, column).
    std::optional<double> fromText(std::string_view text, TensorError& error) const;
    // A finite double as stored, or nothing when it overflows the storage or the storage has no
    // code for it (a negative or zero in e8m0).
    std::optional<double> fromDouble(double value) const;

private:
    struct Stored {
        double value = 0;
        bool overflow = false;
    };
    Stored round(const Unpacked& value) const;
    std::optional<Stored> viaDouble(std::string_view text) const;

    Format m_storage;
    // fp32 and fp64 storage round in hardware: std::from_chars and a cast round once, to
    // nearest-even, exactly as the engine would (C++17 [charconv.from.chars], IEEE 754 5.4.2).
    bool m_fp32 = false;
    bool m_fp64 = false;
    // Narrower storage whose every rounding boundary is a double (see viaDouble).
    bool m_viaDouble = false;
};

}  // namespace floatscope
