#include <cmath>

#include "core/lessons/SeededRandom.h"
#include "core/reduce/FormatArithmetic.h"
#include "core/reduce/Precise.h"
#include "core/reduce/Reductions.h"

namespace floatscope::reduce {

// Activations and weights are bf16 values (a bf16 model's); eps is the config's decimal, rounded to
// the format as a tensor of it holds it. Per row, in the format: the sum of squares left to right,
// its mean, + eps, the square root, its reciprocal, then x * (1 / rms) * g; the output rounded to
// bf16. The reference is the same formula at 256 bits with the exact eps, rounded once to bf16.
std::optional<std::vector<RmsNormRow>> rmsNorm(const RmsNormSetup& setup, const dot::RunControl& control,
                                               std::vector<RmsNormRow>* finished)
{
    SeededRandom random(setup.seed);
    const FormatArithmetic bf16(namedFormat("bf16"));
    const std::size_t n = setup.hidden;
    std::vector<double> x(setup.rows * n), g(n);
    for (double& v : g)
        v = bf16.round(1 + 0.1 * random.normal());
    for (double& v : x)
        v = bf16.round(setup.deviation * random.normal());

    // The exact outputs, per row: most of the work, reported as the first of 1 + formats shares.
    const double shares = static_cast<double>(1 + setup.formats.size());
    std::vector<double> exact(x.size()), exactBf16(x.size());
    const Precise eps(setup.eps);
    double exactMeanSquare0 = 0;  // the first row's, for the words on why
    for (std::size_t r = 0; r < setup.rows; ++r) {
        if (control.cancelled())
            return std::nullopt;
        control.report(static_cast<double>(r) / static_cast<double>(setup.rows) / shares);
        Precise squares;
        for (std::size_t i = 0; i < n; ++i)
            squares += Precise(x[r * n + i]) * Precise(x[r * n + i]);
        if (r == 0)
            exactMeanSquare0 = (squares / Precise(static_cast<double>(n))).toDouble();
        const Precise rms = Precise::sqrt(squares / Precise(static_cast<double>(n)) + eps);
        for (std::size_t i = 0; i < n; ++i) {
            const Precise y = Precise(x[r * n + i]) * Precise(g[i]) / rms;
            exact[r * n + i] = y.toDouble();
            exactBf16[r * n + i] = y.roundedTo(bf16);
        }
    }

    std::vector<RmsNormRow> rows;
    for (const Format& f : setup.formats) {
        const FormatArithmetic a(f);
        RmsNormRow row{f};
        double total = 0;
        std::size_t correct = 0;
        const double epsF = a.round(setup.eps);
        for (std::size_t r = 0; r < setup.rows; ++r) {
            if (control.cancelled()) {
                if (finished != nullptr)
                    *finished = std::move(rows);
                return std::nullopt;
            }
            double squares = 0;
            for (std::size_t i = 0; i < n; ++i)
                squares = a.add(squares, a.multiply(x[r * n + i], x[r * n + i]));
            const double meanSquare = a.divide(squares, a.round(static_cast<double>(n)));
            if (r == 0) {
                row.meanSquare = meanSquare;
                row.exactMeanSquare = exactMeanSquare0;
                row.sumOfSquares = squares;
                row.sumOfSquaresGap = a.gap(squares);
            }
            const double inverse = a.divide(1, a.sqrt(a.add(meanSquare, epsF)));
            for (std::size_t i = 0; i < n; ++i) {
                const double y = bf16.round(a.multiply(a.multiply(x[r * n + i], inverse), g[i]));
                const double e = exact[r * n + i];
                const double relative = e == 0 ? (y == 0 ? 0 : HUGE_VAL) : std::fabs((y - e) / e);
                row.maxRelativeError = std::max(row.maxRelativeError, relative);
                total += relative;
                correct += y == exactBf16[r * n + i] ? 1 : 0;
            }
        }
        row.meanRelativeError = total / static_cast<double>(x.size());
        row.correctlyRounded = static_cast<double>(correct) / static_cast<double>(x.size());
        rows.push_back(row);
        control.report(static_cast<double>(1 + rows.size()) / shares);
    }
    return rows;
}

}  // namespace floatscope::reduce
