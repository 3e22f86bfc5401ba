#include "app/inspector/FormatRow.h"

#include <array>

#include <QContextMenuEvent>
#include <QGridLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QMenu>
#include <QPainter>

#include "app/inspector/BitStrip.h"
#include "app/style/Palette.h"
#include "app/text/BreakdownText.h"
#include "app/text/FormatText.h"
#include "app/text/StdString.h"
#include "core/exact/DecimalText.h"
#include "core/format/Registry.h"
#include "core/inspect/Inspection.h"
#include "core/round/Neighbours.h"

namespace floatscope::gui {

namespace {

QString classText(ValueClass c)
{
    switch (c) {
    case ValueClass::Zero: return FormatRow::tr("zero");
    case ValueClass::Subnormal: return FormatRow::tr("subnormal");
    case ValueClass::Normal: return FormatRow::tr("normal");
    case ValueClass::Infinite: return FormatRow::tr("infinity");
    case ValueClass::NaN: return FormatRow::tr("NaN");
    }
    return {};
}

// A value of the format as the row shows it: every digit where that fits, otherwise six
// significant digits marked "~" (the tooltip then gives every digit).
constexpr std::size_t kExactChars = 32;

// The stored value and its neighbours as the row shows them (value, previous, next): every digit
// where that fits, otherwise "~" and just enough significant digits (six or more) to tell each
// from the other two; the tooltips give every digit. Infinities and NaN as their names.
std::array<QString, 3> shownValues(const Format& f, const Inspection& r)
{
    const std::array<std::optional<std::uint64_t>, 3> codes{
        r.code, r.previous ? std::optional(r.previous->code) : std::nullopt,
        r.next ? std::optional(r.next->code) : std::nullopt};
    std::vector<mpq_class> finite;
    for (const auto& code : codes)
        if (code && f.classify(*code) != ValueClass::NaN && f.classify(*code) != ValueClass::Infinite)
            finite.push_back(ExactValue::fromCode(f, *code).value());
    const std::vector<std::string> digits = distinctDecimals(finite, kExactChars);
    std::array<QString, 3> shown;
    std::size_t next = 0;
    for (std::size_t i = 0; i < codes.size(); ++i) {
        if (!codes[i])
            continue;
        const ValueClass c = f.classify(*codes[i]);
        shown[i] = c == ValueClass::NaN || c == ValueClass::Infinite ? qs(codeValueText(f, *codes[i]))
                                                                     : qs(digits[next++]);
    }
    return shown;
}

// Each label says once whether it holds markup: "&nbsp;" and links must never show as raw
// text, and plain text is cheaper to lay out (a new value re-lays every row).
QLabel* textLabel(QWidget* parent, Qt::TextFormat format, Qt::TextInteractionFlags flags)
{
    auto* label = new QLabel(parent);
    label->setTextFormat(format);
    label->setTextInteractionFlags(flags);
    label->setWordWrap(true);
    return label;
}

}  // namespace

FormatRow::FormatRow(QWidget* parent) : QFrame(parent), m_format(namedFormat("fp32"))
{
    // The frame is painted here from the palette (paintEvent): a style sheet on the row would
    // freeze its palette at the first polish, leaving black text on the dark theme.
    setFocusPolicy(Qt::StrongFocus);
    setObjectName(QStringLiteral("formatRow"));
    m_name = new QLabel(this);
    m_name->setTextFormat(Qt::RichText);
    m_name->setMinimumWidth(84);
    m_badge = new QLabel(this);
    m_badge->setStyleSheet(QStringLiteral("QLabel { background: #D55E00; color: white; border-radius: 4px; padding: 1px 6px; }"));
    m_strip = new BitStrip(this);
    m_summary = textLabel(this, Qt::RichText, Qt::TextSelectableByMouse);
    m_formula = textLabel(this, Qt::PlainText, Qt::TextSelectableByMouse);
    m_discarded = textLabel(this, Qt::PlainText, Qt::TextSelectableByMouse);
    m_details = textLabel(this, Qt::PlainText, Qt::TextSelectableByMouse);
    m_neighbours = textLabel(this, Qt::RichText, Qt::LinksAccessibleByMouse);

    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(8, 6, 8, 6);
    grid->setVerticalSpacing(2);
    grid->addWidget(m_name, 0, 0, 2, 1, Qt::AlignTop);
    grid->addWidget(m_strip, 0, 1, Qt::AlignLeft);
    grid->addWidget(m_badge, 0, 2, Qt::AlignRight | Qt::AlignTop);
    int line = 1;
    for (QLabel* label : {m_summary, m_formula, m_discarded, m_details, m_neighbours})
        grid->addWidget(label, line++, 1, 1, 2);
    grid->setColumnStretch(2, 1);

    connect(m_strip, &BitStrip::bitClicked, this, &FormatRow::bitFlipRequested);
    connect(m_neighbours, &QLabel::linkActivated, this, [this](const QString& link) {
        bool ok = false;
        const std::uint64_t code = link.toULongLong(&ok, 16);
        if (ok)
            emit jumpRequested(code);
    });
}

void FormatRow::display(const Format& format, const Inspection& inspection)
{
    m_format = format;
    m_inspection = inspection;
    m_strip->setCode(format, inspection.code);
    retranslate();
}

QString FormatRow::hexText() const { return qs(m_inspection.hex); }
QString FormatRow::valueText() const { return qs(m_inspection.value); }
bool FormatRow::badgeVisible() const { return !m_badge->isHidden(); }
QString FormatRow::formulaText() const { return m_formula->text(); }
QString FormatRow::discardedText() const { return m_discarded->isHidden() ? QString() : m_discarded->text(); }

QString FormatRow::neighbourText(int direction) const
{
    return m_shown[direction > 0 ? 2 : 1];
}

void FormatRow::retranslate()
{
    const Inspection& r = m_inspection;
    const QColor window = palette().color(QPalette::Window);
    // The name is bold and large (WCAG's large text, 3:1), but held to 4.5:1 like body text.
    const QColor colour = readableOn(formatColour(m_format.name()), window);
    m_name->setText(QStringLiteral("<b style='color:%1; font-size:large'>%2</b>").arg(colour.name(), qs(r.format)));
    m_name->setToolTip(text::formatNote(m_format));
    m_badge->setText(tr("double rounding via fp32: %1").arg(qs(hexCode(m_format, r.viaFp32.code))));
    m_badge->setToolTip(tr("Rounding to fp32 first (as torch.tensor(x).to(dtype) does) gives other bits than "
                           "rounding once from the exact value."));
    m_badge->setVisible(r.viaFp32Differs);

    const bool nan = r.valueClass == ValueClass::NaN;
    m_shown = shownValues(m_format, r);
    const QString& stored = m_shown[0];
    m_summary->setText(QStringLiteral("<tt><b>%1</b></tt> &nbsp; %2 &nbsp; = <tt>%3</tt>")
                           .arg(qs(r.hex), classText(r.valueClass), stored.toHtmlEscaped()));
    m_summary->setToolTip(stored == qs(r.value) ? QString() : tr("exactly %1").arg(qs(r.value)));

    m_formula->setText(text::formulaText(m_format, r.formula));
    m_formula->setToolTip(text::formulaTooltip(r.formula));
    // An exact value says so on the same line, so that rows keep their height from value to value;
    // the line goes only where rounding was not about bits (NaN, overflow past the top binade).
    const bool exact = r.placement.exact && !nan && r.valueClass != ValueClass::Infinite;
    m_discarded->setVisible(r.discarded.has_value() || exact);
    if (r.discarded) {
        const QString from = r.routedThrough.empty()
            ? QString()
            : tr("from the %1 value %2: ").arg(qs(r.routedThrough), qs(r.routedValue));
        m_discarded->setText(from + text::discardedText(*r.discarded));
    } else if (exact) {
        m_discarded->setText(tr("exact: no bits discarded"));
    }

    // NaN has no magnitude to be near: no shortest text, errors or ulp worth a line.
    m_details->setVisible(!nan);
    QStringList details{tr("shortest %1").arg(qs(r.shortest))};
    if (!r.absErrorApprox.empty())
        details << tr("abs error %1").arg(qs(r.absErrorApprox));
    if (!r.relErrorApprox.empty())
        details << tr("rel error %1").arg(qs(r.relErrorApprox));
    if (const auto ulp = ulpOf(m_format, r.code))
        details << tr("ulp 2^%1").arg(ulp->normalized().exponent);
    m_details->setText(details.join(QStringLiteral(" · ")));

    // The neighbours as values of the format, every digit (their shortest texts are in the tooltip).
    const QColor link = palette().color(QPalette::Link);
    auto neighbour = [&](int direction, const QString& words) {
        const auto& n = direction > 0 ? r.next : r.previous;
        if (!n)
            return words.arg(QStringLiteral("—"));
        return words.arg(QStringLiteral("<a style='color:%1' href='%2'><tt>%3</tt> %4</a>")
                             .arg(link.name(), QString::number(n->code, 16), qs(n->hex),
                                  neighbourText(direction).toHtmlEscaped()));
    };
    m_neighbours->setVisible(!nan);
    m_neighbours->setText(neighbour(-1, tr("previous ← %1")) + QStringLiteral(" &nbsp;&nbsp; ")
                          + neighbour(1, tr("next → %1")));
    QStringList tips;
    for (const auto* n : {&r.previous, &r.next})
        if (*n)
            tips << tr("%1 = %2 (shortest %3)").arg(qs((*n)->hex), qs((*n)->value), qs((*n)->shortest));
    m_neighbours->setToolTip(tips.join(QLatin1Char('\n')));
    setToolTip(tr("Up/Down: next or previous %1 value · right click: copy or remove").arg(qs(r.format)));
}

void FormatRow::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Up || event->key() == Qt::Key_Down) {
        emit stepRequested(event->key() == Qt::Key_Up ? 1 : -1);
        return;
    }
    if (event->matches(QKeySequence::Copy)) {
        emit copyRequested(QStringLiteral("text"));
        return;
    }
    QFrame::keyPressEvent(event);
}

void FormatRow::mousePressEvent(QMouseEvent* event)
{
    setFocus(Qt::MouseFocusReason);
    QFrame::mousePressEvent(event);
}

void FormatRow::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    menu.addAction(tr("Copy as text"), this, [this] { emit copyRequested(QStringLiteral("text")); });
    menu.addAction(tr("Copy as JSON"), this, [this] { emit copyRequested(QStringLiteral("json")); });
    menu.addAction(tr("Copy as LaTeX"), this, [this] { emit copyRequested(QStringLiteral("latex")); });
    menu.addSeparator();
    menu.addAction(tr("Next value"), this, [this] { emit stepRequested(1); });
    menu.addAction(tr("Previous value"), this, [this] { emit stepRequested(-1); });
    menu.addSeparator();
    menu.addAction(tr("Remove %1").arg(qs(m_format.name())), this, &FormatRow::removeRequested);
    menu.exec(event->globalPos());
}

void FormatRow::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const bool focused = hasFocus();
    const double width = focused ? 2.0 : 1.0;
    p.setPen(QPen(palette().color(focused ? QPalette::Highlight : QPalette::Mid), width));
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(QRectF(rect()).adjusted(width / 2, width / 2, -width / 2, -width / 2), 6, 6);
}

void FormatRow::focusInEvent(QFocusEvent* event)
{
    update();
    QFrame::focusInEvent(event);
}

void FormatRow::focusOutEvent(QFocusEvent* event)
{
    update();
    QFrame::focusOutEvent(event);
}

void FormatRow::changeEvent(QEvent* event)
{
    // Rich text takes its colours when it is set: set it again in the new language or palette.
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::PaletteChange)
        retranslate();
    QFrame::changeEvent(event);
}

}  // namespace floatscope::gui
