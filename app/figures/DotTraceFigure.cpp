#include "app/figures/DotTraceFigure.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <variant>

#include <QFontMetricsF>
#include <QPainter>

#include "app/figures/FigureParagraphs.h"
#include "app/figures/LessonOpening.h"
#include "app/style/Palette.h"
#include "app/text/HardwareText.h"
#include "app/text/LessonText.h"
#include "app/text/OperatorsText.h"
#include "app/text/StdString.h"
#include "core/dot/AccumulatorSpec.h"
#include "core/dot/Operands.h"
#include "core/exact/ExactValue.h"
#include "core/inspect/Inspection.h"

namespace floatscope::gui {

namespace {

constexpr int kMaxPlaces = 56;  // places drawn at most; digits further down are counted, not drawn
// In body heights: the smallest cell of a place, and the room between the names and the grid
// plus between the grid and the values.
constexpr double kLeastCell = 0.95;
constexpr double kGridGap = 2.0;

mpq_class rational(const Dyadic& d) { return ExactValue::fromDyadic(d).value(); }

// A dyadic rational's digits: |value| = magnitude * 2^exponent.
struct Digits {
    mpz_class magnitude;
    std::int64_t exponent = 0;
    bool negative = false;

    explicit Digits(const mpq_class& value)
    {
        magnitude = abs(value.get_num());
        negative = value < 0;
        // The denominator of a dyadic rational is 2^k.
        exponent = -static_cast<std::int64_t>(mpz_sizeinbase(value.get_den_mpz_t(), 2) - 1);
    }
    bool zero() const { return magnitude == 0; }
    std::int64_t top() const { return exponent + static_cast<std::int64_t>(mpz_sizeinbase(magnitude.get_mpz_t(), 2)) - 1; }
    std::int64_t lowest() const { return exponent + static_cast<std::int64_t>(mpz_scan1(magnitude.get_mpz_t(), 0)); }
    int digit(std::int64_t place) const
    {
        return place < exponent ? 0 : mpz_tstbit(magnitude.get_mpz_t(), static_cast<mp_bitcnt_t>(place - exponent));
    }
};

// p₁ ... p₃₂: product i (0-based) as the lesson names it.
QString productName(std::size_t index)
{
    static const QString kSubscripts = QStringLiteral("₀₁₂₃₄₅₆₇₈₉");
    QString out = QStringLiteral("p");
    for (const QChar c : QString::number(index + 1))
        out += kSubscripts[c.digitValue()];
    return out;
}

QString productRange(std::size_t first, std::size_t count)
{
    if (count <= 1)
        return productName(first);
    return QStringLiteral("%1 … %2").arg(productName(first), productName(first + count - 1));
}

// The format a step rounds to, and its fraction bits.
struct StepTarget {
    Format format = namedFormat("fp32");
    int fractionBits = 23;
};

StepTarget targetOf(const dot::Accumulator& a, dot::TraceStep::Kind kind)
{
    if (kind == dot::TraceStep::Kind::Promote)
        return {};
    if (const auto* ieee = std::get_if<dot::IeeeAccumulator>(&a.model))
        return {ieee->format, ieee->format.mantissaBits()};
    if (const auto* fused = std::get_if<dot::FusedAdder>(&a.model))
        return {fused->output, fused->resultFractionBits};
    return {};
}

// The lowest place a value rounded to the target keeps: P places below its leading digit, but not
// below the target's smallest subnormal's.
std::int64_t keptPlace(const mpq_class& value, const StepTarget& t)
{
    const std::int64_t floor = std::int64_t{t.format.minExponent()} - t.fractionBits;
    if (value == 0)
        return floor;
    return std::max(Digits(value).top() - t.fractionBits, floor);
}

QString describeRounding(const dot::Accumulator& a, dot::TraceStep::Kind kind)
{
    if (kind == dot::TraceStep::Kind::Promote || std::holds_alternative<dot::Vdpbf16ps>(a.model))
        return text::roundingText(RoundingMode::NearestEven);
    if (const auto* ieee = std::get_if<dot::IeeeAccumulator>(&a.model))
        return text::roundingText(ieee->rounding);
    return text::roundingText(std::get<dot::FusedAdder>(a.model).resultRounding);
}

}  // namespace

DotTraceData DotTraceData::compute(const Format& inputs, const dot::Accumulator& accumulator, std::vector<std::uint32_t> a,
                                   std::vector<std::uint32_t> b, QString source, std::size_t step)
{
    DotTraceData d;
    d.inputs = inputs;
    d.accumulator = accumulator;
    d.a = std::move(a);
    d.b = std::move(b);
    d.source = std::move(source);
    const auto outcome = dot::innerProduct(dot::DotInputs{inputs, d.a, d.b, 0}, accumulator, {}, &d.trace, 4 * kMaxCount);
    d.result = std::get<dot::DotResult>(*outcome);
    d.step = std::min(step, d.trace.steps.size());
    return d;
}

QString DotTraceFigure::generatedSource(std::size_t count, dot::Distribution distribution, std::uint64_t seed)
{
    return tr("%1 generated pairs (%2, seed %3)").arg(count).arg(text::distributionText(distribution)).arg(seed);
}

QString DotTraceFigure::pastedSource(std::size_t count)
{
    return tr("%1 typed pairs").arg(count);
}

QString DotTraceFigure::title() const
{
    return tr("One inner product opened up: %1 %2 products through %3")
        .arg(m_data.a.size())
        .arg(qs(m_data.inputs.name()), text::accumulatorName(m_data.accumulator));
}

QString DotTraceFigure::subtitle() const
{
    return tr("%1; %2. Digits on one grid of binary places; hatched: thrown away.")
        .arg(text::accumulatorDescription(m_data.accumulator), m_data.source);
}

FigureTable DotTraceFigure::stepsTable(const DotTraceData& d)
{
    FigureTable t;
    t.header = {tr("step"), tr("products"), tr("what happens"), tr("exact"), tr("stored"), tr("thrown away")};
    for (std::size_t i = 0; i < d.trace.steps.size(); ++i) {
        const dot::TraceStep& s = d.trace.steps[i];
        const StepTarget target = targetOf(d.accumulator, s.kind);
        QString what;
        switch (s.kind) {
        case dot::TraceStep::Kind::Add:
            what = tr("add, round to %1").arg(qs(target.format.name()));
            break;
        case dot::TraceStep::Kind::Block:
            what = tr("align, truncate, round to %1 bits").arg(target.fractionBits + 1);
            break;
        case dot::TraceStep::Kind::Promote: what = tr("into the fp32 total"); break;
        }
        const mpq_class stored = rational(s.result);
        // An add of one product names it (VDPBF16PS adds a pair's odd element first); the others
        // the products their result covers.
        const auto* ieee = std::get_if<dot::IeeeAccumulator>(&d.accumulator.model);
        const bool tree = ieee != nullptr && ieee->order == dot::SumOrder::Pairwise;
        const QString covers = s.kind == dot::TraceStep::Kind::Add && s.term != dot::kNoIndex && !tree
                                   ? QStringLiteral("+ ") + productName(s.term)
                                   : productRange(s.first, s.count);
        t.rows.push_back({QString::number(i + 1), covers, what, LessonText::brief(s.exact),
                          LessonText::brief(stored), LessonText::brief(mpq_class(s.exact - stored))});
        t.boldRows.push_back(i + 1 == d.step);
    }
    return t;
}

std::vector<BitRow> DotTraceFigure::bitRows(const DotTraceData& d)
{
    std::vector<BitRow> rows;
    const QColor product = QColor(0x0072B2);
    if (d.step == 0 || d.trace.steps.empty()) {
        for (std::size_t i = 0; i < d.a.size(); ++i) {
            const mpq_class p = ExactValue::fromCode(d.inputs, d.a[i]).value() * ExactValue::fromCode(d.inputs, d.b[i]).value();
            rows.push_back({tr("%1 = a × b").arg(productName(i)), p, std::nullopt, product, false,
                            tr("%1 = %2 × %3 = %4")
                                .arg(productName(i), LessonText::exactValue(d.inputs, d.a[i]),
                                     LessonText::exactValue(d.inputs, d.b[i]), LessonText::brief(p))});
        }
        if (d.result.exact.isFinite())
            rows.push_back({tr("exact sum"), d.result.exact.value(), std::nullopt, QColor(), true, {}});
        return rows;
    }
    const dot::TraceStep& s = d.trace.steps[d.step - 1];
    const StepTarget target = targetOf(d.accumulator, s.kind);
    const QColor accent = QColor(0xD55E00);
    const mpq_class stored = rational(s.result);
    switch (s.kind) {
    case dot::TraceStep::Kind::Block: {
        const int w = std::get<dot::FusedAdder>(d.accumulator.model).alignedFractionBits;
        const std::int64_t scale = s.alignExponent - w;
        for (const dot::AlignedTerm& term : s.terms) {
            const QString name = term.index == dot::kNoIndex ? tr("c (carried in)") : productName(term.index);
            rows.push_back({name, rational(term.value), scale, term.index == dot::kNoIndex ? accent : product, false,
                            tr("%1 = %2: kept %3, thrown away %4")
                                .arg(name, LessonText::brief(term.value), LessonText::brief(term.kept),
                                     LessonText::brief(term.dropped))});
        }
        const mpq_class aligned = rational(s.alignedSum);
        rows.push_back({tr("aligned sum"), aligned, keptPlace(aligned, target), QColor(), false,
                        tr("The kept digits added exactly: %1").arg(LessonText::brief(aligned))});
        break;
    }
    case dot::TraceStep::Kind::Add:
    case dot::TraceStep::Kind::Promote: {
        const bool promote = s.kind == dot::TraceStep::Kind::Promote;
        QString left = promote ? tr("fp32 total") : tr("sum so far");
        QString right = !promote && s.term != dot::kNoIndex ? productName(s.term) : tr("partial sum");
        if (const auto* ieee = std::get_if<dot::IeeeAccumulator>(&d.accumulator.model);
            !promote && ieee != nullptr && ieee->order == dot::SumOrder::Pairwise && s.count >= 2) {
            left = productRange(s.first, s.count / 2);  // a node of the tree: its two halves
            right = productRange(s.first + s.count / 2, s.count - s.count / 2);
        }
        rows.push_back({left, rational(s.left), std::nullopt, accent, false, LessonText::brief(s.left)});
        rows.push_back({right, rational(s.right), std::nullopt, product, false, LessonText::brief(s.right)});
        rows.push_back({tr("exact sum"), s.exact, keptPlace(s.exact, target), QColor(), false,
                        tr("Rounded to %1 (%2): digits below the line are rounded away")
                            .arg(qs(target.format.name()), describeRounding(d.accumulator, s.kind))});
        break;
    }
    }
    rows.push_back({tr("stored"), stored, std::nullopt, QColor(), true, LessonText::brief(stored)});
    if (s.kind == dot::TraceStep::Kind::Block)
        rows.push_back({tr("exact sum"), s.exact, std::nullopt, QColor(), false,
                        tr("The block's terms added exactly: %1").arg(LessonText::brief(s.exact))});
    return rows;
}

QString DotTraceFigure::stepSentence(const DotTraceData& d)
{
    if (d.step == 0 || d.trace.steps.empty())
        return tr("The %1 products, each exact; their exact sum is %2. Step through to see the model add them.")
            .arg(d.a.size())
            .arg(LessonText::brief(d.result.exact));
    const dot::TraceStep& s = d.trace.steps[d.step - 1];
    const StepTarget target = targetOf(d.accumulator, s.kind);
    const QString of = tr("Step %1 of %2").arg(d.step).arg(d.trace.steps.size());
    const mpq_class lost = s.exact - rational(s.result);
    const QString away = lost == 0 ? tr("nothing is lost") : tr("%1 is lost").arg(LessonText::brief(lost));
    switch (s.kind) {
    case dot::TraceStep::Kind::Block: {
        const auto& fused = std::get<dot::FusedAdder>(d.accumulator.model);
        const bool carried = std::any_of(s.terms.begin(), s.terms.end(),
                                         [](const dot::AlignedTerm& t) { return t.index == dot::kNoIndex; });
        const QString terms = carried ? tr("%1 and the carried-in c").arg(productRange(s.first, s.count))
                                      : productRange(s.first, s.count);
        return tr("%1: %2 aligned to the largest exponent, %3; %4 bits kept below it and the rest cut off; their sum "
                  "normalised and rounded (%5) to %6 bits: %7.")
            .arg(of, terms, LessonText::powerOfTwo(s.alignExponent))
            .arg(fused.alignedFractionBits)
            .arg(describeRounding(d.accumulator, s.kind))
            .arg(target.fractionBits + 1)
            .arg(away);
    }
    case dot::TraceStep::Kind::Add:
        return tr("%1: the exact sum rounded once to %2 (%3): %4.")
            .arg(of, qs(target.format.name()), describeRounding(d.accumulator, s.kind), away);
    case dot::TraceStep::Kind::Promote:
        return tr("%1: the partial sum of %2 added into the fp32 total, rounded to nearest-even: %3.")
            .arg(of, productRange(0, s.count), away);
    }
    return {};
}

QString DotTraceFigure::resultSentence(const DotTraceData& d)
{
    const auto relative = dot::relativeError(d.result.value(), d.result.exact);
    return tr("Result: %1 (bits %2). Exact: %3. Relative error: %4.")
        .arg(LessonText::exactValue(d.result.format, d.result.code),
             qs(hexCode(d.result.format, d.result.code)), LessonText::brief(d.result.exact),
             relative ? (*relative == 0 ? tr("0 (exact)") : LessonText::approx(*relative, 3)) : QStringLiteral("—"));
}

DotTraceFigure::Columns DotTraceFigure::columns(const std::vector<BitRow>& rows, const FigureStyle& style)
{
    // Every row's digits and cuts, from the highest place down; the names and values whole.
    Columns c;
    const double body = style.bodyPoints();
    const QFontMetricsF bold(style.font(0, true));
    const QFontMetricsF value(style.font(body * 0.85));
    std::int64_t top = std::numeric_limits<std::int64_t>::min();
    std::int64_t low = std::numeric_limits<std::int64_t>::max();
    for (const BitRow& r : rows) {
        c.labelWidth = std::max(c.labelWidth, bold.horizontalAdvance(r.label));
        c.valueWidth = std::max(c.valueWidth, value.horizontalAdvance(LessonText::brief(r.value)));
        if (r.cut)
            low = std::min(low, *r.cut - 2);
        if (r.value == 0)
            continue;
        const Digits digits(r.value);
        top = std::max(top, digits.top());
        low = std::min(low, digits.lowest());
    }
    if (top == std::numeric_limits<std::int64_t>::min()) {
        top = 0;
        low = std::min<std::int64_t>(low, -8);
    }
    c.labelWidth += body;
    c.valueWidth += body;
    c.top = top;
    c.low = low;
    return c;
}

double DotTraceFigure::minimumWidth(const FigureStyle& style) const
{
    // An export keeps the steps table, the rows' names and values whole, and every place of the
    // grid (up to kMaxPlaces) at the smallest cell; a panel narrower than this shows fewer places.
    const double body = style.bodyPoints();
    const Columns c = columns(bitRows(m_data), style);
    const double places = static_cast<double>(std::min<std::int64_t>(kMaxPlaces, c.top - c.low + 1));
    const double grid = c.labelWidth + body * kGridGap + places * body * kLeastCell + c.valueWidth;
    return std::max(opening().minimumWidth(style), grid + 2 * body * kLessonMargin + 2);
}

LessonOpening DotTraceFigure::opening() const
{
    return {title(), subtitle(), stepsTable(m_data), stepSentence(m_data)};
}

DotTraceFigure::Layout DotTraceFigure::layout(double width, const FigureStyle& style) const
{
    Layout l;
    const double body = style.bodyPoints();
    l.opening = opening().layout(width, style);
    const double text = l.opening.textWidth;

    // The grid: as many places as fit between the names and the values, from the highest down.
    const std::vector<BitRow> rows = bitRows(m_data);
    const Columns c = columns(rows, style);
    l.labelWidth = c.labelWidth;
    const double available = std::max(body * 10, text - c.labelWidth - body * kGridGap - c.valueWidth);
    const auto places = static_cast<std::int64_t>(std::min<double>(kMaxPlaces, std::floor(available / (body * kLeastCell))));
    Grid& g = l.grid;
    g.top = c.top;
    g.bottom = std::max(c.low, c.top - places + 1);
    g.hidden = c.low < g.bottom ? g.bottom - c.low : 0;
    // Square cells, smaller where there are many rows (sixteen products), so a page holds them at a
    // readable size.
    const double largest = body * std::clamp(19.0 / static_cast<double>(std::max<std::size_t>(rows.size(), 1)), 1.2, 1.9);
    g.cell = std::min(largest, available / static_cast<double>(g.top - g.bottom + 1));
    g.left = l.opening.margin + l.labelWidth + body * 1.2;
    l.rowHeight = g.cell * 1.25;
    l.rowsTop = l.opening.below + QFontMetricsF(style.font(body * 0.75)).height() * 1.3;
    const QString hidden = hiddenSentence(g);
    l.resultTop = l.rowsTop + l.rowHeight * static_cast<double>(rows.size()) + body * 0.5
                + (hidden.isEmpty() ? 0.0 : wrappedHeight(hidden, text, style.font())) + body * 0.3;
    l.height = l.resultTop + paragraphsHeight({resultSentence(m_data)}, text, style) + l.opening.margin * 0.6;
    return l;
}

QString DotTraceFigure::hiddenSentence(const Grid& g)
{
    if (g.hidden == 0)
        return {};
    return tr("Digits below %1 (%2 more places) are not drawn.").arg(LessonText::powerOfTwo(g.bottom)).arg(g.hidden);
}

double DotTraceFigure::heightForWidth(double width, const FigureStyle& style) const
{
    return layout(width, style).height;
}

void DotTraceFigure::paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const
{
    const Layout l = layout(size.width(), style);
    const double body = style.bodyPoints();
    const double width = l.opening.textWidth;
    const Grid& g = l.grid;
    painter.save();
    opening().paint(painter, l.opening, style);

    // 1. The places' labels every fourth place, and the binary point.
    const auto columnX = [&](std::int64_t place) { return g.left + static_cast<double>(g.top - place) * g.cell; };
    const QFont tiny = style.font(body * 0.75);
    const QFontMetricsF tinyMetrics(tiny);
    painter.setFont(tiny);
    painter.setPen(style.muted());
    for (std::int64_t place = g.top; place >= g.bottom; --place)
        if (place % 4 == 0) {
            const QString label = LessonText::powerOfTwo(place);
            const double w = tinyMetrics.horizontalAdvance(label);
            painter.drawText(QRectF(columnX(place) + g.cell / 2 - w / 2, l.opening.below, w + 2, tinyMetrics.height()), label);
        }
    const std::vector<BitRow> rows = bitRows(m_data);
    const double rowsBottom = l.rowsTop + l.rowHeight * static_cast<double>(rows.size());
    if (g.top >= 0 && g.bottom < 0) {
        painter.setPen(QPen(style.muted(), 1.5));
        const double x = columnX(-1);
        painter.drawLine(QPointF(x, l.rowsTop - 2), QPointF(x, rowsBottom));
    }

    // 2. The rows: name, sign, digits (kept, or thrown away below the row's cut), the cut, the value.
    const QFont digitFont = style.monoFont(std::min(body * 0.9, g.cell * 0.62 / 0.75 * 0.75));
    const QColor away = style.theme == Theme::Dark ? QColor(0x55, 0x55, 0x55) : QColor(0xCC, 0xCC, 0xCC);
    const QColor cutColour = readableOn(QColor(0xD55E00), style.background(), 3.0);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const BitRow& row = rows[r];
        const double y = l.rowsTop + l.rowHeight * static_cast<double>(r);
        const double cellTop = y + (l.rowHeight - g.cell) / 2;
        const QColor colour = row.colour.isValid() ? readableOn(row.colour, style.background(), 4.5) : style.foreground();
        painter.setFont(style.font(0, row.bold));
        painter.setPen(colour);
        painter.drawText(QRectF(l.opening.margin, y, l.labelWidth, l.rowHeight), Qt::AlignLeft | Qt::AlignVCenter, row.label);
        if (row.value == 0) {
            painter.setFont(digitFont);
            painter.drawText(QRectF(g.left, cellTop, g.cell * 4, g.cell), Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("0"));
        } else {
            const Digits digits(row.value);
            if (digits.negative) {
                painter.setFont(style.font(0, true));
                painter.drawText(QRectF(columnX(digits.top()) - body * 1.1, cellTop, body, g.cell), Qt::AlignRight | Qt::AlignVCenter,
                                 QStringLiteral("−"));
            }
            painter.setFont(digitFont);
            const std::int64_t from = std::min(digits.top(), g.top);
            const std::int64_t to = std::max(digits.lowest(), g.bottom);
            for (std::int64_t place = from; place >= to; --place) {
                const QRectF cell(columnX(place) + 0.5, cellTop, g.cell - 1, g.cell);
                const bool thrown = row.cut && place < *row.cut;
                const int digit = digits.digit(place);
                if (thrown) {
                    // Thrown away: hatched grey, whatever the digit.
                    painter.fillRect(cell, away);
                    painter.fillRect(cell, QBrush(style.muted(), Qt::BDiagPattern));
                } else if (digit == 1 && row.colour.isValid()) {
                    QColor fill = colour;
                    fill.setAlphaF(0.22);
                    painter.fillRect(cell, fill);
                }
                painter.setPen(thrown ? style.muted() : colour);
                painter.drawText(cell, Qt::AlignCenter, QString::number(digit));
            }
        }
        if (row.cut && *row.cut <= g.top && *row.cut > g.bottom) {
            const double x = columnX(*row.cut - 1);
            painter.setPen(QPen(cutColour, style.lineWidth()));
            painter.drawLine(QPointF(x, y + 1), QPointF(x, y + l.rowHeight - 1));
        }
        painter.setFont(style.font(body * 0.85));
        painter.setPen(style.muted());
        painter.drawText(QRectF(columnX(g.bottom - 1) + body * 0.8, y, size.width() - columnX(g.bottom - 1) - body * 0.8 - l.opening.margin,
                                l.rowHeight),
                         Qt::AlignLeft | Qt::AlignVCenter, LessonText::brief(row.value));
    }
    painter.setFont(style.font());
    painter.setPen(style.muted());
    if (const QString hidden = hiddenSentence(g); !hidden.isEmpty())
        painter.drawText(QRectF(l.opening.margin, rowsBottom + body * 0.3, width, l.resultTop - rowsBottom),
                         Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, hidden);
    paintParagraphs(painter, {resultSentence(m_data)}, QPointF(l.opening.margin, l.resultTop), width, style);
    painter.restore();
}

QString DotTraceFigure::toolTipAt(const QPointF& point, const QSizeF& size, const FigureStyle& style) const
{
    const Layout l = layout(size.width(), style);
    const std::vector<BitRow> rows = bitRows(m_data);
    if (point.y() >= l.rowsTop && point.y() < l.rowsTop + l.rowHeight * static_cast<double>(rows.size())) {
        const BitRow& row = rows[static_cast<std::size_t>((point.y() - l.rowsTop) / l.rowHeight)];
        return row.toolTip.isEmpty() ? LessonText::brief(row.value) : row.toolTip;
    }
    if (const auto step = opening().tableRowAt(point.y(), l.opening, style)) {
        DotTraceData other = m_data;
        other.step = *step + 1;
        return stepSentence(other);
    }
    return {};
}

}  // namespace floatscope::gui
