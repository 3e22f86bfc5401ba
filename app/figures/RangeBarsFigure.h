#pragma once

#include <optional>
#include <span>
#include <vector>

#include <QCoreApplication>
#include <QRectF>
#include <QString>

#include "core/exact/ExactValue.h"
#include "app/figures/Figure.h"
#include "core/format/Format.h"
#include "core/lessons/RangeBars.h"

namespace floatscope::gui {

class Log2Axis;

// A value marked on the range bars (a gradient of 1e-8, eps = 1e-6), and where it lands per format.
struct RangeMark {
    QString label;
    ExactValue value;
    std::vector<StorageZone> zones;    // per format
    std::vector<std::uint64_t> codes;  // per format: what it is stored as (nearest-even)
};

// Everything the range lesson draws, computed by core: the bars, the marks, and for a list of
// values their log2 histogram and where they land in each format.
struct RangeBarsData {
    // What the panel opens with and `floatscope export range` draws without options: the BF16 lesson's
    // formats, its two marks, and example gradients a decade or so either side of 10^-6 (lesson 14:
    // deep layers' gradients lie between 10^-6 and 10^-8), seeded.
    static constexpr const char* kDefaultFormats = "fp32,fp16,bf16,e4m3fn,e5m2";
    // "gradient = 1e-8; eps = 1e-6", its labels in the interface's language.
    static QString defaultMarks();
    static constexpr double kExampleMedian = 1e-6;
    static constexpr double kExampleDecades = 1.5;
    static constexpr std::size_t kExampleCount = 10000;
    static std::vector<double> exampleValues();

    std::vector<Format> formats;
    std::vector<RangeBar> bars;
    std::vector<RangeMark> marks;
    std::optional<Log2Histogram> histogram;  // when values were given
    std::vector<ZoneCounts> zones;           // per format, when values were given
    std::int64_t valueCount = 0;

    static RangeBarsData compute(std::vector<Format> formats, std::vector<std::pair<QString, ExactValue>> marks,
                                 std::span<const double> values);
};

// Every chosen format on one log2 axis (subnormal span pale, normal span solid, the largest finite
// value at the bar's end), the marked values across them, and the histogram of a list of values on
// the same axis with the shares that underflow, go subnormal or overflow. The range panel shows it
// with exact numbers in tooltips; `floatscope export range` writes it.
class RangeBarsFigure : public FlowFigure {
    Q_DECLARE_TR_FUNCTIONS(RangeBarsFigure)

public:
    explicit RangeBarsFigure(RangeBarsData data) : m_data(std::move(data)) {}

    QString title() const override;
    void paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const override;

    // What lies under a point, with exact numbers; empty where nothing does.
    QString toolTipAt(const QPointF& point, const QSizeF& size, const FigureStyle& style) const override;
    double heightForWidth(double width, const FigureStyle& style) const override;
    double minimumWidth(const FigureStyle& style) const override;
    const RangeBarsData& data() const { return m_data; }

    static QString zoneName(StorageZone zone);
    // `floatscope export range`: the formats, marks and values as the panel takes them.


private:
    struct Layout {
        double margin = 0;
        double titleHeight = 0;
        double markRows = 0;      // top of the bars
        double barsTop = 0;
        double rowHeight = 0;
        double axisY = 0;
        double histogramTop = 0;
        double histogramBottom = 0;
        double tableTop = 0;
        double legendTop = 0;
        double height = 0;
        double left = 0;          // where the axis starts (after the format names)
        double right = 0;
        double lo = 0;            // log2 range of the axis
        double hi = 0;
    };
    Layout layout(double width, const FigureStyle& style) const;
    Log2Axis axis(const Layout& l) const;
    double markLog2(std::size_t mark) const;
    QString legendText() const;
    void paintBar(QPainter& painter, const Layout& l, const Log2Axis& ax, std::size_t r,
                  const std::vector<double>& markXs, double width, const FigureStyle& style) const;
    void paintMarks(QPainter& painter, const Layout& l, const Log2Axis& ax, double bottom, double width,
                    const FigureStyle& style) const;
    void paintShares(QPainter& painter, const Layout& l, const QSizeF& size, const FigureStyle& style) const;

    RangeBarsData m_data;
};

}  // namespace floatscope::gui
