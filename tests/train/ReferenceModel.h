#pragma once

// The lab's model written again, independently and plainly, in fp64: naive loops, std::exp and
// std::tanh, no BLAS, no shared kernels. It is the reference for the gradients (central finite
// differences of this forward pass) and, with rounding hooks at the recipe's points, for where a
// recipe rounds.
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "core/train/Model.h"

namespace floatscope::test {

struct ReferenceRounding {
    std::function<double(double)> linear;     // inputs of the blocks' linear products (X and W)
    std::function<double(double)> attention;  // q, k, v, P, and the head's inputs
};

// Mean cross-entropy in nats.
double referenceLoss(const train::ParameterLayout& layout, std::span<const double> params,
                     std::span<const std::uint8_t> inputs, std::span<const std::uint8_t> targets, int batch,
                     const ReferenceRounding& rounding = {});

}  // namespace floatscope::test
