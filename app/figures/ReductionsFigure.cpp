#include "app/figures/ReductionsFigure.h"

#include <algorithm>
#include <cmath>

#include <QFontMetricsF>
#include <QPainter>

#include "app/figures/FigureParagraphs.h"
#include "app/figures/LessonOpening.h"
#include "app/figures/Log2Axis.h"
#include "app/style/Palette.h"
#include "app/text/LessonText.h"
#include "app/text/StdString.h"
#include "core/format/Registry.h"

namespace floatscope::gui {

namespace {

// In body heights: the least length of the longest bar in an export.
constexpr double kLeastBar = 12;

QString methodText(reduce::VarianceMethod m)
{
    switch (m) {
    case reduce::VarianceMethod::TwoPass: return ReductionsFigure::tr("two passes");
    case reduce::VarianceMethod::SumOfSquares: return ReductionsFigure::tr("E[x²] − E[x]²");
    case reduce::VarianceMethod::Welford: return ReductionsFigure::tr("Welford");
    }
    return {};
}

QString errorText(const std::optional<double>& e)
{
    if (!e)
        return QStringLiteral("—");
    return *e == 0 ? ReductionsFigure::tr("0 (exact)") : LessonText::approx(*e, 3);
}

std::optional<double> log2Of(const std::optional<double>& e)
{
    if (!e || !std::isfinite(*e))
        return std::nullopt;
    return *e > 0 ? std::log2(*e) : -60.0;  // an exact result sits at the axis' left end
}

QColor colourOf(const Format& f) { return formatColour(f.name()); }

}  // namespace

const char* toString(Reduction r)
{
    switch (r) {
    case Reduction::Softmax: return "softmax";
    case Reduction::Moments: return "moments";
    case Reduction::RmsNorm: return "rmsnorm";
    case Reduction::Router: return "router";
    }
    return "?";
}

std::optional<Reduction> parseReduction(std::string_view text)
{
    for (const Reduction r : kReductions)
        if (text == toString(r))
            return r;
    return std::nullopt;
}

const std::vector<Format>& ReductionsSetup::formats() const
{
    switch (reduction) {
    case Reduction::Softmax: return softmax.formats;
    case Reduction::Moments: return moments.formats;
    case Reduction::RmsNorm: return rmsNorm.formats;
    case Reduction::Router: return router.formats;
    }
    return moments.formats;
}

void ReductionsSetup::setFormats(std::vector<Format> formats)
{
    switch (reduction) {
    case Reduction::Softmax: softmax.formats = std::move(formats); break;
    case Reduction::Moments: moments.formats = std::move(formats); break;
    case Reduction::RmsNorm: rmsNorm.formats = std::move(formats); break;
    case Reduction::Router: router.formats = std::move(formats); break;
    }
}

bool ReductionsSetup::takesLong() const
{
    // The references' MPFR exponentials dominate: about a microsecond each.
    switch (reduction) {
    case Reduction::Softmax: return softmax.vocabulary > 20'000;
    case Reduction::Moments: return moments.count > 200'000;
    case Reduction::RmsNorm: return rmsNorm.hidden * rmsNorm.rows > 100'000;
    case Reduction::Router: return router.tokens * router.experts > 20'000;
    }
    return true;
}

std::optional<ReductionsData> ReductionsData::compute(const ReductionsSetup& setup, const dot::RunControl& control)
{
    ReductionsData d{setup, {}, {}, {}, {}};
    switch (setup.reduction) {
    case Reduction::Softmax:
        if (auto rows = reduce::softmaxDenominators(setup.softmax, control))
            d.softmax = std::move(*rows);
        else
            return std::nullopt;
        break;
    case Reduction::Moments:
        if (auto rows = reduce::moments(setup.moments, control))
            d.moments = std::move(*rows);
        else
            return std::nullopt;
        break;
    case Reduction::RmsNorm:
        if (auto rows = reduce::rmsNorm(setup.rmsNorm, control))
            d.rmsNorm = std::move(*rows);
        else
            return std::nullopt;
        break;
    case Reduction::Router:
        if (auto rows = reduce::routerTopK(setup.router, control))
            d.router = std::move(*rows);
        else
            return std::nullopt;
        break;
    }
    return d;
}

QString ReductionsFigure::title() const
{
    switch (m_data.setup.reduction) {
    case Reduction::Softmax:
        return tr("A softmax denominator over %1 logits, summed in each format")
            .arg(LessonText::count(static_cast<std::int64_t>(m_data.setup.softmax.vocabulary)));
    case Reduction::Moments: return tr("Mean and variance three ways, every operation in the format");
    case Reduction::RmsNorm: return tr("RMSNorm computed in each format, stored in bf16");
    case Reduction::Router:
        return tr("A router's softmax and top %1 of %2 experts, computed in each format")
            .arg(m_data.setup.router.topK)
            .arg(m_data.setup.router.experts);
    }
    return {};
}

QString ReductionsFigure::subtitle() const
{
    const ReductionsSetup& s = m_data.setup;
    switch (s.reduction) {
    case Reduction::Softmax:
        return tr("Normal logits (mean %1, σ %2) stored in %3, seed %4; Σ eˣ left to right, with and without the largest "
                  "logit subtracted first; the reference at 256 bits. Lesson 14: the softmax denominator stays in fp32.")
            .arg(LessonText::approx(s.softmax.mean, 4), LessonText::approx(s.softmax.deviation, 4), qs(s.softmax.logits.name()))
            .arg(s.softmax.seed);
    case Reduction::Moments:
        return tr("%1 normal values (mean %2, σ %3), seed %4; the reference exact. LayerNorm's statistics are the "
                  "reduction lesson 14 keeps in fp32.")
            .arg(LessonText::count(static_cast<std::int64_t>(s.moments.count)), LessonText::approx(s.moments.mean, 6),
                 LessonText::approx(s.moments.deviation, 4))
            .arg(s.moments.seed);
    case Reduction::RmsNorm:
        return tr("%1 rows of %2 bf16 activations (σ %3), eps = %4, seed %5: x / √(Σx²/n + eps) · g in each format, "
                  "the output rounded to bf16, against the exact formula rounded once.")
            .arg(LessonText::count(static_cast<std::int64_t>(s.rmsNorm.rows)),
                 LessonText::count(static_cast<std::int64_t>(s.rmsNorm.hidden)), LessonText::approx(s.rmsNorm.deviation, 4),
                 LessonText::approx(s.rmsNorm.eps, 4))
            .arg(s.rmsNorm.seed);
    case Reduction::Router:
        return tr("%1 tokens, normal router logits (σ %2), seed %3; softmax with the max subtracted and the top %4 in each "
                  "format, against the exact order. The BF16 lesson: Switch Transformer keeps its router in fp32.")
            .arg(LessonText::count(static_cast<std::int64_t>(s.router.tokens)), LessonText::approx(s.router.deviation, 4))
            .arg(s.router.seed)
            .arg(s.router.topK);
    }
    return {};
}

FigureTable ReductionsFigure::table(const ReductionsData& d)
{
    FigureTable t;
    switch (d.setup.reduction) {
    case Reduction::Softmax:
        t.header = {tr("format"), tr("− max"), tr("Σ eˣ"), tr("exact Σ eˣ"), tr("rel. error"), tr("absorbed"),
                    tr("overflowed"), tr("p(top)"), tr("exact p(top)")};
        for (const reduce::SoftmaxRow& r : d.softmax) {
            t.rows.push_back({qs(r.format.name()), r.subtractMax ? tr("yes") : tr("no"), LessonText::approx(r.denominator, 8),
                              LessonText::approx(r.reference, 8), errorText(r.relativeError),
                              LessonText::count(static_cast<std::int64_t>(r.absorbed)),
                              LessonText::count(static_cast<std::int64_t>(r.overflowed)), LessonText::approx(r.topProbability, 5),
                              LessonText::approx(r.topReference, 5)});
            t.rowColours.push_back(colourOf(r.format));
        }
        break;
    case Reduction::Moments:
        t.header = {tr("format"), tr("method"), tr("mean"), tr("variance"), tr("exact variance"), tr("rel. error of the mean"),
                    tr("rel. error of the variance")};
        for (const reduce::MomentsRow& r : d.moments) {
            t.rows.push_back({qs(r.format.name()), methodText(r.method), LessonText::approx(r.mean, 8),
                              LessonText::approx(r.variance, 8), LessonText::approx(r.exactVariance, 8), errorText(r.meanError),
                              errorText(r.varianceError)});
            t.rowColours.push_back(colourOf(r.format));
        }
        break;
    case Reduction::RmsNorm:
        t.header = {tr("format"), tr("max rel. error"), tr("mean rel. error"), tr("correctly rounded")};
        for (const reduce::RmsNormRow& r : d.rmsNorm) {
            t.rows.push_back({qs(r.format.name()), errorText(r.maxRelativeError), errorText(r.meanRelativeError),
                              LessonText::percent(r.correctlyRounded)});
            t.rowColours.push_back(colourOf(r.format));
        }
        break;
    case Reduction::Router:
        t.header = {tr("format"), tr("top-%1 changed").arg(d.setup.router.topK), tr("first expert changed"),
                    tr("tied weights"), tr("max gate error")};
        for (const reduce::RouterRow& r : d.router) {
            const auto of = [&](std::size_t n) {
                return tr("%1 of %2").arg(LessonText::count(static_cast<std::int64_t>(n)),
                                          LessonText::count(static_cast<std::int64_t>(d.setup.router.tokens)));
            };
            t.rows.push_back({qs(r.format.name()), of(r.tokensChanged), of(r.topOneChanged), of(r.tiedWeights),
                              LessonText::approx(r.maxGateError, 3)});
            t.rowColours.push_back(colourOf(r.format));
        }
        break;
    }
    return t;
}

std::vector<ReductionsFigure::Bar> ReductionsFigure::bars(const ReductionsData& d)
{
    std::vector<Bar> out;
    switch (d.setup.reduction) {
    case Reduction::Softmax:
        for (const reduce::SoftmaxRow& r : d.softmax)
            out.push_back({tr("%1, %2").arg(qs(r.format.name()), r.subtractMax ? tr("max subtracted") : tr("as is")),
                           colourOf(r.format), log2Of(r.relativeError), std::nullopt,
                           r.relativeError ? errorText(r.relativeError) : tr("overflow: inf")});
        break;
    case Reduction::Moments:
        for (const reduce::MomentsRow& r : d.moments)
            out.push_back({tr("%1, %2").arg(qs(r.format.name()), methodText(r.method)), colourOf(r.format),
                           log2Of(r.varianceError), std::nullopt, errorText(r.varianceError)});
        break;
    case Reduction::RmsNorm:
        for (const reduce::RmsNormRow& r : d.rmsNorm)
            out.push_back({qs(r.format.name()), colourOf(r.format), log2Of(r.maxRelativeError), std::nullopt,
                           errorText(r.maxRelativeError)});
        break;
    case Reduction::Router:
        for (const reduce::RouterRow& r : d.router) {
            const double share = d.setup.router.tokens == 0 ? 0.0
                                                            : static_cast<double>(r.tokensChanged)
                                                                  / static_cast<double>(d.setup.router.tokens);
            out.push_back({qs(r.format.name()), colourOf(r.format), std::nullopt, share, LessonText::percent(share)});
        }
        break;
    }
    return out;
}

QString ReductionsFigure::barsTitle(const ReductionsData& d)
{
    switch (d.setup.reduction) {
    case Reduction::Softmax: return tr("Relative error of the denominator");
    case Reduction::Moments: return tr("Relative error of the variance");
    case Reduction::RmsNorm: return tr("Largest relative error of an output");
    case Reduction::Router: return tr("Tokens whose top %1 experts change").arg(d.setup.router.topK);
    }
    return {};
}

QStringList ReductionsFigure::sentences(const ReductionsData& d)
{
    QStringList lines;
    switch (d.setup.reduction) {
    case Reduction::Softmax:
        for (const reduce::SoftmaxRow& r : d.softmax) {
            const QString name = qs(r.format.name());
            const QString how = r.subtractMax ? tr("with the max subtracted") : tr("as is");
            if (r.overflowed > 0)
                lines << tr("%1 %2: eˣ overflows for %3 logits and the denominator is inf.")
                             .arg(name, how, LessonText::count(static_cast<std::int64_t>(r.overflowed)));
            else
                lines << tr("%1 %2: %3 of %4 terms left the sum unchanged (absorbed); the denominator's relative error is %5, "
                            "and the top logit gets p = %6 instead of %7.")
                             .arg(name, how, LessonText::count(static_cast<std::int64_t>(r.absorbed)),
                                  LessonText::count(static_cast<std::int64_t>(d.setup.softmax.vocabulary)),
                                  errorText(r.relativeError), LessonText::approx(r.topProbability, 4),
                                  LessonText::approx(r.topReference, 4));
        }
        break;
    case Reduction::Moments:
        for (const reduce::MomentsRow& r : d.moments) {
            QString line = tr("%1, %2: variance %3 against %4 (relative error %5).")
                               .arg(qs(r.format.name()), methodText(r.method), LessonText::approx(r.variance, 6),
                                    LessonText::approx(r.exactVariance, 6), errorText(r.varianceError));
            // A sum whose gap outgrew the values (not one that saturated): where it ended, its gap there.
            if (r.sum && r.meanError && *r.meanError > 1e-3 && std::fabs(d.setup.moments.mean) < r.sumGap / 2)
                line = thenSentence(line, tr("Why: the running sum of the values ends at %1, where %2's gap is %3; a value near %4, below "
                           "half of that, no longer counts, so the mean comes out as %5 instead of %6.")
                            .arg(LessonText::approx(*r.sum, 6), qs(r.format.name()), LessonText::approx(r.sumGap, 4),
                                 LessonText::approx(d.setup.moments.mean, 4), LessonText::approx(r.mean, 6),
                                 LessonText::approx(r.exactMean, 6)));
            if (r.variance < 0)
                line = thenSentence(line, tr("A negative variance: E[x²] and E[x]² cancel."));
            lines << line;
        }
        break;
    case Reduction::RmsNorm:
        for (const reduce::RmsNormRow& r : d.rmsNorm) {
            QString line = tr("%1: %2 of the bf16 outputs are the exact result rounded once; the worst is off by %3.")
                               .arg(qs(r.format.name()), LessonText::percent(r.correctlyRounded), errorText(r.maxRelativeError));
            if (r.meanSquare > 0 && std::fabs(r.meanSquare - r.exactMeanSquare) > 1e-3 * r.exactMeanSquare
                && r.exactMeanSquare < r.sumOfSquaresGap / 2) {
                // Dividing by the root of a mean square that came out too small makes every output too large.
                const double eps = d.setup.rmsNorm.eps;
                const double larger = std::sqrt((r.exactMeanSquare + eps) / (r.meanSquare + eps)) - 1;
                const double sum = r.sumOfSquares;
                line = thenSentence(line, tr("Why: the sum of the %1 squares ends at %2, where %3's gap is %4; a square near %5, below half "
                           "of that, no longer counts. The mean square comes out as %6 instead of %7, and dividing by "
                           "its root makes every output about %8 too large (in the first row).")
                            .arg(LessonText::count(static_cast<std::int64_t>(d.setup.rmsNorm.hidden)), LessonText::approx(sum, 6),
                                 qs(r.format.name()), LessonText::approx(r.sumOfSquaresGap, 4),
                                 LessonText::approx(r.exactMeanSquare, 3), LessonText::approx(r.meanSquare, 6),
                                 LessonText::approx(r.exactMeanSquare, 6), LessonText::percent(larger)));
            }
            lines << line;
        }
        break;
    case Reduction::Router:
        for (const reduce::RouterRow& r : d.router)
            lines << thenSentence(
                tr("%1: %2 of %3 tokens are routed to another set of %4 experts, %5 to another first expert.")
                    .arg(qs(r.format.name()), LessonText::count(static_cast<std::int64_t>(r.tokensChanged)),
                         LessonText::count(static_cast<std::int64_t>(d.setup.router.tokens)))
                    .arg(d.setup.router.topK)
                    .arg(LessonText::count(static_cast<std::int64_t>(r.topOneChanged))),
                r.tiedWeights == 0
                    ? QString()
                    : tr("%1 tokens have tied weights: two of their chosen experts got the same %2 weight, so their "
                         "order is decided by where they sit, not by their logits.")
                          .arg(LessonText::count(static_cast<std::int64_t>(r.tiedWeights)), qs(r.format.name())));
        break;
    }
    return lines;
}

std::pair<double, double> ReductionsFigure::barColumns(const std::vector<Bar>& all, const FigureStyle& style)
{
    const QFontMetricsF metrics(style.font());
    double labels = 0;
    double values = 0;
    for (const Bar& b : all) {
        labels = std::max(labels, metrics.horizontalAdvance(b.label));
        values = std::max(values, metrics.horizontalAdvance(b.value));
    }
    const double body = style.bodyPoints();
    return {labels + body, values + body};
}

double ReductionsFigure::minimumWidth(const FigureStyle& style) const
{
    // An export keeps the table, the bars' names and their values whole, the bars kLeastBar long.
    const double body = style.bodyPoints();
    const auto [labels, values] = barColumns(bars(m_data), style);
    return std::max(opening().minimumWidth(style), labels + body * kLeastBar + values + 2 * body * kLessonMargin + 2);
}

LessonOpening ReductionsFigure::opening() const
{
    return {title(), subtitle(), table(m_data), barsTitle(m_data)};
}

ReductionsFigure::Layout ReductionsFigure::layout(double width, const FigureStyle& style) const
{
    Layout l;
    const double body = style.bodyPoints();
    l.opening = opening().layout(width, style);
    const double text = l.opening.textWidth;
    l.barHeight = body * 1.6;
    const std::vector<Bar> all = bars(m_data);
    l.axisY = l.opening.below + l.barHeight * static_cast<double>(all.size()) + body * 0.3;
    l.sentencesTop = l.axisY + Log2Axis::height(style) + body * 0.8;
    l.height = l.sentencesTop + paragraphsHeight(sentences(m_data), text, style) + l.opening.margin * 0.5;
    // Names whole on the left, the widest value after the longest bar (narrower than minimumWidth,
    // in a panel, the bars give way).
    const auto [labels, values] = barColumns(all, style);
    l.left = l.opening.margin + labels;
    l.right = std::max(l.left + body * 4, width - l.opening.margin - values);
    Log2Range range;
    for (const Bar& b : all)
        if (b.log2Error && *b.log2Error > -60)
            range.include(*b.log2Error);
    std::tie(l.lo, l.hi) = range.padded(-24, 0);
    return l;
}

double ReductionsFigure::heightForWidth(double width, const FigureStyle& style) const
{
    return layout(width, style).height;
}

void ReductionsFigure::paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const
{
    const Layout l = layout(size.width(), style);
    const double body = style.bodyPoints();
    const double width = l.opening.textWidth;
    painter.save();
    opening().paint(painter, l.opening, style);

    // The bars: from the left end of a log2 axis of errors, or of shares for the router.
    const std::vector<Bar> all = bars(m_data);
    const bool shares = m_data.setup.reduction == Reduction::Router;
    // The shares' axis ends at the first of 1, 2, 5, 10, 20, 50, 100 % that holds them all.
    double scale = 1;
    double most = 0;
    for (const Bar& b : all)
        most = std::max(most, b.share.value_or(0.0));
    for (const double s : {0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0})
        if (most <= s) {
            scale = s;
            break;
        }
    const Log2Axis ax(l.lo, l.hi, l.left, l.right);
    if (!shares)
        ax.paintGrid(painter, l.opening.below, l.axisY, style);
    for (std::size_t i = 0; i < all.size(); ++i) {
        const Bar& b = all[i];
        const double y = l.opening.below + l.barHeight * static_cast<double>(i);
        painter.setFont(style.font());
        painter.setPen(readableOn(b.colour, style.background(), 4.5));
        painter.drawText(QRectF(l.opening.margin, y, l.left - l.opening.margin, l.barHeight), Qt::AlignLeft | Qt::AlignVCenter, b.label);
        double end = l.left;
        if (shares && b.share)
            end = l.left + (l.right - l.left) * std::clamp(*b.share / scale, 0.0, 1.0);
        else if (b.log2Error)
            end = std::clamp(ax.x(*b.log2Error), l.left, l.right);
        else
            end = l.right;  // not finite: the whole way, hatched
        const QRectF bar(l.left, y + l.barHeight * 0.18, std::max(1.0, end - l.left), l.barHeight * 0.64);
        painter.fillRect(bar, b.colour);
        if (!b.log2Error && !b.share)
            painter.fillRect(bar, QBrush(style.background(), Qt::BDiagPattern));
        painter.setPen(style.foreground());
        painter.drawText(QRectF(end + body * 0.4, y, size.width() - end - body * 0.4 - l.opening.margin * 0.5, l.barHeight),
                         Qt::AlignLeft | Qt::AlignVCenter, b.value);
    }
    if (shares) {
        // Five steps of the scale under the bars.
        painter.setPen(QPen(style.foreground(), style.lineWidth() * 0.6));
        painter.drawLine(QPointF(l.left, l.axisY), QPointF(l.right, l.axisY));
        painter.setFont(style.font(body * 0.85));
        const QFontMetricsF small(style.font(body * 0.85));
        for (int q = 0; q <= 5; ++q) {
            const double x = l.left + (l.right - l.left) * q / 5.0;
            const QString label = QStringLiteral("%1 %").arg(QString::number(100 * scale * q / 5.0, 'g', 3));
            painter.drawLine(QPointF(x, l.axisY), QPointF(x, l.axisY + body * 0.4));
            painter.drawText(QRectF(x - small.horizontalAdvance(label) / 2, l.axisY + body * 0.4, small.horizontalAdvance(label) + 2,
                                    small.height()),
                             label);
        }
    } else {
        ax.paint(painter, l.axisY, style);
    }

    paintParagraphs(painter, sentences(m_data), QPointF(l.opening.margin, l.sentencesTop), width, style);
    painter.restore();
}

QString ReductionsFigure::toolTipAt(const QPointF& point, const QSizeF& size, const FigureStyle& style) const
{
    const Layout l = layout(size.width(), style);
    const QStringList lines = sentences(m_data);
    const std::vector<Bar> all = bars(m_data);
    if (point.y() >= l.opening.below && point.y() < l.opening.below + l.barHeight * static_cast<double>(all.size()))
        return lines.value(static_cast<qsizetype>((point.y() - l.opening.below) / l.barHeight));
    if (const auto row = opening().tableRowAt(point.y(), l.opening, style))
        return lines.value(static_cast<qsizetype>(*row));
    return {};
}

}  // namespace floatscope::gui
