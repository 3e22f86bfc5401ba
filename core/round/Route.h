#pragma once

#include <optional>
#include <string_view>

#include "core/exact/ExactValue.h"
#include "core/format/Format.h"
#include "core/round/Rounding.h"

namespace floatscope {

// How a value reaches the target format. Direct is one rounding from the exact value (the
// engine's rule). Via fp32 is what `torch.tensor(x).to(torch.bfloat16)` does: the literal first
// becomes an fp32 (nearest-even), then that is rounded with the chosen mode. Via fp64 likewise.
enum class Route : std::uint8_t { Direct, ViaFp32, ViaFp64 };

const char* toString(Route route);  // "direct", "fp32", "fp64"
std::optional<Route> parseRoute(std::string_view text);

struct RoutedResult {
    RoundResult result;      // through the chosen route
    RoundResult direct;      // one rounding from the exact value
    bool doubleRounding = false;  // the route gave other bits than direct
};

RoundResult roundVia(const ExactValue& value, const Format& target, Route route, const RoundOptions& options = {});
RoutedResult roundRouted(const ExactValue& value, const Format& target, Route route, const RoundOptions& options = {});

}  // namespace floatscope
