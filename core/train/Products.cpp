#include "core/train/Products.h"

#include "core/train/Blas.h"

namespace floatscope::train {

namespace {

class EmulatedProducts final : public ProductEngine {
public:
    std::string name() const override { return "emulated"; }
    void multiply(const Product& p) override
    {
        gemm(p.a.transposed, p.b.transposed, p.m, p.n, p.k, p.a.values, p.a.ld, p.b.values, p.b.ld, 0.0f, p.c, p.ldc);
    }
};

}  // namespace

ProductEngine& emulatedProducts()
{
    static EmulatedProducts engine;
    return engine;
}

}  // namespace floatscope::train
