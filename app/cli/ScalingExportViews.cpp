#include "cli/ExportViews.h"

namespace floatscope::cli {

std::vector<ExportView> scalingExportViews()
{
    return {};
}

}  // namespace floatscope::cli
