#pragma once

#include <QJsonObject>
#include <QString>

#include "core/format/Format.h"
#include "core/inspect/Inspection.h"

namespace floatscope::text {

// One format's inspection as `floatscope show --json` prints it (DESIGN.md's keys), and as the
// inspector copies a row: JSON, a line of text, or a LaTeX table row for slides.
QJsonObject inspectionJson(const QString& input, const Format& format, const Inspection& inspection);
QString inspectionLine(const QString& input, const Format& format, const Inspection& inspection);
QString inspectionLatex(const Format& format, const Inspection& inspection);

}  // namespace floatscope::text
