#include <cmath>

#include "core/lessons/SeededRandom.h"
#include "core/reduce/FormatArithmetic.h"
#include "core/reduce/Precise.h"
#include "core/reduce/Reductions.h"

namespace floatscope::reduce {

// The logits as given (values of their format), rounded into each format, exponentiated and summed
// left to right in it. The reference sums e^(x_i) of the given logits at 256 bits; x_i - max is
// exact there too. With the max subtracted the largest term is 1 and nothing overflows; without it,
// fp16's e^x overflows past x = 11.09.
std::optional<std::vector<SoftmaxRow>> softmaxDenominators(const SoftmaxSetup& setup, const dot::RunControl& control,
                                                           std::vector<SoftmaxRow>* finished)
{
    SeededRandom random(setup.seed);
    const FormatArithmetic given(setup.logits);
    std::vector<double> x(setup.vocabulary);
    std::size_t top = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        x[i] = given.round(setup.mean + setup.deviation * random.normal());
        if (x[i] > x[top])
            top = i;
    }
    // Terms at 128 bits, sums at 256: 152k terms lose nothing a double could show.
    Precise plain, shifted;
    const Precise max(x.empty() ? 0.0 : x[top], 128);
    for (std::size_t i = 0; i < x.size(); ++i) {
        plain += Precise::exp(Precise(x[i], 128));
        shifted += Precise::exp(Precise(x[i], 128) - max);
        if ((i & 0xFFF) == 0 && control.cancelled())
            return std::nullopt;
    }

    std::vector<SoftmaxRow> rows;
    const double share = 1.0 / static_cast<double>(2 * setup.formats.size());
    for (std::size_t f = 0; f < setup.formats.size(); ++f) {
        FormatArithmetic a(setup.formats[f]);
        std::vector<double> xf(x.size());
        double maxF = -HUGE_VAL;
        for (std::size_t i = 0; i < x.size(); ++i) {
            xf[i] = a.round(x[i]);
            maxF = std::max(maxF, xf[i]);
        }
        for (const bool subtractMax : {false, true}) {
            SoftmaxRow row{setup.formats[f]};
            row.subtractMax = subtractMax;
            double sum = 0, eTop = 0;
            for (std::size_t i = 0; i < xf.size(); ++i) {
                const double e = a.exp(subtractMax ? a.subtract(xf[i], maxF) : xf[i]);
                row.overflowed += std::isinf(e) ? 1 : 0;
                const double next = a.add(sum, e);
                row.absorbed += next == sum && e != 0 ? 1 : 0;
                sum = next;
                if (i == top)
                    eTop = e;
                if ((i & 0xFFF) == 0 && control.cancelled()) {
                    if (finished != nullptr)
                        *finished = std::move(rows);
                    return std::nullopt;
                }
            }
            const Precise& reference = subtractMax ? shifted : plain;
            row.denominator = sum;
            row.reference = reference.toDouble();
            if (std::isfinite(sum))
                row.relativeError = Precise::relativeError(sum, reference);
            row.topProbability = a.divide(eTop, sum);
            row.topReference = (Precise::exp(Precise(x.empty() ? 0.0 : x[top])) / plain).toDouble();
            rows.push_back(row);
            control.report(static_cast<double>(rows.size()) * share);
        }
    }
    return rows;
}

}  // namespace floatscope::reduce
