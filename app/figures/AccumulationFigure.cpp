#include "app/figures/AccumulationFigure.h"

#include <cmath>

#include <QFontMetricsF>
#include <QPainter>

#include "core/exact/DecimalText.h"
#include "app/figures/ChartFigure.h"
#include "app/figures/FigureTable.h"
#include "app/text/AccumulationText.h"
#include "app/text/LessonText.h"
#include "core/format/Codec.h"
#include "core/format/Registry.h"
#include "core/inspect/Inspection.h"
#include "app/style/Palette.h"
#include "app/text/StdString.h"

namespace floatscope::gui {

namespace {

// The exact line is grey and dashed in every theme: it is the reference, not a format.
const QColor kExactColour(0x80, 0x80, 0x80);

void addBucket(std::vector<QPointF>& points, const ChartBucket& b)
{
    const auto push = [&](double x, double y) {
        if (std::isfinite(y))
            points.emplace_back(x, y);
    };
    const double first = static_cast<double>(b.firstStep);
    const double last = static_cast<double>(b.lastStep);
    push(first, b.first);
    if (b.firstStep == b.lastStep)
        return;
    // A bucket is at most a pixel wide: its extremes, when the ends are not, as one vertical stroke.
    if (b.min < std::min(b.first, b.last) || b.max > std::max(b.first, b.last)) {
        const double mid = (first + last) / 2;
        push(mid, b.last >= b.first ? b.min : b.max);
        push(mid, b.last >= b.first ? b.max : b.min);
    }
    push(last, b.last);
}

// Drops the points a chart does not need: in a staircase, a step to the same value; in a line, the
// middle of three equal values. A stalled sum becomes two points, whatever N.
void dropFlatPoints(std::vector<QPointF>& points, bool steps)
{
    if (points.size() < 3)
        return;
    std::vector<QPointF> kept{points.front()};
    for (std::size_t i = 1; i + 1 < points.size(); ++i) {
        const bool flatBefore = points[i].y() == points[i - 1].y();
        const bool flatAfter = points[i].y() == points[i + 1].y();
        if (steps ? !flatBefore : !(flatBefore && flatAfter))
            kept.push_back(points[i]);
    }
    kept.push_back(points.back());
    points = std::move(kept);
}

// The readouts and the stall sentences under the chart.
class ReadoutFigure : public FlowFigure {
public:
    ReadoutFigure(QString title, std::vector<AccumulationReadout> readouts, bool companion, QString companionHeader)
        : m_title(std::move(title)), m_readouts(std::move(readouts)), m_companion(companion),
          m_companionHeader(std::move(companionHeader))
    {
    }

    QString title() const override { return m_title; }

    double heightForWidth(double width, const FigureStyle& style) const override { return height(width, style); }
    double minimumWidth(const FigureStyle& style) const override
    {
        return table().naturalWidth(style) + style.bodyPoints() * 3 + 2;
    }

    void paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const override
    {
        const double margin = style.bodyPoints() * 1.5;
        const FigureTable t = table();
        t.paint(painter, QRectF(margin, margin * 0.5, size.width() - 2 * margin, t.height(style)), style);
        double y = margin * 0.5 + t.height(style) + style.bodyPoints() * 0.6;
        painter.setFont(style.font());
        const QFontMetricsF metrics(style.font());
        for (const AccumulationReadout& r : m_readouts) {
            if (r.why.isEmpty())
                continue;
            const QRectF box(margin, y, size.width() - 2 * margin, 10000);
            const QRectF used = metrics.boundingRect(box, Qt::TextWordWrap, r.why);
            painter.setPen(style.foreground());
            painter.drawText(box, Qt::TextWordWrap, r.why);
            y += used.height() + style.bodyPoints() * 0.3;
        }
    }

private:
    FigureTable table() const
    {
        FigureTable t;
        t.header = {AccumulationFigure::tr("format"), AccumulationFigure::tr("bits"), AccumulationFigure::tr("value"),
                    AccumulationFigure::tr("− exact")};
        if (m_companion)
            t.header << m_companionHeader;
        t.header << AccumulationFigure::tr("steps that moved the sum") << AccumulationFigure::tr("first stall");
        for (const AccumulationReadout& r : m_readouts) {
            QStringList row = {r.format, r.bits, r.value, r.error};
            if (m_companion)
                row << r.companion;
            row << r.adds << r.stall;
            t.rows.push_back(row);
            t.rowColours.push_back(r.colour);
        }
        return t;
    }

    double height(double width, const FigureStyle& style) const
    {
        const double margin = style.bodyPoints() * 1.5;
        double h = margin * 0.5 + table().height(style) + style.bodyPoints() * 0.6;
        const QFontMetricsF metrics(style.font());
        for (const AccumulationReadout& r : m_readouts)
            if (!r.why.isEmpty())
                h += metrics.boundingRect(QRectF(0, 0, width - 2 * margin, 10000), Qt::TextWordWrap, r.why).height()
                   + style.bodyPoints() * 0.3;
        return h + margin * 0.5;
    }

    QString m_title;
    std::vector<AccumulationReadout> m_readouts;
    bool m_companion;
    QString m_companionHeader;
};

}  // namespace

AccumulationFigure::AccumulationFigure(const AccumulationRun& run, const std::vector<Accumulator>& at, bool logSteps)
    : StackedFigure(titleFor(run.setup(), at.empty() ? run.steps() : at.front().stepsDone()))
{
    const AccumulationMode mode = run.setup().mode;
    const bool companion = mode == AccumulationMode::Fp32Master || mode == AccumulationMode::Kahan;
    add(std::make_unique<ChartFigure>(chart(run, at, kFigureColumns, logSteps)), 1.0);
    add(std::make_unique<ReadoutFigure>(StackedFigure::title(), readouts(run, at), companion,
                                        mode == AccumulationMode::Kahan ? tr("compensation") : tr("fp32 master")),
        0.0);
}

QString AccumulationFigure::modeName(AccumulationMode mode)
{
    switch (mode) {
    case AccumulationMode::Stored: return tr("stored in each format");
    case AccumulationMode::Fp32Master: return tr("fp32 master, cast to each format");
    case AccumulationMode::Kahan: return tr("Kahan-compensated in each format");
    case AccumulationMode::Stochastic: return tr("stochastic rounding in each format");
    }
    return {};
}

QString AccumulationFigure::titleFor(const AccumulationSetup& setup, std::int64_t step)
{
    QString t = tr("%1 + %2, added %3 times (%4)")
                    .arg(LessonText::brief(setup.start), LessonText::brief(setup.delta), LessonText::count(setup.steps),
                         modeName(setup.mode));
    if (step < setup.steps)
        t += QStringLiteral(" — ") + tr("step %1").arg(LessonText::count(step));
    return t;
}

QString AccumulationFigure::exactSumText(const AccumulationSetup& setup, std::int64_t step)
{
    const mpq_class exact = exactSumAt(setup, step);
    if (const auto digits = terminatingDecimal(exact, 24))
        return QString::fromStdString(*digits);
    return QStringLiteral("≈ ") + LessonText::approx(exact, 10);
}

ChartSpec AccumulationFigure::chart(const AccumulationRun& run, const std::vector<Accumulator>& at, int columns,
                                   bool logSteps)
{
    const AccumulationSetup& setup = run.setup();
    const std::int64_t step = at.empty() ? run.steps() : at.front().stepsDone();
    ChartSpec spec;
    spec.title = titleFor(setup, step);
    const auto [lo, hi] = run.valueRange();
    // A little room below and above, so that a sum stuck at the smallest value (bf16 at 1) is not
    // drawn on the axis line.
    const double pad = (hi - lo) * 0.03;
    spec.x = {tr("step"), false, 0.0, static_cast<double>(run.steps()), true};
    spec.y = {tr("value"), false, lo - pad, hi + pad};
    if (logSteps) {
        // From step 1 (step 0 has no logarithm); values on log2 when they are all positive and far
        // enough apart for more than one tick.
        spec.x = {tr("step (logarithmic)"), false, 1.0, static_cast<double>(std::max<std::int64_t>(run.steps(), 10)),
                  true, true};
        if (lo > 0 && hi / lo >= 8)
            spec.y = {tr("value (logarithmic)"), true, std::exp2(std::floor(std::log2(lo)) - 0.25),
                      std::exp2(std::ceil(std::log2(hi)) + 0.25)};
    }
    for (std::size_t i = 0; i < run.formats().size(); ++i) {
        const std::vector<ChartBucket>& recorded = logSteps ? run.logChart(i) : run.chart(i);
        const std::vector<ChartBucket> buckets = decimate(recorded, columns);
        ChartSeries series;
        series.name = QString::fromStdString(run.formats()[i].name());
        series.colour = formatColour(run.formats()[i].name());
        // One step per bucket: the stored sum is a staircase and is drawn as one.
        const bool everyStep = static_cast<std::int64_t>(buckets.size()) == run.steps() + 1;
        series.kind = everyStep ? ChartSeries::Kind::Steps : ChartSeries::Kind::Line;
        for (const ChartBucket& b : buckets) {
            if (b.lastStep > step)
                break;
            addBucket(series.points, b);
        }
        if (i < at.size() && (series.points.empty() || series.points.back().x() < static_cast<double>(step))) {
            const double v = at[i].approx();
            if (std::isfinite(v))
                series.points.emplace_back(static_cast<double>(step), v);
        }
        // A log step axis has no step 0: without it, a sum flat from the start (bf16 at 1) keeps
        // its first and last points when the flat ones between are dropped, and stays a line.
        if (logSteps)
            std::erase_if(series.points, [](const QPointF& p) { return p.x() < 1; });
        dropFlatPoints(series.points, series.kind == ChartSeries::Kind::Steps);
        spec.series.push_back(std::move(series));
    }
    ChartSeries exact;
    exact.name = tr("exact");
    exact.colour = kExactColour;
    exact.dashed = true;
    // A line on linear axes; on a log step axis a curve, drawn through steps evenly spaced in log.
    std::vector<std::int64_t> exactSteps = {0, step};
    if (logSteps) {
        exactSteps.clear();
        for (int k = 0; k <= 64; ++k)
            exactSteps.push_back(std::llround(std::pow(static_cast<double>(std::max<std::int64_t>(step, 1)), k / 64.0)));
    }
    for (const std::int64_t s : exactSteps) {
        const double v = exactSumAt(setup, s).get_d();
        if (std::isfinite(v))
            exact.points.emplace_back(static_cast<double>(s), v);
    }
    spec.series.push_back(std::move(exact));
    return spec;
}

QString AccumulationFigure::stallSentence(const Accumulator& run)
{
    const std::optional<Stall>& stall = run.firstStall();
    if (!stall)
        return {};
    const Stall& s = *stall;
    const QString format = QString::fromStdString(run.format().name());
    // Stored sums and the fp32 master are deterministic: an add that changes nothing repeats forever.
    const bool forGood = run.mode() == AccumulationMode::Stored || run.mode() == AccumulationMode::Fp32Master;
    const QString sum = s.format.name() == run.format().name() ? tr("the sum") : tr("the fp32 master");
    const QString at = LessonText::exactValue(s.format, s.code);
    const QString head = forGood ? tr("from step %1 on, %2 stays at %3").arg(LessonText::count(s.step), sum, at)
                                 : tr("step %1 left %2 at %3").arg(LessonText::count(s.step), sum, at);
    const QString addend = LessonText::exactValue(s.format, s.addendCode);
    const QString gap = s.gap ? LessonText::exact(*s.gap) : QStringLiteral("?");
    const QString ulp = s.ulp ? LessonText::exact(*s.ulp) : QStringLiteral("?");
    const QString half = s.threshold ? LessonText::exact(*s.threshold) : QStringLiteral("?");
    const QString increment = run.mode() == AccumulationMode::Kahan ? tr("the corrected increment %1").arg(addend)
                                                                    : tr("the increment %1").arg(addend);
    QString why;
    switch (s.reason) {
    case StallReason::IncrementIsZero:
        why = tr("what is added is 0 in %1").arg(QString::fromStdString(s.format.name()));
        break;
    case StallReason::BelowHalfGap:
        why = tr("%1 is below half the gap to the next value (ulp %2, gap %3, threshold %4)")
                  .arg(increment, ulp, gap, half);
        break;
    case StallReason::TieToEven:
        why = tr("%1 is exactly half the gap (%2), and the tie goes to the even value").arg(increment, gap);
        break;
    case StallReason::RoundedBack:
        why = tr("stochastic rounding kept it (%1 against a gap of %2)").arg(increment, gap);
        break;
    case StallReason::Saturated:
        why = tr("it is the largest finite value, and %1 saturates").arg(QString::fromStdString(s.format.name()));
        break;
    case StallReason::NotFinite:
        why = tr("an add leaves inf and NaN as they are");
        break;
    }
    //: A stall in one sentence: the format, what happened, why.
    const QString stalled = tr("%1: %2: %3.").arg(format, head, why);
    // Compensated or stochastic, a stalled step is not the end: say how the sum still moved.
    const std::int64_t steps = run.stepsDone();
    if (forGood || run.effectiveAdds() == 0 || run.effectiveAdds() >= steps)
        return stalled;
    const QString end = LessonText::exactValue(run.format(), run.code());
    const QString moved = LessonText::count(run.effectiveAdds());
    const QString of = LessonText::count(steps);
    return thenSentence(stalled, run.mode() == AccumulationMode::Kahan
                ? tr("The compensation keeps what each add loses and hands it on, so %1 still moved on %2 of %3 "
                     "steps and ends at %4.")
                      .arg(format, moved, of, end)
                : tr("Rounding up now and then, %1 still moved on %2 of %3 steps and ends at %4.").arg(format, moved, of, end));
}

std::vector<AccumulationReadout> AccumulationFigure::readouts(const AccumulationRun& run, const std::vector<Accumulator>& at)
{
    std::vector<AccumulationReadout> out;
    for (const Accumulator& r : at) {
        const Format& f = r.format();
        const std::int64_t step = r.stepsDone();
        AccumulationReadout o;
        o.format = QString::fromStdString(f.name());
        o.colour = formatColour(f.name());
        o.bits = QString::fromStdString(hexCode(f, r.code()));
        o.value = LessonText::exactValue(f, r.code());
        const ExactValue v = ExactValue::fromCode(f, r.code());
        if (v.isFinite()) {
            const mpq_class diff = v.value() - exactSumAt(run.setup(), step);
            o.error = diff == 0 ? QStringLiteral("0") : LessonText::approx(diff, 4);
        } else {
            o.error = QStringLiteral("—");
        }
        if (const auto master = r.masterCode())
            o.companion = LessonText::exactValue(r.incrementFormat(), *master);
        else if (const auto c = r.compensationCode())
            o.companion = LessonText::exactValue(f, *c);
        // How many of the steps moved the sum, and when the first did, where not every one did.
        o.adds = LessonText::count(r.effectiveAdds());
        if (const auto first = r.firstChange(); first && r.effectiveAdds() < step)
            o.adds = tr("%1 of %2, the first at step %3")
                         .arg(o.adds, LessonText::count(step), LessonText::count(*first));
        o.stall = r.firstStall() ? tr("step %1").arg(LessonText::count(r.firstStall()->step)) : QStringLiteral("—");
        o.why = stallSentence(r);
        out.push_back(std::move(o));
    }
    return out;
}

}  // namespace floatscope::gui
