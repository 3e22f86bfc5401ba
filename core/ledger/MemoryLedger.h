#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/format/Registry.h"

namespace floatscope {

// What a component of the training state is, which decides which ZeRO stage shards it.
enum class ComponentRole : std::uint8_t {
    MasterWeights,         // the high-precision copy the optimizer updates
    AccumulatedGradients,  // the buffer gradients are summed into across micro-batches
    Weights,               // the copy the forward and backward GEMMs read
    Gradients,             // what the backward pass writes
    OptimizerStates,       // Adam's m and v (one component each where their formats differ)
    Other,                 // anything a user adds that is none of these (never sharded by ZeRO)
};

const char* toString(ComponentRole role);   // "master_weights", "accumulated_gradients", ...
// "master", "acc" (or "accumulated"), "weights", "grads" (or "gradients"), "opt" (or "optimizer"),
// "other"; also the names toString gives.
std::optional<ComponentRole> parseComponentRole(std::string_view text);

// Adam keeps two moments, both optimizer states; a component that holds one says which.
enum class AdamMoment : std::uint8_t { None, First, Second };  // -, m, v

// One row of a scheme: a part of the per-parameter state, its format, and its bytes per parameter.
// The bytes are editable; the format is a label (a format name, or a description such as "fp8 + fp16").
struct LedgerComponent {
    ComponentRole role = ComponentRole::Other;
    AdamMoment moment = AdamMoment::None;
    std::string label;  // a user's own name for it; empty: named by its role and moment (app/text)
    std::string format;
    double bytesPerParam = 0;
};

// A training recipe's static memory: every component kept for each parameter, excluding activations.
struct LedgerScheme {
    std::string id;     // "bf16-mixed-fp32acc"
    // A user's name for it; empty for the built-in recipes, which app/text/LedgerText describes by id
    // (name, the GEMMs' input precision, the sources of the accounting, and a note).
    std::string name;
    std::vector<LedgerComponent> components;

    bool builtin() const { return name.empty(); }
    double bytesPerParam() const;
    double bytesFor(ComponentRole role) const;
};

// The recipes of lesson 14's memory ledger (its table and its code) and the BF16 lesson, in the
// lessons' order of totals 16, 20, 16, 15, 9, 10, after fp32 + Adam (16). Each keeps the lessons'
// accounting; app/text gives each its name and a note on how its primary source counts.
const std::vector<LedgerScheme>& builtinSchemes();
std::optional<LedgerScheme> findScheme(std::string_view id);

// A user's scheme as text: "ID=ROLE:FORMAT[xN],..." where FORMAT is a format name (bytes = bits / 8,
// times N values per parameter) or a number of bytes: "my-fp8=master:fp32,weights:e4m3fn,
// grads:bf16,opt:bf16x2" or "tiny=weights:0.5,opt:2".
// Why a scheme, a ledger or a memory size is refused. The words are app/text/LedgerText's.
enum class LedgerErrorKind : std::uint8_t {
    SchemeWithoutEquals,    // a scheme spec with no '=' (subject: the spec)
    BadSchemeId,            // not 1..64 letters, digits, '-', '_' or '.' (subject: the id)
    ComponentWithoutColon,  // a component that is not ROLE:FORMAT (subject: the component)
    UnknownRole,            // (subject: the role as typed)
    NegativeBytes,          // (subject: the component)
    ComponentFormat,        // the component's FORMAT names no format (subject: the component; format: why)
    NoComponents,           // (subject: the scheme's id)
    NoParameters,           // a ledger of 0 parameters
    NoGpus,                 // 0 GPUs, or a model-parallel degree of 0
    BadZeroStage,           // (number: the stage)
    BadComponentBytes,      // negative or non-finite bytes (component: it; subject: the scheme's id)
    BadMemorySize,          // not a positive number with a unit (subject: the text)
};

struct LedgerError {
    LedgerErrorKind kind = LedgerErrorKind::NoParameters;
    std::string subject;                     // the text or id the error names
    long long number = 0;
    std::optional<FormatError> format;       // ComponentFormat
    std::optional<LedgerComponent> component;  // BadComponentBytes
};

struct SchemeSpecParse {
    std::optional<LedgerScheme> scheme;
    std::optional<LedgerError> error;
};
SchemeSpecParse parseSchemeSpec(std::string_view text);

// ZeRO (Rajbhandari et al. 2020, "ZeRO: Memory Optimizations Toward Training Trillion Parameter
// Models", §5): stage 1 shards the optimizer states, which in the paper include the fp32 master
// weights; stage 2 also the gradients (here with the accumulation buffer); stage 3 also the weights.
bool shardedByZero(ComponentRole role, int zeroStage);

// Static memory of a scheme on a cluster. G GPUs are the data-parallel group ZeRO shards across;
// modelParallel (tensor x pipeline degree) splits every component further, as Megatron-LM does.
struct LedgerConfig {
    std::uint64_t parameters = 0;
    std::uint64_t gpus = 1;
    int zeroStage = 0;
    std::uint64_t modelParallel = 1;
};

struct LedgerRow {
    LedgerComponent component;
    bool sharded = false;     // divided across the G data-parallel GPUs by ZeRO
    double totalBytes = 0;    // for the whole model
    double perGpuBytes = 0;
};

struct LedgerResult {
    LedgerScheme scheme;
    LedgerConfig config;
    std::vector<LedgerRow> rows;
    double bytesPerParam = 0;
    double totalBytes = 0;
    double perGpuBytes = 0;
};

struct LedgerOutcome {
    std::optional<LedgerResult> result;
    std::optional<LedgerError> error;
};

// Refused with a reason: no parameters, no GPUs, a ZeRO stage outside 0..3, a component with
// negative or non-finite bytes.
LedgerOutcome computeLedger(const LedgerScheme& scheme, const LedgerConfig& config);

// Bytes in decimal gigabytes (10^9, as the lecture notes and disk vendors count) or binary gibibytes (2^30,
// as nvidia-smi and memory vendors count an "80 GB" card).
enum class ByteUnit : std::uint8_t { GB, GiB };
const char* toString(ByteUnit unit);
std::optional<ByteUnit> parseByteUnit(std::string_view text);
double inUnit(double bytes, ByteUnit unit);

// "80GB", "80 GiB", "141GB", "1.5TB", "81559MiB": bytes; an error names the text.
struct ByteSizeParse {
    std::optional<double> bytes;
    std::optional<LedgerError> error;
};
ByteSizeParse parseByteSize(std::string_view text);

}  // namespace floatscope
