#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/dot/Accumulator.h"
#include "core/dot/DotLessons.h"
#include "core/dot/Probe.h"
#include "core/dot/RunControl.h"
#include "gpu/dot/DotBackend.h"

namespace floatscope::gpu {

// Inner products through a model and through hardware, compared bit for bit and every difference
// counted by kind, as `verify` counts conversions.
enum class DotMismatchKind : std::uint8_t {
    NanEncoding,  // both NaN, other bits (the models promise a NaN, not its payload)
    ZeroSign,     // both zero, other signs
    Unexplained,  // a real disagreement
};
inline constexpr std::size_t kDotMismatchKinds = 3;
const char* toString(DotMismatchKind kind);  // "nan-encoding", "zero-sign", "unexplained"

DotMismatchKind classifyDotMismatch(const Format& result, std::uint32_t model, std::uint32_t hardware);

struct DotMismatch {
    std::size_t index = 0;     // which inner product (or lane)
    std::uint32_t model = 0;   // codes of the result format
    std::uint32_t hardware = 0;
    DotMismatchKind kind = DotMismatchKind::Unexplained;
};

struct DotComparison {
    std::uint64_t compared = 0;
    std::uint64_t matches = 0;
    std::array<std::uint64_t, kDotMismatchKinds> mismatches{};
    std::vector<DotMismatch> examples;  // the first few of each kind
    DotBackendStatus status;            // a failure of the hardware: the counts cover what ran before
    bool cancelled = false;
    double seconds = 0;

    std::uint64_t count(DotMismatchKind kind) const { return mismatches[static_cast<std::size_t>(kind)]; }
    std::uint64_t unexplained() const { return count(DotMismatchKind::Unexplained); }
    void add(std::size_t index, const Format& result, std::uint32_t model, std::uint32_t hardware);
};

// A random m x k by k x n product (operands from the distribution) through the model, output by
// output, and through the backend's GEMM.
DotComparison compareGemm(const DotBackend& backend, const Format& inputs, const dot::Accumulator& accumulator,
                          GemmShape shape, dot::Distribution distribution, std::uint64_t seed,
                          const dot::RunControl& control = {});

// `count` random inner products of k products each (a few more where the last batch's rows are
// whole), through the model and the backend's GEMM in batches of at most 2^20 operands a side (one
// pair of vectors where k is longer): memory is that of one batch however large the count. Each batch has
// its own seed, derived from `seed`; the model stops within an inner product when cancelled.
DotComparison compareInnerProductCount(const DotBackend& backend, const Format& inputs,
                                       const dot::Accumulator& accumulator, std::size_t k, std::uint64_t count,
                                       dot::Distribution distribution, std::uint64_t seed,
                                       const dot::RunControl& control = {});

// Given inner products (vector t at a[t * k]) from starting values c (codes of the result format),
// through the model and through the backend (where it startsFromC).
DotComparison compareInnerProducts(const DotBackend& backend, const Format& inputs, const dot::Accumulator& accumulator,
                                   std::size_t k, std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
                                   std::span<const std::uint32_t> c);

// The CPU's VDPBF16PS against the model, one instruction lane at a time: `cases` lanes, random
// bit patterns and values built to cancel, underflow into denormals, overflow and tie.
DotComparison checkVdpbf16psLanes(std::uint64_t cases, std::uint64_t seed, const dot::RunControl& control = {});

// The backend's GEMM as the probing method's black box: one inner product of the given codes, from
// 0, fp32 out. Empty when the device fails.
dot::ProbeOracle gemmOracle(const DotBackend& backend, const Format& inputs);

// The tensor cores of the GPU behind `backend` against the models, as the Hardware dock shows them:
// each preset of the GPU's family (with an input type the GPU has) on random n x n products of one
// block's and four blocks' length; for a GPU no preset models, what the probing method finds for
// fp16 and bf16 inputs.
struct TensorCoreCheck {
    std::string preset;  // the preset's id
    std::size_t k = 0;
    DotComparison comparison;
};
struct TensorCoreProbe {
    std::string inputs;                      // a canonical format name
    std::optional<dot::ProbeReport> report;  // empty: the device failed
};
struct TensorCoreReport {
    DotBackendStatus status;  // why nothing ran, or a failure part way
    std::string device;
    std::vector<TensorCoreCheck> checks;
    std::vector<TensorCoreProbe> probes;  // only where no preset models the GPU
    bool cancelled = false;
};
TensorCoreReport checkTensorCores(const DotBackend& backend, std::size_t side = 64, std::uint64_t seed = 5,
                                  const dot::RunControl& control = {});

}  // namespace floatscope::gpu
