#include "app/figures/LogitsEpsilonFigure.h"

#include <cmath>

#include <QFontMetricsF>
#include <QPainter>

#include "app/text/LessonInput.h"
#include "app/text/LessonText.h"
#include "core/inspect/Inspection.h"
#include "app/style/Palette.h"

namespace floatscope::gui {

namespace {

QString probability(double p)
{
    return std::isfinite(p) ? LessonText::approx(p, 4) : QStringLiteral("—");
}

QString exactOrShort(const mpq_class& v)
{
    return LessonText::brief(v);
}

}  // namespace

LogitsEpsilonData LogitsEpsilonData::compute(std::vector<Format> formats, std::vector<ExactValue> logits,
                                             std::size_t numerator, std::size_t denominator, const ExactValue& eps)
{
    LogitsEpsilonData d;
    d.formats = std::move(formats);
    d.logits = std::move(logits);
    d.numerator = numerator;
    d.denominator = denominator;
    d.eps = eps;
    for (const Format& f : d.formats) {
        d.stored.push_back(storeLogits(f, d.logits));
        d.ratios.push_back(probabilityRatio(d.stored.back(), numerator, denominator));
        d.constants.push_back(storeConstant(f, eps));
    }
    return d;
}

QString LogitsEpsilonFigure::title() const
{
    return tr("Logits and eps, stored in each format");
}

QString LogitsEpsilonFigure::className(ValueClass c)
{
    switch (c) {
    case ValueClass::Zero: return tr("zero");
    case ValueClass::Subnormal: return tr("subnormal");
    case ValueClass::Normal: return tr("normal");
    case ValueClass::Infinite: return tr("infinite");
    case ValueClass::NaN: return tr("NaN");
    }
    return {};
}

FigureTable LogitsEpsilonFigure::logitsTable(const LogitsEpsilonData& d)
{
    FigureTable t;
    t.header = {tr("logit"), tr("softmax p")};
    for (const Format& f : d.formats) {
        const QString name = QString::fromStdString(f.name());
        t.header << tr("%1 stores").arg(name) << tr("p from %1").arg(name);
    }
    for (std::size_t i = 0; i < d.logits.size(); ++i) {
        QStringList row = {LessonText::brief(d.logits[i]),
                           probability(d.stored.empty() ? NAN : d.stored.front().probabilities[i])};
        for (std::size_t k = 0; k < d.stored.size(); ++k) {
            const StoredLogits& s = d.stored[k];
            row << QStringLiteral("%1 (%2)").arg(LessonText::brief(ExactValue::fromCode(d.formats[k], s.codes[i])),
                                                 QString::fromStdString(hexCode(d.formats[k], s.codes[i])));
            row << (s.storedProbabilities.empty() ? QStringLiteral("—") : probability(s.storedProbabilities[i]));
        }
        t.rows.push_back(row);
        t.boldRows.push_back(i == d.numerator || i == d.denominator);
    }
    return t;
}

QStringList LogitsEpsilonFigure::ratioLines(const LogitsEpsilonData& d)
{
    QStringList lines;
    if (d.stored.empty() || d.numerator >= d.logits.size() || d.denominator >= d.logits.size())
        return lines;
    const ProbabilityRatio& first = d.ratios.front();
    lines << tr("p(%1) / p(%2) = e^(%1 − %2) = e^%3 ≈ %4 with the exact logits.")
                 .arg(LessonText::brief(d.logits[d.numerator]), LessonText::brief(d.logits[d.denominator]),
                      exactOrShort(first.trueDifference), LessonText::approx(first.trueRatio, 4));
    for (std::size_t k = 0; k < d.formats.size(); ++k) {
        const StoredLogits& s = d.stored[k];
        const ProbabilityRatio& r = d.ratios[k];
        const QString name = QString::fromStdString(d.formats[k].name());
        if (!s.allFinite) {
            lines << tr("%1: a logit overflows, so softmax is undefined.").arg(name);
            continue;
        }
        lines << tr("%1 stores %2 and %3: e^%4 ≈ %5, %6 × the true ratio (%7 distinct logits of %8).")
                     .arg(name, exactOrShort(s.stored[d.numerator]), exactOrShort(s.stored[d.denominator]),
                          exactOrShort(r.storedDifference), LessonText::approx(r.storedRatio, 4),
                          LessonText::approx(r.factor, 4))
                     .arg(s.distinctStored)
                     .arg(s.distinctInputs);
    }
    return lines;
}

FigureTable LogitsEpsilonFigure::epsilonTable(const LogitsEpsilonData& d)
{
    FigureTable t;
    t.header = {tr("format"), tr("bits"), tr("stored value"), tr("class"), tr("significant bits"), tr("relative error")};
    for (std::size_t k = 0; k < d.formats.size(); ++k) {
        const StoredConstant& c = d.constants[k];
        const Format& f = d.formats[k];
        t.rows.push_back({QString::fromStdString(f.name()), QString::fromStdString(hexCode(f, c.code)),
                          LessonText::exactValue(f, c.code), className(c.valueClass),
                          tr("%1 of %2").arg(c.significantBits).arg(c.formatPrecision),
                          c.relativeError ? LessonText::percent(c.relativeErrorApprox) : QStringLiteral("—")});
        t.rowColours.push_back(formatColour(f.name()));
    }
    return t;
}

double LogitsEpsilonFigure::minimumWidth(const FigureStyle& style) const
{
    return std::max(logitsTable(m_data).naturalWidth(style), epsilonTable(m_data).naturalWidth(style))
         + style.bodyPoints() * 2.4 + 2;
}

double LogitsEpsilonFigure::heightForWidth(double width, const FigureStyle& style) const
{
    const double body = style.bodyPoints();
    const QFontMetricsF metrics(style.font());
    const double margin = body * 1.2;
    double h = margin + QFontMetricsF(style.font(body * 1.2, true)).height() * 1.5;
    h += logitsTable(m_data).height(style) + body * 0.8;
    for (const QString& line : ratioLines(m_data))
        h += metrics.boundingRect(QRectF(0, 0, width - 2 * margin, 10000), Qt::TextWordWrap, line).height() + body * 0.3;
    h += body * 1.2 + QFontMetricsF(style.font(body * 1.2, true)).height() * 1.5;
    h += epsilonTable(m_data).height(style) + margin;
    return h;
}

void LogitsEpsilonFigure::paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const
{
    const double body = style.bodyPoints();
    const double margin = body * 1.2;
    const double width = size.width() - 2 * margin;
    const QFont heading = style.font(body * 1.2, true);
    const double headingHeight = QFontMetricsF(heading).height() * 1.5;
    painter.save();
    double y = margin * 0.6;
    painter.setFont(heading);
    painter.setPen(style.foreground());
    painter.drawText(QRectF(margin, y, width, headingHeight), Qt::AlignLeft | Qt::AlignTop,
                     tr("Logits stored in 16 bits, and what softmax makes of them"));
    y += headingHeight;
    const FigureTable logits = logitsTable(m_data);
    logits.paint(painter, QRectF(margin, y, width, logits.height(style)), style);
    y += logits.height(style) + body * 0.8;
    painter.setFont(style.font());
    const QFontMetricsF metrics(style.font());
    const QStringList lines = ratioLines(m_data);
    for (int i = 0; i < lines.size(); ++i) {
        painter.setPen(i == 0 ? style.foreground()
                              : style.readable(formatColour(m_data.formats[static_cast<std::size_t>(i - 1)].name())));
        const QRectF box(margin, y, width, 10000);
        painter.drawText(box, Qt::TextWordWrap, lines[i]);
        y += metrics.boundingRect(box, Qt::TextWordWrap, lines[i]).height() + body * 0.3;
    }
    y += body * 1.2;
    painter.setFont(heading);
    painter.setPen(style.foreground());
    painter.drawText(QRectF(margin, y, width, headingHeight), Qt::AlignLeft | Qt::AlignTop,
                     tr("eps = %1 stored in each format (RMSNorm's ε)").arg(LessonText::brief(m_data.eps)));
    y += headingHeight;
    const FigureTable eps = epsilonTable(m_data);
    eps.paint(painter, QRectF(margin, y, width, eps.height(style)), style);
    painter.restore();
}

}  // namespace floatscope::gui
