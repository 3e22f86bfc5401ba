#pragma once

#include <functional>
#include <memory>
#include <string>

#include "core/format/Format.h"

namespace floatscope::train {

struct Recipe;

// Every matrix product of the model goes through one hook, so that the same recipe can run its
// products on the engine (today's path: fp32 products on the BLAS) or on other hardware (the GPU's
// tensor cores, gpu/train/TensorCoreProducts.h). The recipe's rounding points stay where they are:
// an operand arrives already rounded by the engine, every value of it on `grid` (held in fp32), so
// an engine that converts it to that format (bf16, fp16, e4m3fn, ...) converts exactly, and the
// curves of two engines differ only by how each adds the products up.

// One operand of C = op(A) op(B), row-major: op(X) is X or its transpose, X's rows `ld` floats apart.
struct ProductOperand {
    const float* values = nullptr;
    int ld = 0;
    bool transposed = false;
    const Format* grid = nullptr;  // the format every value lies on
};

// C[M,N] = op(A)[M,K] op(B)[K,N], written (not added) with C's rows `ldc` floats apart.
struct Product {
    int m = 0;
    int n = 0;
    int k = 0;
    ProductOperand a;
    ProductOperand b;
    float* c = nullptr;
    int ldc = 0;
};

class ProductEngine {
public:
    virtual ~ProductEngine() = default;
    // "emulated", "gpu": what RunResult::products records.
    virtual std::string name() const = 0;
    virtual void multiply(const Product& product) = 0;
    // Empty while every product ran; else why one did not (a CUDA or cuBLAS status name: data from
    // outside). After a failure an engine writes NaN, and the trainer stops the run.
    virtual std::string failure() const { return {}; }
};

// Today's path: the products in fp32 on the Debian BLAS (Blas.h), whatever the grid. Stateless,
// shared by every run.
ProductEngine& emulatedProducts();

// A run's engine, made on the run's thread for the run alone (a device engine keeps its buffers).
using ProductEngineFactory = std::function<std::unique_ptr<ProductEngine>(const Recipe&)>;

// C = op(A) op(B) through `engine`, the two operands on their grids; the BLAS's argument order.
inline void multiply(ProductEngine& engine, bool transA, bool transB, int m, int n, int k, const float* a, int lda,
                     const Format& gridA, const float* b, int ldb, const Format& gridB, float* c, int ldc)
{
    engine.multiply(Product{m, n, k, {a, lda, transA, &gridA}, {b, ldb, transB, &gridB}, c, ldc});
}

}  // namespace floatscope::train
