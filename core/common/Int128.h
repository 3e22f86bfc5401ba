#pragma once

// The rounding core keeps a 128-bit significand window: wide enough that every named format
// (at most 53 significant bits) keeps 75 discarded bits, so stochastic rounding with up to
// 64 random bits sees the exact fraction it needs (see round/Rounding.h).
#if !defined(__SIZEOF_INT128__)
#error "Floatscope's core needs a compiler with unsigned __int128 (GCC or Clang on a 64-bit target)"
#endif

namespace floatscope {

__extension__ typedef unsigned __int128 Uint128;
__extension__ typedef __int128 Int128;

}  // namespace floatscope
