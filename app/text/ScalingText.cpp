#include "app/text/ScalingText.h"

#include <cmath>
#include <cstdio>

#include <QStringList>

#include "core/exact/DecimalText.h"

namespace floatscope::gui {

QString ScalingText::value(double x)
{
    return fromStd(storedValueText(x));
}

QString ScalingText::brief(const mpq_class& value, std::size_t maxLength)
{
    return fromStd(briefDecimal(value, maxLength));
}

QString ScalingText::percent(long double share)
{
    if (std::isinf(share))
        return tr("inf");
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.5Lg%%", 100.0L * share);
    return QString::fromLatin1(buf);
}

QString ScalingText::number(long double value, int digits)
{
    if (std::isinf(value))
        return value > 0 ? tr("inf") : tr("-inf");
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.*Lg", digits, value);
    return QString::fromLatin1(buf);
}

QString ScalingText::count(std::uint64_t n)
{
    QString digits = QString::number(n);
    for (qsizetype i = digits.size() - 3; i > 0; i -= 3)
        digits.insert(i, QLatin1Char(','));
    return digits;
}

QString ScalingText::bytes(double bytes, ByteUnit unit)
{
    // Four significant figures where that fits the lecture notes' "444.5 GB"; never fewer than one decimal.
    const double v = inUnit(bytes, unit);
    const int decimals = std::fabs(v) >= 100 ? 1 : std::fabs(v) >= 10 ? 2 : std::fabs(v) >= 1 ? 3 : 4;
    const QString amount = QString::number(v, 'f', decimals);
    return unit == ByteUnit::GB ? tr("%1 GB").arg(amount) : tr("%1 GiB").arg(amount);
}

QString ScalingText::bytesPerParam(double bytes)
{
    return number(bytes, 6);
}

QString ScalingText::shapeName(const Tensor& tensor)
{
    if (tensor.isMatrix())
        return tr("%1×%2 matrix").arg(tensor.rows()).arg(tensor.cols());
    return tensor.size() == 1 ? tr("1 value") : tr("%1 values").arg(tensor.size());
}

QString ScalingText::tensorLabel(const TensorRequest& request, const Tensor& tensor)
{
    switch (request.source) {
    case TensorRequest::Source::Text:
    case TensorRequest::Source::Values:
        if (!tensor.isMatrix() && tensor.size() <= 8) {
            QStringList values;
            for (const double v : tensor.values())
                values << value(v);
            return QStringLiteral("[%1]").arg(values.join(QStringLiteral(", ")));
        }
        return shapeName(tensor);
    case TensorRequest::Source::Normal: {
        const NormalSpec& n = request.normal;
        const QString shape = tensor.isMatrix() ? tr("%1×%2").arg(tensor.rows()).arg(tensor.cols())
                                                : QString::number(tensor.size());
        if (n.outliers == 0)
            return tr("%1 normal values (mean %2, σ %3, seed %4)")
                .arg(shape, number(n.mean), number(n.stddev))
                .arg(n.seed);
        return tr("%1 normal values (mean %2, σ %3, %4 outliers of ±%5, seed %6)")
            .arg(shape, number(n.mean), number(n.stddev))
            .arg(n.outliers)
            .arg(number(n.outlierMagnitude))
            .arg(n.seed);
    }
    case TensorRequest::Source::File: {
        const std::size_t slash = request.path.find_last_of('/');
        const QString name = fromStd(slash == std::string::npos ? request.path : request.path.substr(slash + 1));
        return tr("%1 (%2)").arg(name, shapeName(tensor));
    }
    }
    return {};
}

QString ScalingText::schemeName(const Scheme& scheme)
{
    switch (scheme.kind) {
    case SchemeKind::Tensor: return tr("per tensor");
    case SchemeKind::Tile: return tr("1×%1 tiles").arg(scheme.blockCols);
    case SchemeKind::Block: return tr("%1×%2 blocks").arg(scheme.blockRows).arg(scheme.blockCols);
    case SchemeKind::Mx: return tr("MX (32 elements, E8M0 scale)");
    case SchemeKind::Nvfp4: return tr("NVFP4 (16 elements, E4M3 scale, fp32 tensor scale)");
    }
    return {};
}

QString ScalingText::recipeName(const QuantizeOptions& o)
{
    const QString element = fromStd(o.element.name());
    switch (o.scheme.kind) {
    case SchemeKind::Tensor:
    case SchemeKind::Tile:
    case SchemeKind::Block:
        return tr("%1, %2, %3 scale")
            .arg(element, schemeName(o.scheme), scalePrecisionName(o.scalePrecision));
    case SchemeKind::Mx: return tr("%1, MX, %2 rule").arg(element, mxRuleName(o.mxRule));
    case SchemeKind::Nvfp4: return tr("%1, NVFP4, %2 tensor scale").arg(element, scalePrecisionName(o.scalePrecision));
    }
    return {};
}

QString ScalingText::mxRuleName(MxScaleRule rule)
{
    switch (rule) {
    case MxScaleRule::Floor: return tr("floor");
    case MxScaleRule::Ceil: return tr("ceil");
    case MxScaleRule::RoundUp: return tr("rceil");
    }
    return {};
}

QString ScalingText::scalePrecisionName(ScalePrecision precision)
{
    return precision == ScalePrecision::Exact ? tr("exact") : tr("fp32");
}

QString ScalingText::roundingName(RoundingMode mode)
{
    switch (mode) {
    case RoundingMode::NearestEven: return tr("nearest, ties to even");
    case RoundingMode::NearestAway: return tr("nearest, ties away");
    case RoundingMode::TowardZero: return tr("toward zero");
    case RoundingMode::Up: return tr("up");
    case RoundingMode::Down: return tr("down");
    case RoundingMode::ToOdd: return tr("to odd");
    case RoundingMode::Stochastic: return tr("stochastic");
    }
    return {};
}

}  // namespace floatscope::gui
