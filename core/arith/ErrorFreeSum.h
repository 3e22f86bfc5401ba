#pragma once

#include <cfloat>

namespace floatscope {

// An error-free transformation of a sum of two doubles: sum = RN(a + b) and error = (a + b) - sum,
// both exactly, so that a + b == sum + error holds as real numbers.
//
// Dekker's Fast2Sum (T. J. Dekker, "A floating-point technique for extending the available
// precision", Numer. Math. 18, 1971), which needs |a| >= |b|: z = sum - a is exact (it is b rounded
// by at most half an ulp of sum, on a grid b already lies on) and error = b - z is exact (the
// rounding error of a sum is representable). It holds with subnormals (radix 2: sums of subnormal
// doubles are exact), and it cannot overflow once sum is finite (S. Boldo, S. Graillat,
// J.-M. Muller, "On the robustness of the 2Sum and Fast2Sum algorithms", ACM TOMS 44(1), 2017).
// Callers check that sum is finite.
struct SumAndError {
    double sum;
    double error;
};

static_assert(FLT_EVAL_METHOD == 0, "Fast2Sum needs every operation rounded to double, once");

// Knuth's 2Sum (The Art of Computer Programming, vol. 2, 4.2.2, Theorem B): the same without the
// order of magnitudes, in six operations. Exact for finite operands whose sum does not overflow,
// as long as no intermediate overflows, which cannot happen below 2^1022 in magnitude (Boldo,
// Graillat and Muller, above): callers keep to that range.
inline SumAndError twoSum(double a, double b)
{
    const double sum = a + b;
    const double bVirtual = sum - a;
    const double aVirtual = sum - bVirtual;
    return {sum, (a - aVirtual) + (b - bVirtual)};
}

inline SumAndError fastTwoSum(double larger, double smaller)
{
    const double sum = larger + smaller;
    const double z = sum - larger;
    return {sum, smaller - z};
}

}  // namespace floatscope
