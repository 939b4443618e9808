// SPDX-License-Identifier: GPL-3.0-or-later
// The int16 vector operations the networks use, for the instruction set the build targets
// (CMakeLists.txt's HARLEQUIN_ARCH): AVX-512 (BW), AVX2, SSE2, or none. The choice is made
// when compiling, as Stockfish's `make ARCH=` makes it: a binary built for x86-64 uses SSE2
// and runs on every x86-64 CPU; one built for x86-64-avx2 needs AVX2.
//
// simd::Vec is one register of int16 lanes: load/store (64-byte aligned memory), wrapping
// add/sub, clamp, and madd (pairwise int16 products summed into int32 lanes, which
// sum_int32 then adds up). With no vector unit, HasVec is false and callers use their
// portable loops (and HQ_SIMD is not defined).
#pragma once

#include <cstdint>
#include <string_view>

#if defined(__AVX512BW__) || defined(__AVX2__) || defined(__SSE2__)
#include <immintrin.h>
// Defined when simd::Vec exists, for code that has a vector path and a portable one.
#define HQ_SIMD 1
#endif

namespace hq::simd {

#if defined(__AVX512BW__)
inline constexpr std::string_view Name = "AVX-512";
inline constexpr bool HasVec = true;
struct Vec {
    using Raw = __m512i;
    static constexpr int Lanes = 32; // int16 lanes
    static Raw load(const std::int16_t* p) { return _mm512_load_si512(p); }
    static void store(std::int16_t* p, Raw v) { _mm512_store_si512(p, v); }
    static Raw add16(Raw a, Raw b) { return _mm512_add_epi16(a, b); }
    static Raw sub16(Raw a, Raw b) { return _mm512_sub_epi16(a, b); }
    static Raw zero() { return _mm512_setzero_si512(); }
    static Raw splat16(std::int16_t x) { return _mm512_set1_epi16(x); }
    static Raw clamp16(Raw v, Raw lo, Raw hi) {
        return _mm512_min_epi16(_mm512_max_epi16(v, lo), hi);
    }
    static Raw madd16(Raw a, Raw b) { return _mm512_madd_epi16(a, b); }
    static Raw add32(Raw a, Raw b) { return _mm512_add_epi32(a, b); }
    // Through memory: GCC 12's _mm512_reduce_add_epi32 trips -Wuninitialized in its own
    // header (_mm256_undefined_si256), and this runs once an evaluation.
    static std::uint32_t sum_int32(Raw v) {
        alignas(64) std::uint32_t lanes[16];
        _mm512_store_si512(lanes, v);
        std::uint32_t sum = 0;
        for (std::uint32_t x : lanes) sum += x;
        return sum;
    }
};
#elif defined(__AVX2__)
inline constexpr std::string_view Name = "AVX2";
inline constexpr bool HasVec = true;
struct Vec {
    using Raw = __m256i;
    static constexpr int Lanes = 16;
    static Raw load(const std::int16_t* p) {
        return _mm256_load_si256(reinterpret_cast<const Raw*>(p));
    }
    static void store(std::int16_t* p, Raw v) { _mm256_store_si256(reinterpret_cast<Raw*>(p), v); }
    static Raw add16(Raw a, Raw b) { return _mm256_add_epi16(a, b); }
    static Raw sub16(Raw a, Raw b) { return _mm256_sub_epi16(a, b); }
    static Raw zero() { return _mm256_setzero_si256(); }
    static Raw splat16(std::int16_t x) { return _mm256_set1_epi16(x); }
    static Raw clamp16(Raw v, Raw lo, Raw hi) {
        return _mm256_min_epi16(_mm256_max_epi16(v, lo), hi);
    }
    static Raw madd16(Raw a, Raw b) { return _mm256_madd_epi16(a, b); }
    static Raw add32(Raw a, Raw b) { return _mm256_add_epi32(a, b); }
    static std::uint32_t sum_int32(Raw v) {
        __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
        s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
        s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
        return std::uint32_t(_mm_cvtsi128_si32(s));
    }
};
#elif defined(__SSE2__)
inline constexpr std::string_view Name = "SSE2";
inline constexpr bool HasVec = true;
struct Vec {
    using Raw = __m128i;
    static constexpr int Lanes = 8;
    static Raw load(const std::int16_t* p) {
        return _mm_load_si128(reinterpret_cast<const Raw*>(p));
    }
    static void store(std::int16_t* p, Raw v) { _mm_store_si128(reinterpret_cast<Raw*>(p), v); }
    static Raw add16(Raw a, Raw b) { return _mm_add_epi16(a, b); }
    static Raw sub16(Raw a, Raw b) { return _mm_sub_epi16(a, b); }
    static Raw zero() { return _mm_setzero_si128(); }
    static Raw splat16(std::int16_t x) { return _mm_set1_epi16(x); }
    static Raw clamp16(Raw v, Raw lo, Raw hi) { return _mm_min_epi16(_mm_max_epi16(v, lo), hi); }
    static Raw madd16(Raw a, Raw b) { return _mm_madd_epi16(a, b); }
    static Raw add32(Raw a, Raw b) { return _mm_add_epi32(a, b); }
    static std::uint32_t sum_int32(Raw v) {
        v = _mm_add_epi32(v, _mm_shuffle_epi32(v, 0x4E));
        v = _mm_add_epi32(v, _mm_shuffle_epi32(v, 0xB1));
        return std::uint32_t(_mm_cvtsi128_si32(v));
    }
};
#else
inline constexpr std::string_view Name = "portable C++";
inline constexpr bool HasVec = false;
#endif

// The instruction-set level the binary was built for (CMakeLists.txt's HARLEQUIN_ARCH).
#ifdef HARLEQUIN_ARCH_NAME
inline constexpr std::string_view ArchName = HARLEQUIN_ARCH_NAME;
#else
inline constexpr std::string_view ArchName = "unknown";
#endif

} // namespace hq::simd
