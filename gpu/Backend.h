#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "format/Format.h"
#include "round/Rounding.h"

namespace floatscope::gpu {

// What a reference is known to do differently from the engine. A sweep counts such differences
// under their own kind instead of calling them errors; they are never silently dropped.
enum KnownProperty : std::uint8_t {
    kCanonicalNan = 1 << 0,         // every NaN becomes one fixed code (sign and payload dropped)
    kFlushesSubnormalInputs = 1 << 1,  // fp32 subnormal inputs are treated as signed zero
    kUnsignedTakesMagnitude = 1 << 2,  // negative inputs to an unsigned format convert as |x|
};
using KnownProperties = std::uint8_t;

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
};

// Every backend compiled into this build, available here or not.
std::vector<std::unique_ptr<Backend>> makeBackends();
std::unique_ptr<Backend> makeBackend(std::string_view name);  // null for an unknown name

}  // namespace floatscope::gpu
