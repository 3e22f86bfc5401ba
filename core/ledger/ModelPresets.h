#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace floatscope {

// What the activation formula needs of a dense transformer.
struct ModelShape {
    std::uint64_t hidden = 0;  // h
    std::uint64_t layers = 0;  // L
    std::uint64_t heads = 0;   // a (attention heads)
};

// A model to size the ledger with. Parameter counts are exact, summed from each model's published
// config.json (embeddings, untied output layer, attention with grouped KV heads, SwiGLU MLP, RMSNorm
// weights, biases where the model has them); each matches the count its model card states.
// The lesson's anchor model comes with a count and the shape its activation figures imply; the
// others with the published config their count is summed from (app/text/LedgerText describes both).
struct ModelConfig {
    std::uint64_t kvHeads = 0;       // grouped-query attention's key/value heads (= heads: none)
    std::uint64_t intermediate = 0;  // the MLP's hidden width
    std::uint64_t vocabulary = 0;
    bool qkvBiases = false;
    bool tiedEmbeddings = false;
};

struct ModelPreset {
    std::string id;
    std::string name;  // the model's own name; empty for the BF16 lesson's anchor model (app/text names it)
    std::uint64_t parameters = 0;
    std::optional<ModelShape> shape;
    std::optional<ModelConfig> config;  // empty for the anchor model
};

const std::vector<ModelPreset>& modelPresets();
std::optional<ModelPreset> findModelPreset(std::string_view id);

// A parameter count as people write it: "27781427952", "27,781,427,952", "27_781_427_952", "7e9",
// "6.7B", "70b", "1.5T", "350M", or a preset id ("llama3-8b", "anchor"). The result must be a
// positive whole number of at most 10^15; negative, zero, fractional and larger counts are refused
// with a reason that quotes the text.
// Why a text is no parameter count. The words are app/text/LedgerText's.
enum class ParameterCountErrorKind : std::uint8_t { NotANumber, NotPositive, NotWhole, TooLarge };
struct ParameterCountError {
    ParameterCountErrorKind kind = ParameterCountErrorKind::NotANumber;
    std::string text;  // as given, cut to 60 bytes
};
inline constexpr std::uint64_t kMaxParameterCount = 1'000'000'000'000'000;  // 10^15

struct ParameterCountParse {
    std::optional<std::uint64_t> parameters;
    std::optional<ModelPreset> preset;  // when the text named one
    std::optional<ParameterCountError> error;
};
ParameterCountParse parseParameterCount(std::string_view text);

}  // namespace floatscope
