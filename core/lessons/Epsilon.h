#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <gmpxx.h>

#include "core/exact/ExactValue.h"
#include "core/format/Format.h"

namespace floatscope {

// The epsilon lesson (the BF16 lesson, "RMSNorm's eps = 1e-6 in 16 bits"): a small constant stored in a
// format, how many significant bits it keeps, and its relative error.
struct StoredConstant {
    std::string format;
    ExactValue input;
    std::uint64_t code = 0;
    ValueClass valueClass = ValueClass::Zero;
    std::optional<mpq_class> stored;       // finite results
    std::optional<mpq_class> relativeError;  // |stored - x| / |x|, exact (x != 0, finite result)
    double relativeErrorApprox = 0;
    // Significant bits the stored value keeps: M + 1 for normals, fewer for subnormals (fp16's 1e-6
    // is 17 * 2^-24: 5 bits), 0 for zero.
    int significantBits = 0;
    int formatPrecision = 0;               // M + 1
};

StoredConstant storeConstant(const Format& format, const ExactValue& value);

}  // namespace floatscope
