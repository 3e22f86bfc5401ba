#include "app/panels/FormatChecklist.h"

#include <algorithm>

#include <QPainter>
#include <QPixmap>
#include <QResizeEvent>
#include <QStyle>

#include "core/format/Registry.h"
#include "app/style/Palette.h"

namespace floatscope::gui {

namespace {

QIcon swatch(const std::string& name)
{
    QPixmap pixmap(12, 12);
    pixmap.fill(formatColour(name));
    return QIcon(pixmap);
}

}  // namespace

FormatChecklist::FormatChecklist(const std::vector<std::string>& checked, QWidget* parent) : QListWidget(parent)
{
    setFlow(QListView::LeftToRight);
    setWrapping(true);
    setResizeMode(QListView::Adjust);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    int widest = 0;
    for (const Format& f : namedFormats()) {
        auto* item = new QListWidgetItem(swatch(f.name()), QString::fromStdString(f.name()), this);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
        widest = std::max(widest, fontMetrics().horizontalAdvance(item->text()));
    }
    // Room for the check box, the swatch and the longest name (e4m3fnuz), so that none is elided.
    setTextElideMode(Qt::ElideNone);
    setGridSize(QSize(widest + style()->pixelMetric(QStyle::PM_IndicatorWidth) + 44, fontMetrics().height() + 10));
    for (int i = 0; i < count(); ++i)
        item(i)->setSizeHint(gridSize());
    setChecked(checked);
    connect(this, &QListWidget::itemChanged, this, &FormatChecklist::checkedChanged);
    fitHeight();
}

std::vector<Format> FormatChecklist::checkedFormats() const
{
    std::vector<Format> out;
    for (int i = 0; i < count(); ++i)
        if (item(i)->checkState() == Qt::Checked)
            out.push_back(namedFormat(item(i)->text().toStdString()));
    return out;
}

void FormatChecklist::setChecked(const std::vector<std::string>& names)
{
    const QSignalBlocker blocker(this);
    for (int i = 0; i < count(); ++i) {
        const std::string name = item(i)->text().toStdString();
        item(i)->setCheckState(std::find(names.begin(), names.end(), name) != names.end() ? Qt::Checked : Qt::Unchecked);
    }
}

void FormatChecklist::resizeEvent(QResizeEvent* event)
{
    QListWidget::resizeEvent(event);
    fitHeight();
}

void FormatChecklist::fitHeight()
{
    // As many rows as the width needs, so that every format shows without scrolling.
    const int perRow = std::max(1, (width() - 2 * frameWidth() - 4) / gridSize().width());
    const int rows = (count() + perRow - 1) / perRow;
    const int h = rows * gridSize().height() + 2 * frameWidth() + 4;
    if (h != height())
        setFixedHeight(h);
}

}  // namespace floatscope::gui
