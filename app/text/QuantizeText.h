#pragma once

#include <QString>
#include <QStringList>

#include "core/scaling/Quantization.h"
#include "core/scaling/Scheme.h"

namespace floatscope::text {

// The block-scaling lesson's words that the panel, its figure and `floatscope quantize` share.

// How an MX scale rule picks its power of two, and where the rule comes from.
QString mxRuleDescription(MxScaleRule rule);

// How a quantization's scale and elements were made, a line each: the recipe a reader checks the
// numbers against (the panel, its figure and `floatscope quantize` print the same lines).
QStringList quantizeRecipe(const Quantization& q);

QString message(const SchemeError& error);
QString message(const QuantizeError& error);

}  // namespace floatscope::text
