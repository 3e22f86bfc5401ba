#include "core/ledger/MemoryLedger.h"

#include <cctype>
#include <charconv>
#include <cmath>

#include "core/common/Names.h"


namespace floatscope {

namespace {

using R = ComponentRole;
using M = AdamMoment;

LedgerComponent component(R role, const char* format, double bytes, M moment = M::None)
{
    return LedgerComponent{role, moment, {}, format, bytes};
}

std::vector<LedgerComponent> adam(const char* format, double bytes)
{
    return {component(R::OptimizerStates, format, bytes, M::First), component(R::OptimizerStates, format, bytes, M::Second)};
}

LedgerScheme scheme(const char* id, std::vector<LedgerComponent> parts, const std::vector<LedgerComponent>& moments)
{
    parts.insert(parts.end(), moments.begin(), moments.end());
    return LedgerScheme{id, {}, std::move(parts)};
}

std::vector<LedgerScheme> makeBuiltinSchemes()
{
    // Sources (app/text/LedgerText cites them per recipe, with each recipe's name, GEMM precision and note):
    //   [ZeRO]     Rajbhandari et al. 2020, "ZeRO: Memory Optimizations Toward Training Trillion
    //              Parameter Models", §3.1: mixed-precision Adam keeps 2 + 2 + 12 = 16 bytes per parameter.
    //   [Playbook] Hugging Face, "The Ultra-Scale Playbook" (nanotron), section "Mixed precision
    //              training": the table lesson 14 reproduces.
    //   [DSV3]     DeepSeek-AI 2024, "DeepSeek-V3 Technical Report", §3.3.3 "Low-Precision Storage".
    //   [FP8-LM]   Peng et al. 2023, "FP8-LM: Training FP8 Large Language Models", §2.
    return {
        scheme("fp32-adam", {component(R::Weights, "fp32", 4), component(R::Gradients, "fp32", 4)}, adam("fp32", 4)),
        scheme("bf16-mixed",
               {component(R::MasterWeights, "fp32", 4), component(R::Weights, "bf16", 2),
                component(R::Gradients, "bf16", 2)},
               adam("fp32", 4)),
        scheme("bf16-mixed-fp32acc",
               {component(R::MasterWeights, "fp32", 4), component(R::AccumulatedGradients, "fp32", 4),
                component(R::Weights, "bf16", 2), component(R::Gradients, "bf16", 2)},
               adam("fp32", 4)),
        scheme("te-fp8", {component(R::Weights, "fp32", 4), component(R::Gradients, "fp32", 4)}, adam("fp32", 4)),
        scheme("deepseek-v3-fp8",
               {component(R::MasterWeights, "fp32", 4), component(R::AccumulatedGradients, "fp32", 4),
                component(R::Weights, "e4m3fn", 1), component(R::Gradients, "bf16", 2)},
               adam("bf16", 2)),
        scheme("fp8-lm-o3",
               {component(R::MasterWeights, "fp16", 2), component(R::AccumulatedGradients, "fp16", 2),
                component(R::Weights, "fp8", 1), component(R::Gradients, "fp8", 1),
                component(R::OptimizerStates, "fp8", 1, M::First), component(R::OptimizerStates, "fp16", 2, M::Second)},
               {}),
        scheme("nanotron-fp8",
               {component(R::MasterWeights, "bf16", 2), component(R::AccumulatedGradients, "fp32", 4),
                component(R::Weights, "fp8", 1), component(R::Gradients, "fp8", 1)},
               adam("fp8", 1)),
    };
}

bool validId(std::string_view id)
{
    if (id.empty() || id.size() > 64)
        return false;
    for (const char c : id)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.')
            return false;
    return true;
}

std::string lowered(std::string_view text)
{
    std::string out(text);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// A decimal number with nothing after it (from_chars: no locale, no leading '+').
std::optional<double> number(std::string_view text)
{
    double value = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

}  // namespace

// The roles' names, then the short forms a scheme spec takes (master:fp32, opt:bf16x2).
constexpr Named<ComponentRole> kRoles[] = {
    {R::MasterWeights, "master_weights"},     {R::AccumulatedGradients, "accumulated_gradients"},
    {R::Weights, "weights"},                  {R::Gradients, "gradients"},
    {R::OptimizerStates, "optimizer_states"}, {R::Other, "other"},
    {R::MasterWeights, "master"},             {R::AccumulatedGradients, "acc"},
    {R::AccumulatedGradients, "accumulated"}, {R::Weights, "w"},
    {R::Gradients, "grads"},                  {R::Gradients, "g"},
    {R::OptimizerStates, "opt"},              {R::OptimizerStates, "optimizer"}};

const char* toString(ComponentRole role) { return nameIn(kRoles, role); }

std::optional<ComponentRole> parseComponentRole(std::string_view text) { return valueIn(kRoles, lowered(text)); }

double LedgerScheme::bytesPerParam() const
{
    double sum = 0;
    for (const LedgerComponent& c : components)
        sum += c.bytesPerParam;
    return sum;
}

double LedgerScheme::bytesFor(ComponentRole role) const
{
    double sum = 0;
    for (const LedgerComponent& c : components)
        if (c.role == role)
            sum += c.bytesPerParam;
    return sum;
}

const std::vector<LedgerScheme>& builtinSchemes()
{
    static const std::vector<LedgerScheme> schemes = makeBuiltinSchemes();
    return schemes;
}

std::optional<LedgerScheme> findScheme(std::string_view id)
{
    for (const LedgerScheme& s : builtinSchemes())
        if (s.id == id)
            return s;
    return std::nullopt;
}

SchemeSpecParse parseSchemeSpec(std::string_view text)
{
    SchemeSpecParse out;
    auto refused = [&out](LedgerErrorKind kind, std::string_view subject) {
        out.error = LedgerError{kind, std::string(subject), 0, std::nullopt, std::nullopt};
        return out;
    };
    const std::size_t equals = text.find('=');
    if (equals == std::string_view::npos)
        return refused(LedgerErrorKind::SchemeWithoutEquals, text);
    LedgerScheme scheme;
    scheme.id = std::string(text.substr(0, equals));
    if (!validId(scheme.id))
        return refused(LedgerErrorKind::BadSchemeId, scheme.id);
    scheme.name = scheme.id;
    std::string_view rest = text.substr(equals + 1);
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        const std::string_view item = rest.substr(0, comma);
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
        const std::size_t colon = item.find(':');
        if (colon == std::string_view::npos)
            return refused(LedgerErrorKind::ComponentWithoutColon, item);
        const auto role = parseComponentRole(item.substr(0, colon));
        if (!role)
            return refused(LedgerErrorKind::UnknownRole, item.substr(0, colon));
        // FORMAT or BYTES, optionally times N values per parameter ("fp32x2" for Adam's m and v).
        std::string_view what = item.substr(colon + 1);
        double count = 1;
        std::string countText;
        if (const std::size_t x = what.rfind('x'); x != std::string_view::npos) {
            if (const auto n = number(what.substr(x + 1)); n && *n > 0) {
                count = *n;
                countText = " x" + std::string(what.substr(x + 1));
                what = what.substr(0, x);
            }
        }
        LedgerComponent c;
        c.role = *role;
        if (const auto bytes = number(what)) {
            if (*bytes < 0)
                return refused(LedgerErrorKind::NegativeBytes, item);
            c.format = "-";
            c.bytesPerParam = *bytes * count;
        } else {
            const FormatLookup format = lookupFormat(what);
            if (!format.format) {
                refused(LedgerErrorKind::ComponentFormat, item);
                out.error->format = format.error;
                return out;
            }
            c.format = format.format->name() + countText;
            c.bytesPerParam = count * format.format->totalBits() / 8.0;
        }
        scheme.components.push_back(std::move(c));
    }
    if (scheme.components.empty())
        return refused(LedgerErrorKind::NoComponents, scheme.id);
    out.scheme = std::move(scheme);
    return out;
}

bool shardedByZero(ComponentRole role, int zeroStage)
{
    switch (role) {
    case R::MasterWeights:
    case R::OptimizerStates: return zeroStage >= 1;
    case R::AccumulatedGradients:
    case R::Gradients: return zeroStage >= 2;
    case R::Weights: return zeroStage >= 3;
    case R::Other: return false;
    }
    return false;
}

LedgerOutcome computeLedger(const LedgerScheme& scheme, const LedgerConfig& config)
{
    LedgerOutcome out;
    auto refused = [&out](LedgerErrorKind kind) {
        out.error = LedgerError{kind, {}, 0, std::nullopt, std::nullopt};
        return out;
    };
    if (config.parameters == 0)
        return refused(LedgerErrorKind::NoParameters);
    if (config.gpus == 0 || config.modelParallel == 0)
        return refused(LedgerErrorKind::NoGpus);
    if (config.zeroStage < 0 || config.zeroStage > 3) {
        refused(LedgerErrorKind::BadZeroStage);
        out.error->number = config.zeroStage;
        return out;
    }
    LedgerResult r;
    r.scheme = scheme;
    r.config = config;
    const double parameters = static_cast<double>(config.parameters);
    for (const LedgerComponent& c : scheme.components) {
        if (!(c.bytesPerParam >= 0) || !std::isfinite(c.bytesPerParam)) {
            out.error = LedgerError{LedgerErrorKind::BadComponentBytes, scheme.id, 0, std::nullopt, c};
            return out;
        }
        LedgerRow row;
        row.component = c;
        row.sharded = shardedByZero(c.role, config.zeroStage);
        row.totalBytes = parameters * c.bytesPerParam;
        row.perGpuBytes = row.totalBytes / static_cast<double>(config.modelParallel)
            / (row.sharded ? static_cast<double>(config.gpus) : 1.0);
        r.bytesPerParam += c.bytesPerParam;
        r.totalBytes += row.totalBytes;
        r.perGpuBytes += row.perGpuBytes;
        r.rows.push_back(std::move(row));
    }
    out.result = std::move(r);
    return out;
}

const char* toString(ByteUnit unit)
{
    return unit == ByteUnit::GB ? "GB" : "GiB";
}

std::optional<ByteUnit> parseByteUnit(std::string_view text)
{
    const std::string t = lowered(text);
    if (t == "gb")
        return ByteUnit::GB;
    if (t == "gib")
        return ByteUnit::GiB;
    return std::nullopt;
}

double inUnit(double bytes, ByteUnit unit)
{
    return unit == ByteUnit::GB ? bytes / 1e9 : bytes / 1073741824.0;
}

ByteSizeParse parseByteSize(std::string_view text)
{
    ByteSizeParse out;
    std::size_t split = 0;
    while (split < text.size() && (std::isdigit(static_cast<unsigned char>(text[split])) || text[split] == '.'))
        ++split;
    const auto value = number(text.substr(0, split));
    std::string_view unitText = text.substr(split);
    while (!unitText.empty() && unitText.front() == ' ')
        unitText.remove_prefix(1);
    const std::string unit = lowered(unitText);
    struct Unit {
        const char* name;
        double bytes;
    };
    static constexpr Unit kUnits[] = {{"b", 1.0},           {"kb", 1e3},   {"mb", 1e6},          {"gb", 1e9},
                                      {"tb", 1e12},         {"kib", 1024.0}, {"mib", 1048576.0}, {"gib", 1073741824.0},
                                      {"tib", 1099511627776.0}};
    for (const Unit& u : kUnits) {
        if (unit == u.name && value && *value > 0) {
            out.bytes = *value * u.bytes;
            return out;
        }
    }
    out.error = LedgerError{LedgerErrorKind::BadMemorySize, std::string(text), 0, std::nullopt, std::nullopt};
    return out;
}

}  // namespace floatscope
