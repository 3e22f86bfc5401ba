#include "core/ledger/ModelPresets.h"

#include <cctype>
#include <variant>

#include <gmpxx.h>

#include "core/text/Parse.h"

namespace floatscope {

namespace {

std::vector<ModelPreset> makePresets()
{
    // Dense decoder-only models: params = vocab * h * (1 or 2 if the output layer is untied)
    //   + L * (attention: 2 h^2 + 2 h * kv_dim [+ biases] + MLP: 3 h * intermediate + 2 h norms) + h.
    // The anchor model: the BF16 lesson's count (its anchor model's param_total); its shape is what the
    // lesson's activation figures imply (162.5 / 42.5 / 2.5 GiB at s = 4096, b = 1 give h = 5120,
    // L = 64, a = 24), which the lesson does not state.
    return {
        {"anchor", {}, 27781427952ull, ModelShape{5120, 64, 24}, std::nullopt},
        {"llama2-7b", "Llama 2 7B", 6738415616ull, ModelShape{4096, 32, 32}, ModelConfig{32, 11008, 32000, false, false}},
        {"mistral-7b", "Mistral 7B v0.1", 7241732096ull, ModelShape{4096, 32, 32}, ModelConfig{8, 14336, 32000, false, false}},
        {"qwen2.5-7b", "Qwen2.5 7B", 7615616512ull, ModelShape{3584, 28, 28}, ModelConfig{4, 18944, 152064, true, false}},
        {"llama3-8b", "Llama 3 / 3.1 8B", 8030261248ull, ModelShape{4096, 32, 32}, ModelConfig{8, 14336, 128256, false, false}},
        {"llama3-70b", "Llama 3 / 3.1 70B", 70553706496ull, ModelShape{8192, 80, 64}, ModelConfig{8, 28672, 128256, false, false}},
        {"llama3.1-405b", "Llama 3.1 405B", 405853388800ull, ModelShape{16384, 126, 128},
         ModelConfig{8, 53248, 128256, false, false}},
    };
}

std::string lowered(std::string_view text)
{
    std::string out(text);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

ParameterCountParse failure(ParameterCountErrorKind kind, std::string_view text)
{
    ParameterCountParse out;
    out.error = ParameterCountError{kind, std::string(text.substr(0, 60))};
    return out;
}

}  // namespace

const std::vector<ModelPreset>& modelPresets()
{
    static const std::vector<ModelPreset> presets = makePresets();
    return presets;
}

std::optional<ModelPreset> findModelPreset(std::string_view id)
{
    const std::string wanted = lowered(id);
    for (const ModelPreset& p : modelPresets())
        if (p.id == wanted)
            return p;
    return std::nullopt;
}

ParameterCountParse parseParameterCount(std::string_view text)
{
    if (auto preset = findModelPreset(text)) {
        ParameterCountParse out;
        out.parameters = preset->parameters;
        out.preset = std::move(preset);
        return out;
    }
    // 1. Thousands separators out, a K/M/B/T suffix off.
    std::string digits;
    for (const char c : text)
        if (c != ',' && c != '_' && c != ' ')
            digits += c;
    mpq_class multiplier = 1;
    if (!digits.empty()) {
        switch (std::tolower(static_cast<unsigned char>(digits.back()))) {
        case 'k': multiplier = 1000; break;
        case 'm': multiplier = 1000000; break;
        case 'b': multiplier = 1000000000; break;
        case 't': multiplier = mpq_class(mpz_class("1000000000000")); break;
        default: break;
        }
        if (multiplier != 1)
            digits.pop_back();
    }
    // 2. The number, exactly (so that "6.7B" is 6,700,000,000 and not a double's neighbour of it).
    const ParseOutcome parsed = parseValue(digits);
    const auto* value = std::get_if<ParsedValue>(&parsed);
    if (value == nullptr || !value->value.isFinite() || value->bits)
        return failure(ParameterCountErrorKind::NotANumber, text);
    const mpq_class count = value->value.value() * multiplier;
    if (count <= 0)
        return failure(ParameterCountErrorKind::NotPositive, text);
    if (count.get_den() != 1)
        return failure(ParameterCountErrorKind::NotWhole, text);
    if (count > mpq_class(mpz_class(std::to_string(kMaxParameterCount))))
        return failure(ParameterCountErrorKind::TooLarge, text);
    ParameterCountParse out;
    out.parameters = static_cast<std::uint64_t>(count.get_num().get_d());  // exact: below 2^53
    return out;
}

}  // namespace floatscope
