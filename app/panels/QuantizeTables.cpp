#include "app/panels/QuantizeTables.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include "core/exact/DecimalText.h"
#include "app/text/ScalingText.h"
#include "core/inspect/Inspection.h"
#include "app/text/StdString.h"

namespace floatscope::gui {

namespace {

constexpr std::size_t kCacheRows = 256;

QColor markColour() { return QColor(0xD5, 0x5E, 0x00); }  // Okabe-Ito vermillion

}  // namespace

void QuantizationTableModel::setQuantization(std::shared_ptr<const Quantization> q)
{
    beginResetModel();
    m_q = std::move(q);
    dropCache();
    endResetModel();
}

void QuantizationTableModel::retranslate()
{
    beginResetModel();
    dropCache();
    endResetModel();
}

int QuantizationTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_q ? 0 : static_cast<int>(rows(*m_q));
}

int QuantizationTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_columns;
}

ElementTableModel::ElementTableModel(QObject* parent) : QuantizationTableModel(ColumnCount, parent), m_cache(kCacheRows) {}

void ElementTableModel::dropCache()
{
    m_cache.assign(kCacheRows, Row{});
}

const ElementTableModel::Row& ElementTableModel::row(std::size_t element) const
{
    Row& r = m_cache[element % kCacheRows];
    if (r.element == element)
        return r;
    const Quantization& q = *m_q;
    const ElementResult e = q.element(element);
    const bool finite = e.valueClass != ValueClass::Infinite && e.valueClass != ValueClass::NaN;
    QString note;
    if (e.flushed)
        note = tr("flushed to 0");
    else if (e.saturated)
        note = tr("saturated");
    if (!finite)
        note = tr("%1 (overflow, not saturated)").arg(qs(toString(e.valueClass)));
    const QString where = q.tensor().isMatrix() ? QStringLiteral("[%1, %2]").arg(e.row).arg(e.col) : QString::number(e.index);
    r.element = element;
    r.texts = {where,
               QString::number(e.block),
               ScalingText::value(e.input),
               ScalingText::brief(e.scaled),
               qs(hexCode(q.elementFormat(), e.code)),
               finite ? qs(exactDecimal(e.elementValue)) : qs(toString(e.valueClass)),
               finite ? ScalingText::brief(e.dequantized) : QStringLiteral("—"),
               finite ? ScalingText::number(e.absError.get_d(), 5) : tr("inf"),
               e.relError ? ScalingText::percent(e.relError->get_d()) : QStringLiteral("—"),
               note};
    if (finite) {
        const auto digits = terminatingDecimal(e.dequantized, 80);
        r.exactDequantized = digits ? qs(*digits) : qs(approximateDecimal(e.dequantized, 30));
    } else {
        r.exactDequantized.clear();
    }
    r.marked = e.flushed || e.saturated || !finite;
    return r;
}

QStringList ElementTableModel::rowTexts(std::size_t element) const
{
    if (!m_q || element >= m_q->tensor().size())
        return {};
    return row(element).texts;
}

QVariant ElementTableModel::data(const QModelIndex& index, int role) const
{
    if (!m_q || !index.isValid())
        return {};
    const Row& r = row(static_cast<std::size_t>(index.row()));
    switch (role) {
    case Qt::DisplayRole: return r.texts.value(index.column());
    case Qt::ToolTipRole:
        if (index.column() == Dequantized)
            return tr("exactly %1").arg(r.exactDequantized);
        return {};
    case Qt::ForegroundRole:
        if (r.marked && (index.column() == Note || index.column() == Dequantized || index.column() == RelError))
            return QBrush(markColour());
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == Code || index.column() == Note ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                                : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default: return {};
    }
}

QVariant ElementTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Index: return tr("element");
    case Block: return tr("block");
    case Input: return tr("x");
    case Scaled: return tr("x / scale");
    case Code: return tr("code");
    case ElementValue: return tr("element value");
    case Dequantized: return tr("dequantized");
    case AbsError: return tr("abs. error");
    case RelError: return tr("rel. error");
    case Note: return tr("note");
    default: return {};
    }
}

BlockTableModel::BlockTableModel(QObject* parent) : QuantizationTableModel(ColumnCount, parent) {}

void BlockTableModel::dropCache()
{
    m_cachedBlock = static_cast<std::size_t>(-1);
}

QStringList BlockTableModel::rowTexts(std::size_t block) const
{
    if (!m_q || block >= m_q->blockCount())
        return {};
    if (block == m_cachedBlock)
        return m_cachedTexts;
    const Quantization& q = *m_q;
    const BlockResult b = q.block(block);
    QStringList notes;
    if (b.allZero)
        notes << tr("all zero: scale 1");
    if (b.partial)
        notes << tr("partial (cut by the edge)");
    if (b.scaleClamped)
        notes << tr("scale clamped to E8M0's range");
    if (b.scaleIsZero)
        notes << tr("E4M3 scale rounded to 0: block flushed");
    const QString cols = QStringLiteral("%1–%2").arg(b.col).arg(b.col + b.cols - 1);
    const QString where =
        q.tensor().isMatrix() ? QStringLiteral("%1–%2 × %3").arg(b.row).arg(b.row + b.rows - 1).arg(cols) : cols;
    const QString bits = b.scaleCode ? QStringLiteral("%1 (%2)").arg(qs(hexCode(*q.scaleFormat(), *b.scaleCode)),
                                                                     qs(q.scaleFormat()->name()))
                                     : tr("exact (no format)");
    m_cachedBlock = block;
    m_cachedTexts = {QString::number(block),
                     where,
                     ScalingText::value(b.amax),
                     bits,
                     ScalingText::brief(b.scaleIsZero ? mpq_class(0) : b.scale.exact(), 18),
                     QString::number(b.saturated),
                     QString::number(b.flushed),
                     notes.join(QStringLiteral("; "))};
    return m_cachedTexts;
}

QVariant BlockTableModel::data(const QModelIndex& index, int role) const
{
    if (!m_q || !index.isValid())
        return {};
    if (role == Qt::DisplayRole)
        return rowTexts(static_cast<std::size_t>(index.row())).value(index.column());
    if (role == Qt::ToolTipRole && index.column() == Scale) {
        const BlockResult b = m_q->block(static_cast<std::size_t>(index.row()));
        const mpq_class scale = b.scaleIsZero ? mpq_class(0) : b.scale.exact();
        const auto digits = terminatingDecimal(scale, 80);
        return tr("exactly %1 = %2").arg(digits ? qs(*digits) : qs(approximateDecimal(scale, 30)), qs(scale.get_str()));
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() == Where || index.column() == ScaleBits || index.column() == Note
                   ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                   : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant BlockTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Index: return tr("block");
    case Where: return tr("elements");
    case Amax: return tr("amax");
    case ScaleBits: return tr("scale bits");
    case Scale: return tr("scale");
    case Saturated: return tr("saturated");
    case Flushed: return tr("flushed");
    case Note: return tr("note");
    default: return {};
    }
}

}  // namespace floatscope::gui
