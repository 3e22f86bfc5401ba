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
struct ModelPreset {
    std::string id;
    std::string name;
    std::uint64_t parameters = 0;
    std::optional<ModelShape> shape;
    std::string source;
};

const std::vector<ModelPreset>& modelPresets();
std::optional<ModelPreset> findModelPreset(std::string_view id);

// A parameter count as people write it: "27781427952", "27,781,427,952", "27_781_427_952", "7e9",
// "6.7B", "70b", "1.5T", "350M", or a preset id ("llama3-8b", "anchor"). The result must be a
// positive whole number of at most 10^15; negative, zero, fractional and larger counts are refused
// with a reason that quotes the text.
struct ParameterCountParse {
    std::optional<std::uint64_t> parameters;
    std::optional<ModelPreset> preset;  // when the text named one
    std::string error;
};
ParameterCountParse parseParameterCount(std::string_view text);

}  // namespace floatscope
