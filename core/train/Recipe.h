#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/format/Format.h"
#include "core/io/RegularFile.h"
#include "core/ledger/MemoryLedger.h"

namespace floatscope::train {

// How the linear layers' products get their fp8 scales (the FP8 blog; lesson 14 §3B).
enum class Fp8Scaling : std::uint8_t {
    Current,  // per tensor, from this product's own amax (Transformer Engine's current scaling)
    Delayed,  // per tensor, from the largest amax of the last `amaxHistory` steps (TE's delayed scaling)
    Block,    // DeepSeek-V3 §3.3: 1 x 128 tiles for activations and gradients, 128 x 128 for weights
};

enum class LossScaleKind : std::uint8_t { None, Static, Dynamic };

// Loss scaling: the loss gradient is multiplied by S before the backward pass and the parameter
// gradients divided by S after it. Dynamic as in the loss-scaling panel and PyTorch's GradScaler:
// an overflow skips the step and multiplies S by `backoff`; `interval` good steps in a row multiply
// it by `growth`. The defaults are the BF16 lesson's measured fp16 run (2^16, doubled twice in 300 steps).
struct LossScale {
    LossScaleKind kind = LossScaleKind::None;
    double initial = 65536.0;  // Static: S itself
    int interval = 100;
    double growth = 2.0;
    double backoff = 0.5;

    bool operator==(const LossScale&) const = default;
};

// A format for every role a number plays in a training step. Products always accumulate in fp32.
struct Recipe {
    std::string name;             // 1..kMaxRecipeNameBytes, no comma
    Format params = fp32();       // parameter storage: what the forward pass reads
    bool master = false;          // an fp32 master copy that the optimizer updates (else it updates params)
    // Inputs of the linear layers' products: a format (fp32, tf32, bf16, fp16, ...), or fp8 with scales.
    bool fp8 = false;
    Format matmul = fp32();
    Format fp8Forward = fp32();   // with fp8: activations and weights (e4m3fn) ...
    Format fp8Backward = fp32();  // ... and gradients (e5m2)
    Fp8Scaling scaling = Fp8Scaling::Current;
    int amaxHistory = 16;
    // Inputs of the products fp8 recipes keep in 16 bits: attention's QK^T and PV, and the output head.
    Format attention = fp32();
    Format gradients = fp32();    // activation gradients entering products, and parameter gradients
    Format adamM = fp32();        // Adam's first moment ...
    Format adamV = fp32();        // ... and second moment, as stored between steps
    bool stochasticUpdate = false;  // the update's rounding into storage: nearest-even, or stochastic
    LossScale lossScale;

    bool operator==(const Recipe& other) const;
    static Format fp32();
};

// The named recipes, in the order the lab lists them: fp32, bf16-pure, fp16-pure, bf16-master,
// fp16-amp, fp16-noscale, bf16-stochastic, fp8-current, fp8-delayed.
const std::vector<Recipe>& presets();
std::optional<Recipe> findPreset(std::string_view name);

// A recipe as text: key=value pairs separated by spaces, ';' or new lines, '#' to the end of a line
// a comment. Keys: name, base (a preset to start from, applied first), params, master (fp32|none),
// matmul (a format, or fp8), fp8-forward, fp8-backward, fp8-scaling (current|delayed|block),
// amax-history, attention, grads, adam-m, adam-v, update (nearest|stochastic), loss-scale
// (none|dynamic|S for a static S), scale-interval, scale-growth, scale-backoff.
// recipeText() writes every key, so parseRecipe(recipeText(r)) == r.
std::string recipeText(const Recipe& recipe);
// The same one pair to a line, as a recipe file holds it (readRecipeFile reads it back).
std::string recipeFileText(const Recipe& recipe);

enum class RecipeErrorKind : std::uint8_t {
    Empty,            // no key at all
    NotAPair,         // a word without '=' (value: the word)
    UnknownKey,       // key: the key
    RepeatedKey,      // key: the key
    UnknownPreset,    // value: the name (base=..., or a name where a preset was expected)
    UnknownFormat,    // key, value: not a format name
    UnsupportedFormat,// key, value: a format the role cannot hold (no zero, wider than fp32, ...)
    BadChoice,        // key, value: not one of the key's words
    BadNumber,        // key, value: not a number in the key's range
    MissingName,      // a recipe needs a name (or a base to take it from)
    ControlByte,      // a byte that is not text (value: "0x00" for a NUL, "0x1B"; key: its line, from 1)
};

// A recipe's name is a legend entry: at most this many bytes, no comma (BadChoice beyond). The value
// an error names is cut to kMaxShownValueBytes (and "..."), so that a long value cannot fill a message.
inline constexpr std::size_t kMaxRecipeNameBytes = 40;
inline constexpr std::size_t kMaxShownValueBytes = 48;

struct RecipeError {
    RecipeErrorKind kind = RecipeErrorKind::Empty;
    std::string key;
    std::string value;
};

using RecipeParse = std::variant<Recipe, RecipeError>;
RecipeParse parseRecipe(std::string_view text);

// A command line's list: comma-separated preset names, or recipe texts (with ';' between pairs).
using RecipeListParse = std::variant<std::vector<Recipe>, RecipeError>;
RecipeListParse parseRecipeList(std::string_view text);

// A recipe file: key=value text (recipeText() writes one), read only when it is a regular file of
// at most kMaxRecipeFileBytes (a FIFO or /dev/zero is refused at once, as tensor files and sessions
// are). Either the recipe, or the file's problem, or the recipe's error.
inline constexpr std::uint64_t kMaxRecipeFileBytes = 64 * 1024;
struct RecipeFileRead {
    std::optional<Recipe> recipe;
    FileProblem problem = FileProblem::None;
    int systemError = 0;
    std::optional<RecipeError> error;
};
RecipeFileRead readRecipeFile(const std::string& path);

// The recipe's static memory per parameter, in the memory ledger's terms: master weights, weights,
// gradients and Adam's two moments, each in its format's storage bytes (tf32 is held in 4).
LedgerScheme ledgerScheme(const Recipe& recipe);
double bytesPerParameter(const Recipe& recipe);

}  // namespace floatscope::train
