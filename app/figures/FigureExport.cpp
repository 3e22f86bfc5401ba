#include "app/figures/FigureExport.h"

#include <algorithm>
#include <cmath>

#include <QBuffer>
#include <QFileInfo>
#include <QImage>
#include <QMimeData>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include "app/io/AtomicFile.h"

namespace floatscope::gui {

namespace {

// Translation context "FigureExport" (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct ExportText {
    Q_DECLARE_TR_FUNCTIONS(FigureExport)
};

void paintOn(QPaintDevice& device, const Figure& figure, const QSize& size, const FigureStyle& style)
{
    QPainter painter(&device);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    if (!style.transparent)
        painter.fillRect(QRectF(QPointF(0, 0), QSizeF(size)), style.background());
    paintFitted(painter, figure, QSizeF(size), style);
}

QByteArray svgBytes(const Figure& figure, const QSize& size, const FigureStyle& style)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setResolution(96);
    svg.setTitle(figure.title());
    svg.setDescription(QStringLiteral("Floatscope"));
    paintOn(svg, figure, size, style);
    return buffer.data();
}

QImage pngImage(const Figure& figure, const QSize& size, double scale, const FigureStyle& style)
{
    QImage image(QSize(static_cast<int>(std::lround(size.width() * scale)),
                       static_cast<int>(std::lround(size.height() * scale))),
                 QImage::Format_ARGB32_Premultiplied);
    if (image.isNull())
        return image;
    image.setDevicePixelRatio(scale);
    image.fill(Qt::transparent);
    paintOn(image, figure, size, style);
    return image;
}

QSize pageOf(const ExportSize& size, const FigureStyle& style)
{
    if (!size.pixels.isEmpty())
        return size.pixels;
    return style.slide ? kSlidePage : kScreenPage;
}

}  // namespace

QString exportPdfPages(int count, const std::function<std::shared_ptr<const Figure>(int page, QString& error)>& page,
                       const QString& path, const QString& title, const ExportSize& exportSize, const FigureStyle& style,
                       const std::function<bool(int done)>& progress, bool* cancelled)
{
    if (cancelled != nullptr)
        *cancelled = false;
    // Every page the export's size, in points; vector, text kept as text.
    const QSize size = pageOf(exportSize, style);
    if (const QString problem = exportSizeProblem(size, exportSize.scale, false); !problem.isEmpty())
        return problem;
    QByteArray bytes;
    {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        QPdfWriter pdf(&buffer);
        pdf.setResolution(96);
        pdf.setTitle(title);
        pdf.setCreator(QStringLiteral("Floatscope"));
        pdf.setPageLayout(QPageLayout(QPageSize(QSizeF(size.width() * 0.75, size.height() * 0.75), QPageSize::Point),
                                      QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
        QPainter painter;
        for (int i = 0; i < count; ++i) {
            QString error;
            const std::shared_ptr<const Figure> figure = page(i, error);
            if (!figure)
                return error;
            if (i == 0)
                painter.begin(&pdf);
            else
                pdf.newPage();
            painter.setRenderHint(QPainter::Antialiasing);
            painter.setRenderHint(QPainter::TextAntialiasing);
            if (!style.transparent)
                painter.fillRect(QRectF(QPointF(0, 0), QSizeF(size)), style.background());
            paintFitted(painter, *figure, QSizeF(size), style);
            if (progress && !progress(i + 1)) {
                if (cancelled != nullptr)
                    *cancelled = true;
                return ExportText::tr("cancelled: %1 is unchanged").arg(path);
            }
        }
        painter.end();
    }
    if (const QString error = io::writeFileAtomically(path, bytes); !error.isEmpty())
        return ExportText::tr("cannot write %1: %2 (a file already there is unchanged)").arg(path, error);
    return {};
}

ExportSize ExportSize::fromCentimetres(double width, double height, double scale)
{
    constexpr double kPixelsPerCm = 96.0 / 2.54;
    return ExportSize{QSize(static_cast<int>(std::lround(width * kPixelsPerCm)),
                            static_cast<int>(std::lround(height * kPixelsPerCm))),
                      scale};
}

QSize exportPixels(const Figure&, const ExportSize& size, const FigureStyle& style)
{
    return pageOf(size, style);
}

PageFit fitToPage(const Figure& figure, const QSizeF& page, const FigureStyle& style)
{
    // The content's height at scale s is s × heightForWidth(width / s): it grows with s (the type
    // gets larger and the lines shorter). The largest s within [kLeast, most] whose content fits is
    // found by bisection. A figure of its own height may grow to 2.5 times its size (a value in one
    // format still fills most of a slide); one that fills any height stays at 1 unless its fixed
    // parts need less; neither grows past the scale at which the page is as wide as its widest table.
    constexpr double kLeast = 0.2;
    const auto contentHeight = [&](double s) { return s * figure.heightForWidth(page.width() / s, style); };
    double most = figure.fillsHeight() ? 1.0 : 2.5;
    if (const double minimum = figure.minimumWidth(style); minimum > 0)
        most = std::max(kLeast, std::min(most, page.width() / minimum));
    double scale = most;
    if (contentHeight(most) > page.height()) {
        double lo = kLeast;
        double hi = most;
        for (int i = 0; i < 40; ++i) {
            const double mid = (lo + hi) / 2;
            (contentHeight(mid) <= page.height() ? lo : hi) = mid;
        }
        scale = lo;
    }
    return {scale, QSizeF(page.width() / scale, page.height() / scale)};
}

void paintFitted(QPainter& painter, const Figure& figure, const QSizeF& page, const FigureStyle& style)
{
    const PageFit fit = fitToPage(figure, page, style);
    painter.save();
    // Content shorter than the page (a value in two formats, held back by the largest scale or by
    // a table's width) sits in the middle of it.
    QSizeF logical = fit.logical;
    if (!figure.fillsHeight()) {
        const double content = std::min(logical.height(), figure.heightForWidth(logical.width(), style));
        painter.translate(0, (logical.height() - content) / 2 * fit.scale);
        logical.setHeight(content);
    }
    painter.scale(fit.scale, fit.scale);
    figure.paint(painter, logical, style);
    painter.restore();
}

QString proposedFileName(const Figure& figure, const QString& suffix)
{
    QString name;
    for (const QChar c : figure.title()) {
        if (c.isLetterOrNumber() || c == QLatin1Char('.') || c == QLatin1Char('+'))
            name += c.toLower();
        else if (!name.isEmpty() && !name.endsWith(QLatin1Char('-')))
            name += QLatin1Char('-');
    }
    name = name.left(48);
    while (name.endsWith(QLatin1Char('-')) || name.endsWith(QLatin1Char('.')))
        name.chop(1);
    return (name.isEmpty() ? QStringLiteral("figure") : name) + QLatin1Char('.') + suffix;
}

QString exportSizeProblem(const QSize& pixels, double scale, bool png)
{
    if (pixels.width() < kMinExportSide || pixels.height() < kMinExportSide || pixels.width() > kMaxExportSide
        || pixels.height() > kMaxExportSide)
        return ExportText::tr("a figure of %1 x %2 pixels: each side must be %3 to %4 pixels (a slide is 1920 x 1080)")
            .arg(pixels.width())
            .arg(pixels.height())
            .arg(kMinExportSide)
            .arg(kMaxExportSide);
    const double widest = std::max(pixels.width(), pixels.height()) * scale;
    if (png && widest > kMaxPngSide)
        return ExportText::tr("a %1 x %2 figure at scale %3 is a PNG of %4 pixels a side; at most %5 (lower the scale or the size)")
            .arg(pixels.width())
            .arg(pixels.height())
            .arg(scale)
            .arg(std::lround(widest))
            .arg(kMaxPngSide);
    return {};
}

QString exportFigure(const Figure& figure, const QString& path, const ExportSize& exportSize, const FigureStyle& style)
{
    const QSize size = exportPixels(figure, exportSize, style);
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (const QString problem = exportSizeProblem(size, exportSize.scale, suffix == QLatin1String("png"));
        !problem.isEmpty())
        return problem;
    QByteArray bytes;
    if (suffix == QLatin1String("svg")) {
        bytes = svgBytes(figure, size, style);
    } else if (suffix == QLatin1String("png")) {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        const QImage image = pngImage(figure, size, exportSize.scale, style);
        if (image.isNull() || !image.save(&buffer, "PNG"))
            return ExportText::tr("cannot make a %1 x %2 PNG").arg(size.width()).arg(size.height());
    } else if (suffix == QLatin1String("pdf")) {
        // The caller's figure, not owned.
        return exportPdfPages(
            1, [&figure](int, QString&) { return std::shared_ptr<const Figure>(&figure, [](const Figure*) {}); }, path,
            figure.title(), exportSize, style);
    } else {
        return ExportText::tr("'%1': the file must end in .svg, .pdf or .png").arg(path);
    }
    if (const QString error = io::writeFileAtomically(path, bytes); !error.isEmpty())
        return ExportText::tr("cannot write %1: %2 (a file already there is unchanged)").arg(path, error);
    return {};
}

QMimeData* figureMimeData(const Figure& figure, const ExportSize& exportSize, const FigureStyle& style)
{
    const QSize size = exportPixels(figure, exportSize, style);
    auto* mime = new QMimeData;
    mime->setData(QStringLiteral("image/svg+xml"), svgBytes(figure, size, style));
    mime->setImageData(pngImage(figure, size, exportSize.scale, style));
    mime->setText(figure.title());
    return mime;
}

}  // namespace floatscope::gui
