#include "app/inspector/FormatRow.h"

#include <QContextMenuEvent>
#include <QGridLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QMenu>

#include "core/format/Registry.h"
#include "app/inspector/BitStrip.h"
#include "core/round/Neighbours.h"
#include "app/style/Palette.h"
#include "app/text/FormatText.h"

namespace floatscope::gui {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

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

}  // namespace

FormatRow::FormatRow(QWidget* parent) : QFrame(parent), m_format(namedFormat("fp32"))
{
    setFocusPolicy(Qt::StrongFocus);
    setObjectName(QStringLiteral("formatRow"));
    setStyleSheet(QStringLiteral("#formatRow { border: 1px solid palette(mid); border-radius: 6px; }"
                                 "#formatRow:focus { border: 2px solid palette(highlight); }"));
    m_name = new QLabel(this);
    m_name->setMinimumWidth(84);
    m_badge = new QLabel(this);
    m_badge->setStyleSheet(QStringLiteral("QLabel { background: #D55E00; color: white; border-radius: 4px; padding: 1px 6px; }"));
    m_strip = new BitStrip(this);
    m_summary = new QLabel(this);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setWordWrap(true);
    m_details = new QLabel(this);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_neighbours = new QLabel(this);
    m_neighbours->setTextInteractionFlags(Qt::LinksAccessibleByMouse);

    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(8, 6, 8, 6);
    grid->setVerticalSpacing(2);
    grid->addWidget(m_name, 0, 0, 2, 1, Qt::AlignTop);
    grid->addWidget(m_strip, 0, 1, Qt::AlignLeft);
    grid->addWidget(m_badge, 0, 2, Qt::AlignRight | Qt::AlignTop);
    grid->addWidget(m_summary, 1, 1, 1, 2);
    grid->addWidget(m_details, 2, 1, 1, 2);
    grid->addWidget(m_neighbours, 3, 1, 1, 2);
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

void FormatRow::retranslate()
{
    const Inspection& r = m_inspection;
    const QColor colour = formatColour(m_format.name());
    m_name->setText(QStringLiteral("<b style='color:%1; font-size:large'>%2</b>").arg(colour.name(), qs(r.format)));
    m_name->setToolTip(text::formatNote(m_format));
    m_badge->setText(tr("double rounding via fp32: %1").arg(qs(hexCode(m_format, r.viaFp32.code))));
    m_badge->setToolTip(tr("Rounding to fp32 first (as torch.tensor(x).to(dtype) does) gives other bits than "
                           "rounding once from the exact value."));
    m_badge->setVisible(r.viaFp32Differs);
    m_summary->setText(QStringLiteral("<tt><b>%1</b></tt> &nbsp; %2 &nbsp; = <tt>%3</tt>")
                           .arg(qs(r.hex), classText(r.valueClass), qs(r.value).toHtmlEscaped()));
    QString details = tr("shortest %1").arg(qs(r.shortest));
    if (!r.absErrorApprox.empty())
        details += QStringLiteral(" · ") + tr("abs error %1").arg(qs(r.absErrorApprox));
    if (!r.relErrorApprox.empty())
        details += QStringLiteral(" · ") + tr("rel error %1").arg(qs(r.relErrorApprox));
    if (const auto ulp = ulpOf(m_format, r.code))
        details += QStringLiteral(" · ") + tr("ulp 2^%1").arg(ulp->normalized().exponent);
    m_details->setText(details);
    auto link = [](const std::optional<NeighbourText>& n, const QString& arrow) {
        if (!n)
            return arrow + QStringLiteral(" —");
        return QStringLiteral("%1 <a href='%2'><tt>%3</tt> %4</a>")
            .arg(arrow, QString::number(n->code, 16), qs(n->hex), qs(n->shortest).toHtmlEscaped());
    };
    m_neighbours->setText(tr("previous %1 &nbsp;&nbsp; next %2")
                              .arg(link(r.previous, QStringLiteral("←")), link(r.next, QStringLiteral("→"))));
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

void FormatRow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QFrame::changeEvent(event);
}

}  // namespace floatscope::gui
