#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/format/Format.h"
#include "core/round/Rounding.h"

namespace floatscope::gpu {

// What a reference is known to do differently from the engine. A sweep counts such differences
// under their own kind instead of calling them errors; they are never silently dropped.
enum KnownProperty : std::uint8_t {
    kCanonicalNan = 1 << 0,         // every NaN becomes one fixed code (sign and payload dropped)
    kFlushesSubnormalInputs = 1 << 1,  // fp32 subnormal inputs are treated as signed zero
    kUnsignedTakesMagnitude = 1 << 2,  // negative inputs to an unsigned format convert as |x|
};
using KnownProperties = std::uint8_t;

// Why the engine and a reference gave different codes for one input.
enum class MismatchKind : std::uint8_t {
    NanEncoding,            // both gave a NaN, different bits (sign or payload convention)
    SubnormalInputFlushed,  // the reference treated an fp32 subnormal input as zero
    UnsignedTakesMagnitude, // the reference converted |x| where the engine says NaN (negative into e8m0)
    Unexplained,            // a real disagreement
};
inline constexpr std::size_t kMismatchKinds = 4;
const char* toString(MismatchKind kind);

struct Mismatch {
    std::uint32_t input = 0;  // fp32 bits
    std::uint16_t engine = 0;
    std::uint16_t reference = 0;
    MismatchKind kind = MismatchKind::Unexplained;
};

// What a backend that compares on its own hardware (the GPU) hands back for a range of inputs.
struct InPlaceComparison {
    std::array<std::uint64_t, kMismatchKinds> mismatches{};
    std::vector<Mismatch> examples;
    std::string error;
    double seconds = 0;
};

// A converter of fp32 values to a format's codes, in plain C++: the CUDA device, NVIDIA's host
// code from the CUDA headers, or a CPU instruction. Widgets and the command line pick one at run
// time by name; no CUDA or intrinsic type appears here.
class Backend {
public:
    virtual ~Backend() = default;

    virtual std::string name() const = 0;         // "nvidia-host", "x86-f16c", ...
    virtual std::string description() const = 0;  // one line for people
    // Empty when the backend works here; otherwise why not, in words a user can act on.
    virtual std::string unavailableReason() const { return {}; }
    bool available() const { return unavailableReason().empty(); }

    virtual bool supports(const Format& format, RoundingMode mode, OverflowPolicy overflow) const = 0;
    virtual KnownProperties knownProperties(const Format& format) const = 0;
    // fp32 bit patterns in, codes out (same length). Only for supported conversions. Returns an
    // empty string, or why the conversion failed (a device error, say).
    virtual std::string convert(std::span<const std::uint32_t> input, std::span<std::uint16_t> output,
                                const Format& format, RoundingMode mode, OverflowPolicy overflow) const = 0;
    // Backends that can run the engine beside the reference themselves (the CUDA device runs the
    // engine's batch kernel and compares inside the kernel) do the whole range here, so that
    // nothing large crosses the bus; others return nothing and the sweep converts chunk by chunk.
    virtual std::optional<InPlaceComparison> compareInPlace(const Format&, RoundingMode, OverflowPolicy,
                                                            std::uint64_t /*begin*/, std::uint64_t /*end*/) const
    {
        return std::nullopt;
    }
};

// Every backend compiled into this build, available here or not.
std::vector<std::unique_ptr<Backend>> makeBackends();
std::unique_ptr<Backend> makeBackend(std::string_view name);  // null for an unknown name

}  // namespace floatscope::gpu
