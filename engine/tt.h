// SPDX-License-Identifier: GPL-3.0-or-later
// The transposition table, shared by all search threads of one engine (Lazy SMP).
//
// Layout: a power-of-two-free array of 64-byte buckets (one cache line each), four
// 16-byte entries per bucket. An entry is two 64-bit words: `data` holds the game's move
// (32 bits), the search value and the static evaluation (16 bits each); `meta` holds the
// upper 32 bits of the position key (the bucket index comes from the lower bits) XORed
// with both halves of `data`, the depth and the generation with the bound type.
//
// Race contract: threads read and write entries without locks. Each word is one relaxed
// atomic access (std::atomic_ref: a plain 64-bit load or store on x86-64, so no cost), so
// the memory model defines every race, but an entry can still be torn: `data` from one
// write, `meta` from another. The XOR in `meta` detects that: a torn entry no longer
// matches its key (but for a 2^-32 chance) and is ignored, as a miss. What remains is the
// chance of any 32-bit key match, so the search still validates every TT move with the
// game's legality test before playing it, and a wrong value costs at worst a bad cutoff,
// never a crash.
#pragma once

#include "score.h"
#include "types.h"

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace hq {

struct TTEntry {
    std::uint64_t data; // move << 32 | value << 16 | eval (16-bit two's complement each)
    std::uint64_t meta; // (key32 ^ fold(data)) << 32 | depth8 << 8 | genBound

    // Stored depths are 0 (quiescence) and up; the offset keeps depth8 0 free for "empty"
    // and leaves room below 0 should a search ever store negative depths.
    static constexpr int DEPTH_OFFSET = 8;

    // The two words as they are read: one relaxed atomic load each.
    struct Words {
        std::uint64_t data, meta;

        // The key's upper half, as stored; a torn entry gives (almost surely) another one.
        [[nodiscard]] std::uint32_t key32() const { return std::uint32_t(meta >> 32) ^ fold(data); }
        // depth + DEPTH_OFFSET, 0 = empty
        [[nodiscard]] int depth8() const { return int(meta >> 8 & 0xFF); }
        [[nodiscard]] std::uint8_t gen_bound() const { return std::uint8_t(meta); }
        [[nodiscard]] std::uint32_t move() const { return std::uint32_t(data >> 32); }
        [[nodiscard]] Value value() const { return std::int16_t(std::uint16_t(data >> 16)); }
        [[nodiscard]] Value eval() const { return std::int16_t(std::uint16_t(data)); }
        [[nodiscard]] int depth() const { return depth8() - DEPTH_OFFSET; }
        [[nodiscard]] Bound bound() const { return Bound(gen_bound() & 3); }
    };
    [[nodiscard]] static std::uint32_t fold(std::uint64_t data) {
        return std::uint32_t(data) ^ std::uint32_t(data >> 32);
    }
    [[nodiscard]] static std::uint64_t pack_data(std::uint32_t move, Value value, Value eval) {
        return std::uint64_t(move) << 32 | std::uint64_t(std::uint16_t(value)) << 16
            | std::uint16_t(eval);
    }
    static std::uint64_t pack_meta(
        std::uint32_t key32, std::uint64_t data, int depth8, std::uint8_t genBound) {
        return std::uint64_t(key32 ^ fold(data)) << 32 | std::uint64_t(depth8) << 8 | genBound;
    }

    // Not const: an atomic_ref needs a modifiable object (the table's memory always is).
    Words load() {
        return {std::atomic_ref(data).load(std::memory_order_relaxed),
            std::atomic_ref(meta).load(std::memory_order_relaxed)};
    }
    // In any order another thread may see them: a mix of old and new words fails the key
    // check (pack_meta ties the key to this `data`).
    void save(std::uint64_t newData, std::uint64_t newMeta) {
        std::atomic_ref(data).store(newData, std::memory_order_relaxed);
        std::atomic_ref(meta).store(newMeta, std::memory_order_relaxed);
    }
};
static_assert(sizeof(TTEntry) == 16);
static_assert(alignof(TTEntry) >= std::atomic_ref<std::uint64_t>::required_alignment);
static_assert(std::atomic_ref<std::uint64_t>::is_always_lock_free);

struct TTBucket {
    static constexpr int SIZE = 4;
    TTEntry entries[SIZE];
};
static_assert(sizeof(TTBucket) == 64);

// What a probe hands back: a copy of the entry's data (safe to read while others write).
struct TTData {
    bool hit = false;
    std::uint32_t move = 0;
    Value value = VALUE_NONE;
    Value eval = VALUE_NONE;
    int depth = -TTEntry::DEPTH_OFFSET;
    Bound bound = BOUND_NONE;
};

class TranspositionTable {
public:
    TranspositionTable() = default;
    ~TranspositionTable();
    TranspositionTable(const TranspositionTable&) = delete;
    TranspositionTable& operator=(const TranspositionTable&) = delete;

    // Reallocates to `mb` megabytes and makes the table ready: every page is written (zero)
    // by `threads` threads in parallel, so that no search pays for faulting it in (a 2 GB
    // table left to fault page by page searched at 4.5k nps instead of 2.4M in its first
    // 3 s). Takes at most memory_limit_mb(), and when that much cannot be had the largest
    // half, quarter... of it that can (a single bucket if not even a megabyte can);
    // returns the megabytes in use.
    std::size_t resize(std::size_t mb, int threads = 1);
    // The most resize() takes: half the machine's memory, and no more than seven eighths
    // of what is available now (a table is written at once, so an amount the machine
    // cannot hold would swap or wake the out-of-memory killer instead of failing), and no
    // more than the environment's HARLEQUIN_HASH_LIMIT_MB when that is set.
    [[nodiscard]] std::size_t memory_limit_mb() const;
    // Tests: a smaller limit than the machine's (0: the machine's again).
    void set_memory_limit_mb(std::size_t mb) { limitOverrideMb = mb; }
    [[nodiscard]] std::size_t size_mb() const { return sizeMb; }
    // The size last asked of resize(), which may be more than size_mb().
    [[nodiscard]] std::size_t requested_mb() const { return requestedMb; }
    // Zeroes every bucket, using `threads` threads (nothing to do when no search has run
    // since the last resize or clear).
    void clear(int threads = 1);
    // A new search: entries from older searches become preferred victims.
    void new_search() {
        generation = std::uint8_t((generation + 4) & 0xFC);
        zeroed = false;
    }

    [[nodiscard]] TTData probe(Key key) const;
    // Stores, keeping deeper and fresher information: a slot is chosen in the bucket by
    // (same key) > (empty) > (lowest depth minus age); an entry of the same key is
    // overwritten only by exact bounds, deeper searches, or a new search.
    void store(Key key, std::uint32_t move, Value value, Value eval, int depth, Bound bound);
    // Per-mille of the first thousand buckets' entries written in this search.
    [[nodiscard]] int hashfull() const;
    void prefetch(Key key) const { __builtin_prefetch(bucket_of(key)); }
    // Where the buckets start (tests: the alignment that huge pages need).
    [[nodiscard]] const void* address() const { return buckets; }

    // Mate and table-win values are stored relative to the node (distance from it), not
    // the root.
    [[nodiscard]] static Value to_tt(Value v, int ply) {
        return v >= VALUE_TABLE_WIN_IN_MAX_PLY ? v + ply
            : v <= -VALUE_TABLE_WIN_IN_MAX_PLY ? v - ply
                                               : v;
    }
    [[nodiscard]] static Value from_tt(Value v, int ply) {
        if (v == VALUE_NONE) return v;
        return v >= VALUE_TABLE_WIN_IN_MAX_PLY ? v - ply
            : v <= -VALUE_TABLE_WIN_IN_MAX_PLY ? v + ply
                                               : v;
    }

private:
    // Writes zero over every bucket with up to `threads` threads, each its own share
    // (first touch: the pages become resident, on the node of the thread that writes them).
    void zero_buckets(int threads);
    [[nodiscard]] TTBucket* bucket_of(Key key) const {
        // Multiply-shift maps the key uniformly onto [0, bucketCount) without a modulo.
        return buckets + std::size_t((unsigned __int128)(key)*bucketCount >> 64);
    }

    TTBucket* buckets = nullptr;
    void* memory = nullptr;
    std::size_t mappedBytes = 0; // the mapping's length when mmap gave `memory` (tt.cpp)
    std::size_t bucketCount = 0;
    std::size_t sizeMb = 0;
    std::size_t requestedMb = 0;
    std::size_t limitOverrideMb = 0;
    bool zeroed = false; // no new_search() (which comes before any store) since resize/clear
    std::uint8_t generation = 0;
};

} // namespace hq
