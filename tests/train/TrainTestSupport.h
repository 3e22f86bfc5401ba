#pragma once

// Helpers of the training lab's tests: the engine's scalar path (verified against MPFR in the core
// tests) as the reference for every rounding, and a tiny model that runs in milliseconds.
#include <cmath>
#include <cstring>
#include <limits>
#include <span>
#include <string_view>
#include <variant>

#include <gtest/gtest.h>

#include "../core/TestSupport.h"
#include "core/format/Codec.h"
#include "core/format/Registry.h"
#include "core/round/Rounding.h"
#include "core/train/Trainer.h"

namespace floatscope::test {

// A code's value as a double (every code of the formats here fits).
inline double valueOf(const Format& format, std::uint64_t code)
{
    const Decoded d = decode(format, code);
    switch (d.valueClass) {
    case ValueClass::NaN: return std::numeric_limits<double>::quiet_NaN();
    case ValueClass::Infinite: return d.negative ? -HUGE_VAL : HUGE_VAL;
    case ValueClass::Zero: return d.negative ? -0.0 : 0.0;
    default: break;
    }
    const double v = std::ldexp(static_cast<double>(d.value.significand), static_cast<int>(d.value.exponent));
    return d.negative ? -v : v;
}

// x rounded into the format by the scalar path, as a double.
inline double roundScalar(const Format& format, double x, RoundOptions options = {})
{
    return valueOf(format, roundToFormat(unpackDouble(x), format, options).code);
}

// How many values are not values of the format (their rounding into it changes them).
inline std::size_t notInFormat(std::span<const float> values, const Format& format)
{
    std::size_t count = 0;
    for (const float v : values)
        count += roundScalar(format, v) != static_cast<double>(v) ? 1 : 0;
    return count;
}

// Two records of a step agree bit for bit.
inline bool identical(const train::StepRecord& a, const train::StepRecord& b)
{
    const auto same = [](double x, double y) { return std::memcmp(&x, &y, sizeof x) == 0; };
    return a.step == b.step && same(a.trainLoss, b.trainLoss) && a.valBitsPerChar.has_value() == b.valBitsPerChar.has_value()
        && (!a.valBitsPerChar || same(*a.valBitsPerChar, *b.valBitsPerChar)) && same(a.absorbedShare, b.absorbedShare)
        && same(a.underflowShare, b.underflowShare) && same(a.overflowShare, b.overflowShare)
        && same(a.lossScale, b.lossScale) && a.skipped == b.skipped && same(a.gradientNorm, b.gradientNorm);
}

// A model of about 1,700 parameters and a batch of 2 x 8 characters.
inline train::TrainConfig tinyConfig(int steps = 4)
{
    train::TrainConfig c;
    c.model.context = 8;
    c.model.width = 8;
    c.model.heads = 2;
    c.model.hidden = 16;
    c.batch = 2;
    c.steps = steps;
    c.evalSequences = 4;
    c.evalEvery = 2;
    return c;
}

// 150 steps of batch 8 x 32, small enough for the lecture's outcomes to be assertions.
inline train::TrainConfig lessonConfig()
{
    train::TrainConfig config;
    config.batch = 8;
    config.model.context = 32;
    config.steps = 150;
    config.evalEvery = 150;
    return config;
}

inline train::Recipe recipe(std::string_view text)
{
    auto parsed = train::parseRecipe(text);
    if (const auto* e = std::get_if<train::RecipeError>(&parsed)) {
        ADD_FAILURE() << "test recipe does not parse: " << text << " (key " << e->key << ", value " << e->value << ")";
        return {};
    }
    return std::get<train::Recipe>(parsed);
}

}  // namespace floatscope::test
