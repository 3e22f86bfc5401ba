#pragma once

#include <cstddef>
#include <vector>

#include "core/batch/FloatRounder.h"
#include "core/train/Fp8.h"
#include "core/train/Kernels.h"
#include "core/train/Products.h"
#include "core/train/Recipe.h"

namespace floatscope::train {

// A recipe's rounding points, ready to apply: one FloatRounder per role.
struct Precision {
    explicit Precision(const Recipe& recipe);

    Recipe recipe;
    FloatRounder params;       // storage, nearest-even (initial weights, master -> storage)
    FloatRounder update;       // storage, the update's mode (nearest-even or stochastic)
    FloatRounder matmul;       // the linear layers' product inputs (unless fp8)
    FloatRounder attention;    // attention's and the output head's product inputs
    FloatRounder gradients;
    FloatRounder adamM;
    FloatRounder adamV;
    FloatRounder fp8Forward;   // saturating, as fp8 casts are
    FloatRounder fp8Backward;
    float fp8ForwardMax = 0;
    float fp8BackwardMax = 0;
    // Where every matrix product of the passes runs (Products.h): the BLAS unless a run chose otherwise.
    ProductEngine* products = &emulatedProducts();
};

// Where a step's gradient roundings and fp8 casts are tallied.
struct StepTally {
    kernels::Zones gradientZones;   // every gradient rounding: activation gradients entering products
                                    // (through the gradient format and then the product's input format)
                                    // and parameter gradients
    kernels::Zones activationZones; // forward: product inputs (activations) through their format
    std::vector<Fp8Operand> fp8;    // one per fp8 operand cast this step, in the order they were cast
    std::vector<bool> fp8IsForward;
};

// Delayed scaling's histories for the operands of one linear layer: input, weight, output gradient.
struct LinearHistories {
    AmaxHistory input;
    AmaxHistory weight;
    AmaxHistory gradient;
};

// One linear layer's product Y = X W (X rows x in, W in x out, row-major) and its two backward
// products dX = dY W^T and dW = X^T dY, with the recipe's rounding points:
//   L1  W into the product format (per step)             L2  X into the product format
//   L3  dY into the gradient format, then the product format (fp8: e5m2 with its scales)
//   L4  dW (accumulated in fp32) into the gradient format
// With fp8 block scaling, X and dY are cast once per product along that product's K: 1 x 128 tiles
// of X for Y, 128 x 1 tiles of X and dY for dW, 1 x 128 tiles of dY for dX; W in 128 x 128 blocks.
class Linear {
public:
    // `head`: the output head, whose inputs take the attention format even in fp8 recipes.
    Linear(std::size_t in, std::size_t out, bool head) : m_in(in), m_out(out), m_head(head) {}

    void prepareWeight(const float* w, const Precision& p, LinearHistories* histories, StepTally& tally);
    void forward(const float* x, std::size_t rows, float* y, const Precision& p, LinearHistories* histories,
                 StepTally& tally);
    // dX is written (not added); dW is written rounded into the gradient format.
    void backward(const float* dy, float* dx, float* dw, const Precision& p, LinearHistories* histories,
                  StepTally& tally);

private:
    bool fp8(const Precision& p) const { return p.recipe.fp8 && !m_head; }

    std::size_t m_in;
    std::size_t m_out;
    bool m_head;
    std::size_t m_rows = 0;
    std::vector<float> m_x;   // 16-bit path: X as rounded; fp8 block scaling: X itself
    std::vector<float> m_w;   // 16-bit path: W as rounded
    ScaledMatrix m_xq;        // fp8: X cast for Y (and, per tensor, for dW)
    ScaledMatrix m_wq;        // fp8: W cast
    std::vector<float> m_dy;  // scratch
    std::vector<float> m_scratch;
};

}  // namespace floatscope::train
