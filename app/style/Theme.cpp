#include "app/style/Theme.h"

#include <QApplication>
#include <QPalette>
#include <QProxyStyle>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleOptionButton>

namespace floatscope::gui {

namespace {

// Fusion, with two changes. Fusion draws a check box's or radio button's frame in the window colour
// darkened by 40 %: on the dark theme's near-black base that frame vanishes and an unchecked box is
// invisible, so there the frame is drawn from a light grey instead (about 5:1 against the base). And
// a tab's padding is half Fusion's 24 pixels: the window's tabs (the inspector and nine lessons) must
// all fit 960 logical pixels, 1920 x 1080 at a scale of 2 (tests/app/WindowTest.cpp).
class FloatscopeStyle : public QProxyStyle {
public:
    explicit FloatscopeStyle(bool dark) : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion"))), m_dark(dark) {}

    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                       const QWidget* widget) const override
    {
        const auto* button = qstyleoption_cast<const QStyleOptionButton*>(option);
        if (m_dark && button != nullptr && (element == PE_IndicatorCheckBox || element == PE_IndicatorRadioButton)) {
            QStyleOptionButton framed(*button);
            framed.palette.setColor(QPalette::Window, QColor(0xb0, 0xb6, 0xbc));
            QProxyStyle::drawPrimitive(element, &framed, painter, widget);
            return;
        }
        QProxyStyle::drawPrimitive(element, option, painter, widget);
    }

    int pixelMetric(PixelMetric metric, const QStyleOption* option, const QWidget* widget) const override
    {
        const int value = QProxyStyle::pixelMetric(metric, option, widget);
        return metric == PM_TabBarTabHSpace ? value / 2 : value;
    }

private:
    bool m_dark;
};

}  // namespace

void applyTheme(Theme theme)
{
    if (theme == Theme::Light) {
        QApplication::setStyle(new FloatscopeStyle(false));
        QApplication::setPalette(QApplication::style()->standardPalette());
        return;
    }
    QApplication::setStyle(new FloatscopeStyle(true));
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x31);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xe8, 0xea, 0xed);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0xa0, 0xa6));
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Mid, QColor(0x5f, 0x63, 0x68));
    p.setColor(QPalette::Link, QColor(0x8a, 0xb4, 0xf8));
    p.setColor(QPalette::Highlight, QColor(0x56, 0xB4, 0xE9));
    p.setColor(QPalette::HighlightedText, Qt::black);
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    QApplication::setPalette(p);
}

}  // namespace floatscope::gui
