#include "core/train/Kernels.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <vector>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(FLOATSCOPE_NO_CLONES)
#define FLOATSCOPE_TRAIN_CLONES __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define FLOATSCOPE_TRAIN_CLONES
#endif

namespace floatscope::train::kernels {

float exponential(float x)
{
    // Cephes expf (S. L. Moshier): x = n ln2 + r with |r| <= ln2 / 2, ln2 split in two so that
    // n * C1 is exact; e^r from its minimax polynomial; 2^n put in the exponent field.
    constexpr float kLog2e = 1.44269504088896341f;
    constexpr float kC1 = 0.693359375f;
    constexpr float kC2 = -2.12194440e-4f;
    const float low = -87.0f;
    const float clamped = x > 88.0f ? 88.0f : (x < low ? low : x);
    // Adding and taking away 1.5 * 2^23 rounds to the nearest integer (|x log2 e| < 2^22).
    const float n = (clamped * kLog2e + 0x1.8p23f) - 0x1.8p23f;
    const float r = (clamped - n * kC1) - n * kC2;
    float p = 1.9875691500e-4f;
    p = p * r + 1.3981999507e-3f;
    p = p * r + 8.3334519073e-3f;
    p = p * r + 4.1665795894e-2f;
    p = p * r + 1.6666665459e-1f;
    p = p * r + 5.0000001201e-1f;
    const float y = (p * r) * r + r + 1.0f;
    const auto twoToN = std::bit_cast<float>(static_cast<std::uint32_t>(static_cast<std::int32_t>(n) + 127) << 23);
    return x < low ? 0.0f : y * twoToN;
}

namespace {

// One run of at most 2^31 elements, with 32-bit counters (which vectorise where 64-bit ones do not).
FLOATSCOPE_TRAIN_CLONES void countRun(const float* before, const float* after, std::size_t n, std::uint32_t& nonzero,
                                      std::uint32_t& flushed, std::uint32_t& overflowed)
{
    std::uint32_t z = 0;
    std::uint32_t f = 0;
    std::uint32_t o = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t a = std::bit_cast<std::uint32_t>(before[i]) & 0x7FFFFFFFu;
        const std::uint32_t b = std::bit_cast<std::uint32_t>(after[i]) & 0x7FFFFFFFu;
        const std::uint32_t counted = (a != 0 ? 1u : 0u) & (a < 0x7F800000u ? 1u : 0u);
        z += counted;
        f += counted & (b == 0 ? 1u : 0u);
        o += counted & (b >= 0x7F800000u ? 1u : 0u);
    }
    nonzero = z;
    flushed = f;
    overflowed = o;
}

}  // namespace

Zones countZones(const float* before, const float* after, std::size_t n)
{
    constexpr std::size_t kRun = std::size_t{1} << 30;
    Zones zones;
    for (std::size_t start = 0; start < n; start += kRun) {
        std::uint32_t z = 0;
        std::uint32_t f = 0;
        std::uint32_t o = 0;
        countRun(before + start, after + start, std::min(kRun, n - start), z, f, o);
        zones.add({z, f, o});
    }
    return zones;
}

FLOATSCOPE_TRAIN_CLONES float absMax(const float* x, std::size_t n)
{
    // On the bits: the magnitudes of non-NaN floats are ordered as their bit patterns are.
    std::uint32_t largest = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t a = std::bit_cast<std::uint32_t>(x[i]) & 0x7FFFFFFFu;
        largest = a > largest ? a : largest;
    }
    return std::bit_cast<float>(largest);
}

FLOATSCOPE_TRAIN_CLONES std::uint64_t countAbove(const float* x, std::size_t n, float bound)
{
    const std::uint32_t limit = std::bit_cast<std::uint32_t>(bound) & 0x7FFFFFFFu;
    std::uint64_t count = 0;
    for (std::size_t i = 0; i < n; ++i)
        count += (std::bit_cast<std::uint32_t>(x[i]) & 0x7FFFFFFFu) > limit ? 1u : 0u;
    return count;
}

FLOATSCOPE_TRAIN_CLONES bool allFinite(const float* x, std::size_t n)
{
    std::uint32_t bad = 0;
    for (std::size_t i = 0; i < n; ++i)
        bad |= (std::bit_cast<std::uint32_t>(x[i]) & 0x7F800000u) == 0x7F800000u ? 1u : 0u;
    return bad == 0;
}

FLOATSCOPE_TRAIN_CLONES void scale(const float* x, float s, float* y, std::size_t n)
{
    for (std::size_t i = 0; i < n; ++i)
        y[i] = x[i] * s;
}

FLOATSCOPE_TRAIN_CLONES void add(const float* x, float* y, std::size_t n)
{
    for (std::size_t i = 0; i < n; ++i)
        y[i] += x[i];
}

void rmsNorm(const float* x, const float* gain, std::size_t rows, std::size_t d, float eps, float* y, float* r)
{
    for (std::size_t row = 0; row < rows; ++row) {
        const float* xr = x + row * d;
        float sum = 0;
        for (std::size_t j = 0; j < d; ++j)
            sum += xr[j] * xr[j];
        const float inv = 1.0f / std::sqrt(sum / static_cast<float>(d) + eps);
        r[row] = inv;
        float* yr = y + row * d;
        for (std::size_t j = 0; j < d; ++j)
            yr[j] = (xr[j] * inv) * gain[j];
    }
}

void rmsNormBackward(const float* dy, const float* x, const float* gain, const float* r, std::size_t rows,
                     std::size_t d, float* dx, float* dGain)
{
    for (std::size_t row = 0; row < rows; ++row) {
        const float* dyr = dy + row * d;
        const float* xr = x + row * d;
        const float inv = r[row];
        float dot = 0;
        for (std::size_t j = 0; j < d; ++j)
            dot += (gain[j] * dyr[j]) * xr[j];
        const float c = inv * inv * inv * dot / static_cast<float>(d);
        float* dxr = dx + row * d;
        for (std::size_t j = 0; j < d; ++j) {
            dxr[j] += inv * (gain[j] * dyr[j]) - xr[j] * c;
            dGain[j] += dyr[j] * (xr[j] * inv);
        }
    }
}

namespace {

constexpr float kGeluC = 0.7978845608028654f;  // sqrt(2 / pi)
constexpr float kGeluA = 0.044715f;

// tanh(y) = 1 - 2 / (e^(2y) + 1); |y| > 9 is +-1 in fp32.
inline float tanhOf(float y)
{
    const float c = y > 9.0f ? 9.0f : (y < -9.0f ? -9.0f : y);
    return 1.0f - 2.0f / (exponential(2.0f * c) + 1.0f);
}

}  // namespace

FLOATSCOPE_TRAIN_CLONES void gelu(const float* u, float* y, std::size_t n)
{
    for (std::size_t i = 0; i < n; ++i) {
        const float x = u[i];
        y[i] = 0.5f * x * (1.0f + tanhOf(kGeluC * (x + kGeluA * x * x * x)));
    }
}

FLOATSCOPE_TRAIN_CLONES void geluBackward(const float* dy, const float* u, float* du, std::size_t n)
{
    for (std::size_t i = 0; i < n; ++i) {
        const float x = u[i];
        const float t = tanhOf(kGeluC * (x + kGeluA * x * x * x));
        const float dInner = kGeluC * (1.0f + 3.0f * kGeluA * x * x);
        du[i] = dy[i] * (0.5f * (1.0f + t) + 0.5f * x * (1.0f - t * t) * dInner);
    }
}

FLOATSCOPE_TRAIN_CLONES void causalSoftmax(float* s, std::size_t t, float scale)
{
    for (std::size_t i = 0; i < t; ++i) {
        float* row = s + i * t;
        float max = row[0] * scale;
        for (std::size_t j = 1; j <= i; ++j)
            max = row[j] * scale > max ? row[j] * scale : max;
        for (std::size_t j = 0; j <= i; ++j)
            row[j] = exponential(row[j] * scale - max);
        float sum = 0;
        for (std::size_t j = 0; j <= i; ++j)
            sum += row[j];
        for (std::size_t j = 0; j <= i; ++j)
            row[j] = row[j] / sum;
        for (std::size_t j = i + 1; j < t; ++j)
            row[j] = 0;
    }
}

FLOATSCOPE_TRAIN_CLONES void causalSoftmaxBackward(const float* p, float* dp, std::size_t t, float scale)
{
    for (std::size_t i = 0; i < t; ++i) {
        const float* pr = p + i * t;
        float* dr = dp + i * t;
        float dot = 0;
        for (std::size_t j = 0; j <= i; ++j)
            dot += dr[j] * pr[j];
        for (std::size_t j = 0; j <= i; ++j)
            dr[j] = pr[j] * (dr[j] - dot) * scale;
        for (std::size_t j = i + 1; j < t; ++j)
            dr[j] = 0;
    }
}

double crossEntropy(const float* logits, const std::uint8_t* targets, std::size_t rows, std::size_t v,
                    float gradScale, float* dLogits)
{
    double total = 0;
    std::vector<float> e(v);
    for (std::size_t row = 0; row < rows; ++row) {
        const float* z = logits + row * v;
        float max = z[0];
        for (std::size_t j = 1; j < v; ++j)
            max = z[j] > max ? z[j] : max;
        float sum = 0;
        for (std::size_t j = 0; j < v; ++j) {
            e[j] = exponential(z[j] - max);
            sum += e[j];
        }
        const std::size_t target = targets[row];
        total += static_cast<double>(std::log(sum)) - static_cast<double>(z[target] - max);
        if (dLogits == nullptr)
            continue;
        float* g = dLogits + row * v;
        for (std::size_t j = 0; j < v; ++j)
            g[j] = (e[j] / sum - (j == target ? 1.0f : 0.0f)) * gradScale;
    }
    return total;
}

}  // namespace floatscope::train::kernels
