#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/lessons/SeededRandom.h"
#include "core/reduce/FormatArithmetic.h"
#include "core/reduce/Precise.h"
#include "core/reduce/Reductions.h"

namespace floatscope::reduce {

namespace {

// The k largest by weight, ties to the lower index (a stable choice; torch.topk leaves ties open).
std::vector<std::size_t> topK(const std::vector<double>& weight, std::size_t k)
{
    std::vector<std::size_t> order(weight.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) { return weight[i] > weight[j]; });
    order.resize(std::min(k, order.size()));
    return order;
}

}  // namespace

// Router logits come from an fp32 matmul in a real model: here fp64 normals stand for them. Per
// format: the logits rounded to it, then softmax in it (max subtracted, e^x, left-to-right sum,
// one division each) and the top k. The exact choice is the top k of the logits themselves (softmax
// keeps their order); exact weights are at 256 bits.
std::optional<std::vector<RouterRow>> routerTopK(const RouterSetup& setup, const dot::RunControl& control,
                                                 std::vector<RouterRow>* finished)
{
    SeededRandom random(setup.seed);
    const std::size_t e = setup.experts;
    std::vector<double> z(setup.tokens * e);
    for (double& v : z)
        v = setup.deviation * random.normal();
    // The exact choice and weights, once per token (128 bits: the weights' errors are compared at
    // fp32's 2^-24 at best).
    // Most of the work: reported as the first of 1 + formats shares.
    const double shares = static_cast<double>(1 + setup.formats.size());
    std::vector<std::vector<std::size_t>> exactChoice(setup.tokens);
    std::vector<double> exactWeight(z.size());
    for (std::size_t t = 0; t < setup.tokens; ++t) {
        const std::vector<double> logits(z.begin() + static_cast<std::ptrdiff_t>(t * e),
                                         z.begin() + static_cast<std::ptrdiff_t>((t + 1) * e));
        exactChoice[t] = topK(logits, setup.topK);
        const Precise max(logits[exactChoice[t].front()], 128);
        std::vector<Precise> terms;
        Precise sum = Precise::zero(128);
        for (const double v : logits) {
            terms.push_back(Precise::exp(Precise(v, 128) - max));
            sum += terms.back();
        }
        for (std::size_t j = 0; j < e; ++j)
            exactWeight[t * e + j] = (terms[j] / sum).toDouble();
        if ((t & 0xFF) == 0) {
            if (control.cancelled())
                return std::nullopt;
            control.report(static_cast<double>(t) / static_cast<double>(setup.tokens) / shares);
        }
    }

    std::vector<RouterRow> rows;
    for (const Format& f : setup.formats) {
        FormatArithmetic a(f);
        RouterRow row{f};
        for (std::size_t t = 0; t < setup.tokens; ++t) {
            if ((t & 0xFF) == 0 && control.cancelled()) {
                if (finished != nullptr)
                    *finished = std::move(rows);
                return std::nullopt;
            }
            const std::vector<double> logits(z.begin() + static_cast<std::ptrdiff_t>(t * e),
                                             z.begin() + static_cast<std::ptrdiff_t>((t + 1) * e));
            const std::vector<std::size_t>& exact = exactChoice[t];
            // The format's softmax.
            std::vector<double> zf(e), weight(e);
            double max = -HUGE_VAL;
            for (std::size_t j = 0; j < e; ++j) {
                zf[j] = a.round(logits[j]);
                max = std::max(max, zf[j]);
            }
            double total = 0;
            for (std::size_t j = 0; j < e; ++j) {
                weight[j] = a.exp(a.subtract(zf[j], max));
                total = a.add(total, weight[j]);
            }
            for (double& w : weight)
                w = a.divide(w, total);
            const std::vector<std::size_t> chosen = topK(weight, setup.topK);
            std::vector<std::size_t> sortedChosen = chosen, sortedExact = exact;
            std::sort(sortedChosen.begin(), sortedChosen.end());
            std::sort(sortedExact.begin(), sortedExact.end());
            row.tokensChanged += sortedChosen != sortedExact ? 1 : 0;
            row.topOneChanged += chosen.front() != exact.front() ? 1 : 0;
            bool tie = false;
            for (std::size_t i = 1; i < chosen.size(); ++i)
                tie = tie || weight[chosen[i]] == weight[chosen[i - 1]];
            row.tiedWeights += tie ? 1 : 0;
            for (const std::size_t j : chosen)
                row.maxGateError = std::max(row.maxGateError, std::fabs(weight[j] - exactWeight[t * e + j]));
        }
        rows.push_back(row);
        control.report(static_cast<double>(1 + rows.size()) / shares);
    }
    return rows;
}

}  // namespace floatscope::reduce
