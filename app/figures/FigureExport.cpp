#include "app/figures/FigureExport.h"

#include <cmath>

#include <QBuffer>
#include <QFileInfo>
#include <QImage>
#include <QMimeData>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

namespace floatscope::gui {

namespace {

void paintOn(QPaintDevice& device, const Figure& figure, const QSize& size, const FigureStyle& style)
{
    QPainter painter(&device);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    if (!style.transparent)
        painter.fillRect(QRectF(QPointF(0, 0), QSizeF(size)), style.background());
    figure.paint(painter, QSizeF(size), style);
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

}  // namespace

ExportSize ExportSize::fromCentimetres(double width, double height, double scale)
{
    constexpr double kPixelsPerCm = 96.0 / 2.54;
    return ExportSize{QSize(static_cast<int>(std::lround(width * kPixelsPerCm)),
                            static_cast<int>(std::lround(height * kPixelsPerCm))),
                      scale};
}

QSize exportPixels(const Figure& figure, const ExportSize& size, const FigureStyle& style)
{
    if (!size.pixels.isEmpty())
        return size.pixels;
    return figure.preferredSize(style).toSize();
}

QString exportFigure(const Figure& figure, const QString& path, const ExportSize& exportSize, const FigureStyle& style)
{
    const QSize size = exportPixels(figure, exportSize, style);
    const QString suffix = QFileInfo(path).suffix().toLower();
    QByteArray bytes;
    if (suffix == QLatin1String("svg")) {
        bytes = svgBytes(figure, size, style);
    } else if (suffix == QLatin1String("png")) {
        // QImage refuses sizes it cannot allocate (a null image): say so once, paint nothing.
        constexpr double kMaxPixels = 400e6;
        if (size.width() * exportSize.scale * size.height() * exportSize.scale > kMaxPixels)
            return QStringLiteral("a %1 x %2 PNG at scale %3 is too large (at most 400 million pixels)")
                .arg(size.width())
                .arg(size.height())
                .arg(exportSize.scale);
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        const QImage image = pngImage(figure, size, exportSize.scale, style);
        if (image.isNull() || !image.save(&buffer, "PNG"))
            return QStringLiteral("cannot make a %1 x %2 PNG").arg(size.width()).arg(size.height());
    } else if (suffix == QLatin1String("pdf")) {
        // One page the size of the figure, in points; vector, text kept as text.
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        QPdfWriter pdf(&buffer);
        pdf.setResolution(96);
        pdf.setTitle(figure.title());
        pdf.setCreator(QStringLiteral("Floatscope"));
        pdf.setPageLayout(QPageLayout(QPageSize(QSizeF(size.width() * 0.75, size.height() * 0.75), QPageSize::Point),
                                      QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
        paintOn(pdf, figure, size, style);
    } else {
        return QStringLiteral("'%1': the file must end in .svg, .pdf or .png").arg(path);
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
    file.write(bytes);
    if (!file.commit())
        return QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
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
