#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include <QAbstractTableModel>
#include <QStringList>

#include "core/scaling/Quantization.h"

namespace floatscope::gui {

// The elements of a quantization, one row each, computed (exactly, by core) only for the rows a
// view asks for: a 2^24-element tensor costs nothing until it is scrolled through.
class ElementTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Index, Block, Input, Scaled, Code, ElementValue, Dequantized, AbsError, RelError, Note, ColumnCount };

    explicit ElementTableModel(QObject* parent = nullptr);
    void setQuantization(std::shared_ptr<const Quantization> q);
    void retranslate();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // The texts of one row, as shown.
    QStringList rowTexts(std::size_t element) const;

private:
    struct Row {
        std::size_t element = static_cast<std::size_t>(-1);
        QStringList texts;
        QString exactDequantized;
        bool marked = false;  // flushed, saturated or overflowed
    };
    const Row& row(std::size_t element) const;

    std::shared_ptr<const Quantization> m_q;
    mutable std::vector<Row> m_cache;  // direct-mapped by element index
};

// The blocks and their scales, one row each, also computed on demand.
class BlockTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Index, Where, Amax, ScaleBits, Scale, Saturated, Flushed, Note, ColumnCount };

    explicit BlockTableModel(QObject* parent = nullptr);
    void setQuantization(std::shared_ptr<const Quantization> q);
    void retranslate();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    QStringList rowTexts(std::size_t block) const;

private:
    std::shared_ptr<const Quantization> m_q;
    mutable std::size_t m_cachedBlock = static_cast<std::size_t>(-1);
    mutable QStringList m_cachedTexts;
};

}  // namespace floatscope::gui
