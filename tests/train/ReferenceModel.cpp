#include "ReferenceModel.h"

#include <cmath>

namespace floatscope::test {

namespace {

using Matrix = std::vector<std::vector<double>>;

double keep(const std::function<double(double)>& f, double x)
{
    return f ? f(x) : x;
}

// y = x W, with x and W passed through the rounding first.
Matrix product(const Matrix& x, const double* w, std::size_t in, std::size_t out,
               const std::function<double(double)>& round)
{
    Matrix y(x.size(), std::vector<double>(out, 0.0));
    for (std::size_t r = 0; r < x.size(); ++r)
        for (std::size_t k = 0; k < in; ++k) {
            const double a = keep(round, x[r][k]);
            for (std::size_t c = 0; c < out; ++c)
                y[r][c] += a * keep(round, w[k * out + c]);
        }
    return y;
}

Matrix rmsNorm(const Matrix& x, const double* gain, double eps)
{
    Matrix y = x;
    for (std::size_t r = 0; r < x.size(); ++r) {
        double sum = 0;
        for (const double v : x[r])
            sum += v * v;
        const double inv = 1.0 / std::sqrt(sum / static_cast<double>(x[r].size()) + eps);
        for (std::size_t j = 0; j < x[r].size(); ++j)
            y[r][j] = x[r][j] * inv * gain[j];
    }
    return y;
}

double gelu(double u)
{
    return 0.5 * u * (1.0 + std::tanh(std::sqrt(2.0 / M_PI) * (u + 0.044715 * u * u * u)));
}

}  // namespace

double referenceLoss(const train::ParameterLayout& layout, std::span<const double> params,
                     std::span<const std::uint8_t> inputs, std::span<const std::uint8_t> targets, int batch,
                     const ReferenceRounding& rounding)
{
    using L = train::ParameterLayout;
    const train::ModelShape& s = layout.shape();
    const auto d = static_cast<std::size_t>(s.width);
    const auto t = static_cast<std::size_t>(s.context);
    const auto heads = static_cast<std::size_t>(s.heads);
    const std::size_t dh = d / heads;
    const std::size_t n = static_cast<std::size_t>(batch) * t;
    const auto at = [&](std::size_t index) { return params.data() + layout.slot(index).offset; };

    Matrix h(n, std::vector<double>(d));
    for (std::size_t r = 0; r < n; ++r)
        for (std::size_t j = 0; j < d; ++j)
            h[r][j] = at(L::kEmbedding)[inputs[r] * d + j] + at(L::kPosition)[(r % t) * d + j];
    for (int l = 0; l < s.layers; ++l) {
        const Matrix a = rmsNorm(h, at(layout.layerTensor(l, L::kNorm1)), s.normEpsilon);
        Matrix qkv = product(a, at(layout.layerTensor(l, L::kQkv)), d, 3 * d, rounding.linear);
        for (auto& row : qkv)
            for (double& v : row)
                v = keep(rounding.attention, v);
        Matrix o(n, std::vector<double>(d, 0.0));
        for (std::size_t b = 0; b < static_cast<std::size_t>(batch); ++b)
            for (std::size_t head = 0; head < heads; ++head)
                for (std::size_t i = 0; i < t; ++i) {
                    const auto& q = qkv[b * t + i];
                    std::vector<double> p(i + 1);
                    double max = -HUGE_VAL;
                    for (std::size_t j = 0; j <= i; ++j) {
                        double dot = 0;
                        for (std::size_t c = 0; c < dh; ++c)
                            dot += q[head * dh + c] * qkv[b * t + j][d + head * dh + c];
                        p[j] = dot / std::sqrt(static_cast<double>(dh));
                        max = std::max(max, p[j]);
                    }
                    double sum = 0;
                    for (double& v : p)
                        sum += v = std::exp(v - max);
                    for (std::size_t j = 0; j <= i; ++j) {
                        const double weight = keep(rounding.attention, p[j] / sum);
                        for (std::size_t c = 0; c < dh; ++c)
                            o[b * t + i][head * dh + c] += weight * qkv[b * t + j][2 * d + head * dh + c];
                    }
                }
        const Matrix attended = product(o, at(layout.layerTensor(l, L::kOut)), d, d, rounding.linear);
        for (std::size_t r = 0; r < n; ++r)
            for (std::size_t j = 0; j < d; ++j)
                h[r][j] += attended[r][j];
        const Matrix bn = rmsNorm(h, at(layout.layerTensor(l, L::kNorm2)), s.normEpsilon);
        Matrix u = product(bn, at(layout.layerTensor(l, L::kUp)), d, static_cast<std::size_t>(s.hidden),
                           rounding.linear);
        for (auto& row : u)
            for (double& v : row)
                v = gelu(v);
        const Matrix down = product(u, at(layout.layerTensor(l, L::kDown)), static_cast<std::size_t>(s.hidden), d,
                                    rounding.linear);
        for (std::size_t r = 0; r < n; ++r)
            for (std::size_t j = 0; j < d; ++j)
                h[r][j] += down[r][j];
    }
    const Matrix c = rmsNorm(h, at(layout.finalNorm()), s.normEpsilon);
    const auto v = static_cast<std::size_t>(s.vocabulary);
    const Matrix logits = product(c, at(layout.head()), d, v, rounding.attention);
    double total = 0;
    for (std::size_t r = 0; r < n; ++r) {
        double max = -HUGE_VAL;
        for (const double z : logits[r])
            max = std::max(max, z);
        double sum = 0;
        for (const double z : logits[r])
            sum += std::exp(z - max);
        total += std::log(sum) - (logits[r][targets[r]] - max);
    }
    return total / static_cast<double>(n);
}

}  // namespace floatscope::test
