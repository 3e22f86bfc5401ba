#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <QString>

#include "core/dot/Accumulator.h"
#include "core/format/Format.h"

namespace floatscope::gui {

// An accumulator as the dot-product lessons and `floatscope dot` read one, in one place: its spec
// parsed ("bf16:stochastic", "h100-fp8"), promoted into fp32 every `promote` products (0: not),
// its stochastic rounding seeded with `seed` (the inputs' seed, as `floatscope dot` does), and
// checked against the inputs. On failure the reason, naming the offending text.
std::optional<dot::Accumulator> readAccumulator(const QString& spec, const Format& inputs, int promote, std::uint64_t seed,
                                                QString& error);

// "fp32,bf16,h100-fp8": each as readAccumulator reads it, at most dot::kMaxAccumulators.
std::optional<std::vector<dot::Accumulator>> parseAccumulatorList(const QString& text, const Format& inputs,
                                                                  std::uint64_t seed, QString& error, int promote = 0);

// The distributions generated vectors are drawn from, as --distribution names them: a Choice's choices.
std::vector<std::string> distributionChoices();

}  // namespace floatscope::gui
