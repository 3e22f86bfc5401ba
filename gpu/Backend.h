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
#include "gpu/Availability.h"
#include "gpu/compare/MismatchRules.h"
#include "core/round/Rounding.h"

namespace floatscope::gpu {

const char* toString(MismatchKind kind);  // "nan-encoding", "unexplained", ...

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
    std::string failure;  // "" or the device's own error (see Backend::convert)
    double seconds = 0;
};

// What a backend is, for app/text/HardwareText to say in words: its kind and the facts the words need.
enum class BackendKind : std::uint8_t {
    CudaDevice,     // NVIDIA's device conversion functions on the GPU
    NvidiaHost,     // NVIDIA's conversion functions from the CUDA headers, run on the CPU
    X86F16c,        // the CPU's VCVTPS2PH (fp32 to fp16)
    X86Avx512Bf16,  // the CPU's VCVTNEPS2BF16 (fp32 to bf16; flushes subnormal inputs)
    Other,          // one a test supplies: named by its name()
};
struct BackendInfo {
    BackendKind kind = BackendKind::Other;
    std::string device;  // CudaDevice: the GPU's name as the driver gives it
    int major = 0;       // CudaDevice: compute capability; NvidiaHost: the CUDA headers' version
    int minor = 0;
};

// A converter of fp32 values to a format's codes, in plain C++: the CUDA device, NVIDIA's host
// code from the CUDA headers, or a CPU instruction. Widgets and the command line pick one at run
// time by name; no CUDA or intrinsic type appears here.
class Backend {
public:
    virtual ~Backend() = default;

    virtual std::string name() const = 0;  // "nvidia-host", "x86-f16c", ...
    virtual BackendInfo info() const = 0;
    // Nothing when the backend works here; otherwise why not.
    virtual std::optional<Unavailable> unavailable() const { return std::nullopt; }
    bool available() const { return !unavailable(); }

    virtual bool supports(const Format& format, RoundingMode mode, OverflowPolicy overflow) const = 0;
    virtual KnownProperties knownProperties(const Format& format) const = 0;
    // fp32 bit patterns in, codes out (same length). Only for supported conversions. Returns an
    // empty string, or the device's own error when the conversion failed (CUDA's error name and
    // string: data from outside, which app/text puts into words).
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

// The formats the references convert, in the order the tools list them: NVIDIA's list
// (gpu/backends/NvidiaTarget.h); the CPU instructions convert two of them.
std::vector<Format> checkedFormats();

// Every backend compiled into this build, available here or not.
std::vector<std::unique_ptr<Backend>> makeBackends();
std::unique_ptr<Backend> makeBackend(std::string_view name);  // null for an unknown name

}  // namespace floatscope::gpu
