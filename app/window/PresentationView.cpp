#include "app/window/PresentationView.h"

#include <algorithm>

#include <QCloseEvent>
#include <QKeyEvent>
#include <QPainter>

#include "app/figures/FigureExport.h"
#include "app/panels/BackgroundJob.h"

namespace floatscope::gui {

namespace {

// The page a slide is laid out on (the export's default), scaled to the screen as a whole.
constexpr QSizeF kSlide(1280, 720);

}  // namespace

PresentationView::PresentationView(std::unique_ptr<Figure> first, Deck deck, Theme theme, QWidget* parent)
    : QWidget(parent, Qt::Window), m_deck(std::move(deck)), m_theme(theme), m_job(new BackgroundJob(this))
{
    setObjectName(QStringLiteral("presentation"));
    setAttribute(Qt::WA_DeleteOnClose);
    setFocusPolicy(Qt::StrongFocus);
    setCursor(Qt::BlankCursor);
    m_pages.resize(m_deck.pages.size() + 1);
    m_pages[0].figure = std::move(first);
    // One page at a time on the worker; the one asked for last is drawn next.
    connect(m_job, &BackgroundJob::finished, this, [this] { draw(m_page); });
}

PresentationView::~PresentationView() = default;

const Figure* PresentationView::figure() const
{
    return m_pages[static_cast<std::size_t>(m_page)].figure.get();
}

void PresentationView::showPage(int index)
{
    m_page = std::clamp(index, 0, pageCount() - 1);
    draw(m_page);
    update();
}

void PresentationView::draw(int index)
{
    Page& page = m_pages[static_cast<std::size_t>(index)];
    if (page.figure || page.drawing || !page.problem.isEmpty() || m_job->running())
        return;
    page.drawing = true;
    const DeckPage source = m_deck.pages[static_cast<std::size_t>(index) - 1];
    m_job->start([this, index, source](const BackgroundJob::Control&) {
        std::string error;
        std::shared_ptr<Figure> figure(makeViewFigure(source.view, source.arguments, error).release());
        return [this, index, figure, error] {
            Page& done = m_pages[static_cast<std::size_t>(index)];
            done.drawing = false;
            done.problem = figure ? QString() : QString::fromStdString(error);
            done.figure = figure;
            update();
        };
    });
}

void PresentationView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    const FigureStyle style = FigureStyle::forSlides(m_theme, false);
    painter.fillRect(rect(), style.background());
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    // The 16:9 slide, as large as the screen holds, in the middle.
    const double scale = std::min(width() / kSlide.width(), height() / kSlide.height());
    const QSizeF shown = kSlide * scale;
    painter.save();
    painter.translate((width() - shown.width()) / 2, (height() - shown.height()) / 2);
    painter.scale(scale, scale);
    const Page& page = m_pages[static_cast<std::size_t>(m_page)];
    if (page.figure) {
        paintFitted(painter, *page.figure, kSlide, style);
    } else {
        painter.setFont(style.font());
        painter.setPen(style.muted());
        painter.drawText(QRectF(QPointF(0, 0), kSlide), Qt::AlignCenter | Qt::TextWordWrap,
                         page.problem.isEmpty() ? tr("Drawing this page…") : page.problem);
    }
    painter.restore();
    // Where the lecturer is, small in the corner.
    painter.setFont(style.font(10));
    painter.setPen(style.muted());
    painter.drawText(rect().adjusted(0, 0, -12, -6), Qt::AlignRight | Qt::AlignBottom,
                     tr("%1 · %2 of %3 · ← → presets · Esc leaves")
                         .arg(m_deck.title ? m_deck.title() : QString())
                         .arg(m_page + 1)
                         .arg(pageCount()));
}

void PresentationView::keyPressEvent(QKeyEvent* event)
{
    switch (event->key()) {
    case Qt::Key_Right:
    case Qt::Key_Down:
    case Qt::Key_PageDown:
    case Qt::Key_Space: showPage(m_page + 1); return;
    case Qt::Key_Left:
    case Qt::Key_Up:
    case Qt::Key_PageUp:
    case Qt::Key_Backspace: showPage(m_page - 1); return;
    case Qt::Key_Home: showPage(0); return;
    case Qt::Key_End: showPage(pageCount() - 1); return;
    case Qt::Key_Escape:
    case Qt::Key_F11: close(); return;
    default: QWidget::keyPressEvent(event);
    }
}

void PresentationView::closeEvent(QCloseEvent* event)
{
    m_job->cancel();
    emit closed();
    QWidget::closeEvent(event);
}

}  // namespace floatscope::gui
