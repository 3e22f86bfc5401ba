// Logits and epsilon in 16 bits: the BF16 lesson's numbers, with the stored values worked out by hand from
// the formats' spacing and the errors recomputed with exact rationals.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include <gmpxx.h>

#include "core/format/Registry.h"
#include "core/lessons/Epsilon.h"
#include "core/lessons/Logits.h"
#include "LessonsTestSupport.h"

namespace floatscope {
namespace {

using test::value;

std::vector<ExactValue> lessonLogits() { return {value("1000"), value("1001"), value("1002"), value("1003")}; }

TEST(Logits, Bf16MergesThreeOfFourAndSevenfoldsTheRatio)
{
    // the BF16 lesson: bf16's spacing between 512 and 1024 is 4: 1000, 1001 and 1002 are all 1000 (1002 is
    // a tie between 1000 = 250 * 4 and 1004 = 251 * 4; 250 is even), and 1003 becomes 1004.
    const StoredLogits bf16 = storeLogits(namedFormat("bf16"), lessonLogits());
    EXPECT_EQ(bf16.stored, (std::vector<mpq_class>{1000, 1000, 1000, 1004}));
    EXPECT_EQ(bf16.distinctInputs, 4);
    EXPECT_EQ(bf16.distinctStored, 2);
    // p(1003) / p(1001): e^2 = 7.39 becomes e^4 = 54.6, "off by more than 7 times".
    const ProbabilityRatio r = probabilityRatio(bf16, 3, 1);
    EXPECT_EQ(r.trueDifference, 2);
    EXPECT_EQ(r.storedDifference, 4);
    EXPECT_DOUBLE_EQ(r.trueRatio, std::exp(2.0));
    EXPECT_DOUBLE_EQ(r.storedRatio, std::exp(4.0));
    EXPECT_DOUBLE_EQ(r.factor, std::exp(2.0));

    // fp16's spacing there is 0.5: every logit survives.
    const StoredLogits fp16 = storeLogits(namedFormat("fp16"), lessonLogits());
    EXPECT_EQ(fp16.distinctStored, 4);
    EXPECT_DOUBLE_EQ(probabilityRatio(fp16, 3, 1).factor, 1.0);
}

TEST(Logits, SoftmaxOfTheExactLogits)
{
    const StoredLogits bf16 = storeLogits(namedFormat("bf16"), lessonLogits());
    // Reference in long double from the differences, which are small integers.
    long double sum = 0;
    for (int k = 0; k < 4; ++k)
        sum += std::exp(static_cast<long double>(k - 3));
    for (int k = 0; k < 4; ++k)
        EXPECT_NEAR(bf16.probabilities[k], static_cast<double>(std::exp(static_cast<long double>(k - 3)) / sum), 1e-15);
    const long double storedSum = 3 * std::exp(-4.0L) + 1;
    EXPECT_NEAR(bf16.storedProbabilities[3], static_cast<double>(1 / storedSum), 1e-15);
    EXPECT_NEAR(bf16.storedProbabilities[0], static_cast<double>(std::exp(-4.0L) / storedSum), 1e-15);
}

TEST(Logits, OverflowLeavesNoStoredSoftmax)
{
    const std::vector<ExactValue> big = {value("70000"), value("1")};
    const StoredLogits fp16 = storeLogits(namedFormat("fp16"), big);
    EXPECT_FALSE(fp16.allFinite);
    EXPECT_TRUE(fp16.storedProbabilities.empty());
    EXPECT_TRUE(std::isnan(probabilityRatio(fp16, 0, 1).storedRatio));
}

TEST(Epsilon, RmsNormEpsIsASubnormalInFp16)
{
    // the BF16 lesson: "in fp16 1e-6 is below the smallest normal 6.1e-5: a subnormal with only 5
    // significant bits, relative error 1.3%; in bf16 it is normal".
    const StoredConstant fp16 = storeConstant(namedFormat("fp16"), value("1e-6"));
    EXPECT_EQ(fp16.code, 17u);  // 1e-6 / 2^-24 = 16.78 -> 17
    EXPECT_EQ(fp16.valueClass, ValueClass::Subnormal);
    EXPECT_EQ(fp16.significantBits, 5);  // 17 = 0b10001
    EXPECT_EQ(fp16.formatPrecision, 11);
    const mpq_class eps(1, 1000000);
    const mpq_class stored17 = mpq_class(17) / mpq_class(mpz_class(1) << 24);
    EXPECT_EQ(*fp16.relativeError, (stored17 - eps) / eps);
    EXPECT_NEAR(fp16.relativeErrorApprox, 0.0133, 0.0001);

    const StoredConstant bf16 = storeConstant(namedFormat("bf16"), value("1e-6"));
    EXPECT_EQ(bf16.valueClass, ValueClass::Normal);
    EXPECT_EQ(bf16.significantBits, 8);
    const mpq_class stored134 = mpq_class(134) / mpq_class(mpz_class(1) << 27);  // 1e-6 * 2^27 = 134.2
    EXPECT_EQ(*bf16.stored, stored134);
    EXPECT_EQ(*bf16.relativeError, (eps - stored134) / eps);

    const StoredConstant gone = storeConstant(namedFormat("fp16"), value("1e-8"));
    EXPECT_EQ(gone.valueClass, ValueClass::Zero);
    EXPECT_EQ(gone.significantBits, 0);
    EXPECT_EQ(*gone.relativeError, 1);
}

}  // namespace
}  // namespace floatscope
