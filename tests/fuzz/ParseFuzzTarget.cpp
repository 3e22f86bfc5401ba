// Fuzz target for the value parser: any bytes in, no crash, no hang, no exception; whatever parses
// must round into every named format and print, and a bit pattern must read back to its code.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <variant>

#include "core/exact/DecimalText.h"
#include "core/format/Registry.h"
#include "core/round/Neighbours.h"
#include "core/text/Parse.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace floatscope;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const ParseOutcome outcome = parseValue(text);
    if (const auto* error = std::get_if<ParseError>(&outcome)) {
        if (error->kind > kLastParseErrorKind || error->position > text.size()
            || error->position + error->length > text.size()
            || (error->kind == ParseErrorKind::PatternTooWide && error->format.empty()))
            std::abort();
        return 0;
    }
    const ParsedValue& parsed = std::get<ParsedValue>(outcome);
    if (parsed.bits && roundExact(parsed.value, parsed.bits->format).code != parsed.bits->code
        && parsed.bits->format.classify(parsed.bits->code) != ValueClass::NaN)
        std::abort();
    for (const Format& f : namedFormats()) {
        const RoundResult r = roundExact(parsed.value, f);
        if (r.code > f.codeMask())
            std::abort();
        (void)shortestText(f, r.code);
        (void)explainRounding(parsed.value, f);
    }
    return 0;
}
