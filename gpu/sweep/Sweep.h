#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <string>
#include <vector>

#include "gpu/Backend.h"
#include "core/batch/Batch.h"
#include "core/format/Format.h"
#include "core/round/Rounding.h"

namespace floatscope::gpu {

// Inputs are fp32 bit patterns begin..end-1 (all 2^32 by default).
struct SweepRange {
    std::uint64_t begin = 0;
    std::uint64_t end = std::uint64_t{1} << 32;
};

// "all", or fp32 bit patterns "START-END", inclusive, in hex (0x3f800000-0x3fffffff) or decimal.
std::optional<SweepRange> parseSweepRange(std::string_view text);

struct SweepOptions {
    unsigned threads = 0;  // 0: one per hardware thread
    std::size_t examplesPerKind = 5;
    // Called on the calling thread with the share done (0..1); may be empty.
    std::function<void(double)> progress;
    const std::atomic<bool>* cancel = nullptr;
};

struct SweepReport {
    std::uint64_t inputs = 0;     // compared (less than the range when cancelled)
    std::uint64_t matches = 0;
    std::uint64_t nanInputs = 0;  // NaN inputs among them, compared like the rest
    std::array<std::uint64_t, kMismatchKinds> mismatches{};
    std::vector<Mismatch> examples;  // the first few of each kind, in input order per thread chunk
    bool cancelled = false;
    std::string failure;  // the backend failed (the device's own error): the counts cover what ran before
    double seconds = 0;

    std::uint64_t count(MismatchKind kind) const { return mismatches[static_cast<std::size_t>(kind)]; }
    std::uint64_t unexplained() const { return count(MismatchKind::Unexplained); }
};

// The rules of gpu/compare/MismatchRules.h for a format and what a reference is known to do.
MismatchRules mismatchRules(const Format& format, KnownProperties known);

// Why the engine's code and a reference's code for one fp32 input differ (they must differ).
MismatchKind classifyMismatch(std::uint32_t input, std::uint16_t engine, std::uint16_t reference, const Format& format,
                              const BatchPlan& plan, KnownProperties known);

// Why a sweep cannot run. The words are app/text/HardwareText's.
enum class SweepRefusalKind : std::uint8_t {
    BackendUnavailable,    // (unavailable)
    ConversionNotOffered,  // the backend has no such conversion (format, mode, overflow)
    NoBatchPath,           // the engine's batch path does not cover it (batch)
};
struct SweepRefusal {
    SweepRefusalKind kind = SweepRefusalKind::BackendUnavailable;
    std::string backend;  // its name
    std::optional<Unavailable> unavailable;
    std::string format;
    RoundingMode mode = RoundingMode::NearestEven;
    OverflowPolicy overflow = OverflowPolicy::NonSaturating;
    std::optional<BatchError> batch;
};

// Nothing when the engine's batch path and the backend both convert this; else why not.
std::optional<SweepRefusal> sweepRefusal(const Backend& backend, const Format& format, RoundingMode mode,
                                         OverflowPolicy overflow);

// Every input in the range through the engine's batch path and the backend, compared bit for bit
// on worker threads. Memory stays a few chunks per thread, whatever the range.
SweepReport sweep(const Backend& backend, const Format& format, RoundingMode mode, OverflowPolicy overflow,
                  SweepRange range = {}, const SweepOptions& options = {});

}  // namespace floatscope::gpu
