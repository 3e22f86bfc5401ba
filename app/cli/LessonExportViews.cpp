#include "cli/ExportViews.h"

namespace floatscope::cli {

std::vector<ExportView> lessonExportViews()
{
    return {};
}

}  // namespace floatscope::cli
