#pragma once

#include <array>

#include <QFrame>

#include "core/format/Format.h"
#include "core/inspect/Inspection.h"

class QLabel;

namespace floatscope::gui {

class BitStrip;

// One format in the inspector: its bit strip and what core says of the value in it. Focus it and
// press Up/Down to step to the next or previous representable value; click a neighbour to jump.
class FormatRow : public QFrame {
    Q_OBJECT

public:
    explicit FormatRow(QWidget* parent = nullptr);

    void display(const Format& format, const Inspection& inspection);
    BitStrip* bitStrip() const { return m_strip; }
    QString hexText() const;
    QString valueText() const;
    QString neighbourText(int direction) const;  // the next (+1) or previous (-1) value as shown
    QString formulaText() const;                 // the value as the formula's terms (plain text)
    QString discardedText() const;               // kept, discarded, guard and sticky; empty when hidden
    bool badgeVisible() const;

signals:
    void stepRequested(int direction);
    void bitFlipRequested(int bit);
    void jumpRequested(std::uint64_t code);
    void copyRequested(const QString& kind);  // "text", "json" or "latex"
    void removeRequested();

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void changeEvent(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    void retranslate();

    Format m_format;
    Inspection m_inspection;
    std::array<QString, 3> m_shown;  // the value, previous and next as shown (told apart)
    QLabel* m_name = nullptr;
    QLabel* m_badge = nullptr;
    BitStrip* m_strip = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_formula = nullptr;
    QLabel* m_discarded = nullptr;
    QLabel* m_details = nullptr;
    QLabel* m_neighbours = nullptr;
};

}  // namespace floatscope::gui
