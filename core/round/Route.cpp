#include "core/round/Route.h"

#include "core/common/Names.h"
#include "core/format/Registry.h"

namespace floatscope {

namespace {

constexpr Named<Route> kRoutes[] = {{Route::Direct, "direct"},     {Route::ViaFp32, "fp32"}, {Route::ViaFp64, "fp64"},
                                    {Route::ViaFp32, "via-fp32"}, {Route::ViaFp64, "via-fp64"}};

}  // namespace

const char* toString(Route route) { return nameIn(kRoutes, route); }

std::optional<Route> parseRoute(std::string_view text) { return valueIn(kRoutes, text); }

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
