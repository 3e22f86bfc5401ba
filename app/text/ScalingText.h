#pragma once

#include <cstdint>
#include <string>

#include <QCoreApplication>
#include <QString>

#include <gmpxx.h>

#include "core/scaling/QuantizeReport.h"
#include "core/ledger/Activations.h"
#include "core/ledger/MemoryLedger.h"
#include "core/ledger/ModelPresets.h"
#include "core/scaling/Scheme.h"

namespace floatscope::gui {

// Numbers and names as the scaling panels, their figures and `floatscope export` write them, so
// that a figure says exactly what the panel says.
class ScalingText {
    Q_DECLARE_TR_FUNCTIONS(ScalingText)

public:
    static QString fromStd(const std::string& text) { return QString::fromStdString(text); }
    // A tensor's value as it was stored (storedValueText: "0.01", not 0.00999999977...).
    static QString value(double x);
    // Exact where that is short, otherwise about 6 digits marked with "~".
    static QString brief(const mpq_class& value, std::size_t maxLength = 14);
    // A share as a percentage to 5 significant digits: 12.807%, 0.44643%, 100%, 0%. Long double,
    // so that statistics beyond fp64's range (an MSE of 1e600) print as they are.
    static QString percent(long double share);
    // %g with `digits` significant digits; inf by name.
    static QString number(long double value, int digits = 6);
    // 27,781,427,952
    static QString count(std::uint64_t n);
    // Bytes in GB (10^9) or GiB (2^30): "444.5 GB", "42.50 GiB", "0.444 GB".
    static QString bytes(double bytes, ByteUnit unit);
    // Bytes per parameter: "16", "0.5", "4.25".
    static QString bytesPerParam(double bytes);

    // What was quantized, for titles: "[1000, 0.01, 0.02, 0.5]", "256×256 normal values (σ 1, 16
    // outliers of ±100, seed 7)", "weights.npy (64×64)".
    static QString tensorLabel(const TensorRequest& request, const Tensor& tensor);
    // "4 values", "256×256 matrix"
    static QString shapeName(const Tensor& tensor);

    // "per tensor", "1×128 tiles", "128×128 blocks", "MX (32 elements, E8M0 scale)", "NVFP4"
    static QString schemeName(const Scheme& scheme);
    // The scheme with how its scale is kept: "per tensor, fp32 scale", "MX, floor rule".
    static QString recipeName(const QuantizeOptions& options);
    // The MX scale rules (their descriptions: app/text/QuantizeText).
    static QString mxRuleName(MxScaleRule rule);
    static QString scalePrecisionName(ScalePrecision precision);
    static QString roundingName(RoundingMode mode);
};

}  // namespace floatscope::gui
