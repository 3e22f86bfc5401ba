#pragma once

// Scalar code that must also run on a CUDA device is marked FLOATSCOPE_HOST_DEVICE.
// Keyed on the compiler, as CuTe's CUTE_HOST_DEVICE is: CPU translation units need no CUDA header.
#if defined(__CUDACC__)
#define FLOATSCOPE_HOST_DEVICE __host__ __device__ __forceinline__
#else
#define FLOATSCOPE_HOST_DEVICE inline
#endif
