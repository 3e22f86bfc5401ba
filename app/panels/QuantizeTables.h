#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include <QAbstractTableModel>
#include <QStringList>

#include "core/scaling/Quantization.h"

namespace floatscope::gui {

// A table of one quantization whose rows are computed on demand and cached: a new quantization, or
// the interface's new language, drops the cache and resets the views.
class QuantizationTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    void setQuantization(std::shared_ptr<const Quantization> q);
    void retranslate();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;

protected:
    QuantizationTableModel(int columns, QObject* parent) : QAbstractTableModel(parent), m_columns(columns) {}
    // Its rows in `q`: elements, or blocks.
    virtual std::size_t rows(const Quantization& q) const = 0;
    virtual void dropCache() = 0;

    std::shared_ptr<const Quantization> m_q;

private:
    int m_columns;
};

// The elements of a quantization, one row each, computed (exactly, by core) only for the rows a
// view asks for: a 2^24-element tensor costs nothing until it is scrolled through.
class ElementTableModel : public QuantizationTableModel {
    Q_OBJECT

public:
    enum Column { Index, Block, Input, Scaled, Code, ElementValue, Dequantized, AbsError, RelError, Note, ColumnCount };

    explicit ElementTableModel(QObject* parent = nullptr);

    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // The texts of one row, as shown.
    QStringList rowTexts(std::size_t element) const;

protected:
    std::size_t rows(const Quantization& q) const override { return q.tensor().size(); }
    void dropCache() override;

private:
    struct Row {
        std::size_t element = static_cast<std::size_t>(-1);
        QStringList texts;
        QString exactDequantized;
        bool marked = false;  // flushed, saturated or overflowed
    };
    const Row& row(std::size_t element) const;

    mutable std::vector<Row> m_cache;  // direct-mapped by element index
};

// The blocks and their scales, one row each, also computed on demand.
class BlockTableModel : public QuantizationTableModel {
    Q_OBJECT

public:
    enum Column { Index, Where, Amax, ScaleBits, Scale, Saturated, Flushed, Note, ColumnCount };

    explicit BlockTableModel(QObject* parent = nullptr);

    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    QStringList rowTexts(std::size_t block) const;

protected:
    std::size_t rows(const Quantization& q) const override { return q.blockCount(); }
    void dropCache() override;

private:
    mutable std::size_t m_cachedBlock = static_cast<std::size_t>(-1);
    mutable QStringList m_cachedTexts;
};

}  // namespace floatscope::gui
