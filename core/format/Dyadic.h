#pragma once

#include <cstdint>

namespace floatscope {

// A finite value of a binary format, exactly: (-1)^negative * significand * 2^exponent.
// Every finite code of every format the engine knows is one of these (significand < 2^53).
struct Dyadic {
    bool negative = false;
    std::uint64_t significand = 0;
    std::int64_t exponent = 0;

    bool isZero() const { return significand == 0; }
    // The same value with the significand's trailing zero bits moved into the exponent.
    Dyadic normalized() const;
    bool operator==(const Dyadic& other) const;  // equal values (+0 and -0 are equal)
};

}  // namespace floatscope
