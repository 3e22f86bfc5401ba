#include "core/round/Route.h"

#include "core/format/Registry.h"

namespace floatscope {

const char* toString(Route route)
{
    switch (route) {
    case Route::Direct: return "direct";
    case Route::ViaFp32: return "fp32";
    case Route::ViaFp64: return "fp64";
    }
    return "?";
}

std::optional<Route> parseRoute(std::string_view text)
{
    if (text == "direct")
        return Route::Direct;
    if (text == "fp32" || text == "via-fp32")
        return Route::ViaFp32;
    if (text == "fp64" || text == "via-fp64")
        return Route::ViaFp64;
    return std::nullopt;
}

RoundResult roundVia(const ExactValue& value, const Format& target, Route route, const RoundOptions& options)
{
    if (route == Route::Direct)
        return roundExact(value, target, options);
    const Format& intermediate = namedFormat(route == Route::ViaFp32 ? "fp32" : "fp64");
    const RoundResult first = roundExact(value, intermediate);
    RoundResult second = roundToFormat(unpackCode(intermediate, first.code), target, options);
    // The flags describe the whole trip: a first rounding that was inexact makes the result so.
    second.flags |= first.flags & (kInexact | kUnderflow | kOverflow);
    return second;
}

RoutedResult roundRouted(const ExactValue& value, const Format& target, Route route, const RoundOptions& options)
{
    RoutedResult r;
    r.direct = roundExact(value, target, options);
    r.result = route == Route::Direct ? r.direct : roundVia(value, target, route, options);
    r.doubleRounding = r.result.code != r.direct.code;
    return r;
}

}  // namespace floatscope
