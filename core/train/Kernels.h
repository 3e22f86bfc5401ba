#pragma once

// The training lab's elementwise work, in fp32 (the recipes round only where Transformer.cpp says:
// the elementwise arithmetic of every recipe is fp32, as autocast keeps softmax, normalisation and
// the loss in fp32). Loops are written to vectorise, and the file is compiled without contracting
// a * b + c into an FMA, so every clone of a loop gives the same bits; sums run in one fixed order.

#include <cstddef>
#include <cstdint>

namespace floatscope::train::kernels {

// e^x in fp32 arithmetic (Cephes expf: Cody-Waite reduction and a degree-6 polynomial, within two
// ulps), written without branches or calls so that loops around it vectorise. 0 below -87.
float exponential(float x);

// Counts of a rounding point: elements that were finite and nonzero before rounding, those of them
// that became zero, and those that became infinite or NaN.
struct Zones {
    std::uint64_t nonzero = 0;
    std::uint64_t flushed = 0;
    std::uint64_t overflowed = 0;
    void add(const Zones& other)
    {
        nonzero += other.nonzero;
        flushed += other.flushed;
        overflowed += other.overflowed;
    }
};
Zones countZones(const float* before, const float* after, std::size_t n);

// The largest |x| (x without NaN), and how many |x| exceed a bound.
float absMax(const float* x, std::size_t n);
std::uint64_t countAbove(const float* x, std::size_t n, float bound);

// Whether every element is finite.
bool allFinite(const float* x, std::size_t n);

// y = x * s.
void scale(const float* x, float s, float* y, std::size_t n);
// y += x.
void add(const float* x, float* y, std::size_t n);

// RMSNorm over rows of width d: r = 1 / sqrt(mean(x^2) + eps), y = x * r * gain.
void rmsNorm(const float* x, const float* gain, std::size_t rows, std::size_t d, float eps, float* y, float* r);
// dx += r * (gain * dy) - x * r^3 / d * sum(gain * dy * x); dGain += sum over rows of dy * x * r.
void rmsNormBackward(const float* dy, const float* x, const float* gain, const float* r, std::size_t rows,
                     std::size_t d, float* dx, float* dGain);

// GELU, tanh form (GPT-2): y = u / 2 * (1 + tanh(sqrt(2 / pi) * (u + 0.044715 u^3))).
void gelu(const float* u, float* y, std::size_t n);
// du = dy * GELU'(u).
void geluBackward(const float* dy, const float* u, float* du, std::size_t n);

// Causal softmax of a T x T block of scores, in place: row i over columns 0..i after multiplying
// by `scale`; columns above the diagonal become 0.
void causalSoftmax(float* s, std::size_t t, float scale);
// dS = P * (dP - rowsum(dP * P)) * scale over the causal part (zeros above the diagonal), in place
// in dP.
void causalSoftmaxBackward(const float* p, float* dp, std::size_t t, float scale);

// Cross-entropy of rows of logits against targets: returns the sum of -log softmax[target] over the
// rows (in double); with `dLogits`, writes (softmax - onehot) * gradScale.
double crossEntropy(const float* logits, const std::uint8_t* targets, std::size_t rows, std::size_t v,
                    float gradScale, float* dLogits);

}  // namespace floatscope::train::kernels
