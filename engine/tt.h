// The transposition table, shared by all search threads of one engine (Lazy SMP).
//
// Layout: a power-of-two-free array of 64-byte buckets (one cache line each), four
// 16-byte entries per bucket. An entry holds the upper 32 bits of the position key (the
// bucket index comes from the lower bits), the game's move in 32 bits, the search value
// and static evaluation, the depth, and the generation with the bound type.
//
// Race contract: threads read and write entries without locks. A torn entry (fields from
// two writes) can only produce a wrong move or value for a position that matches 32 key
// bits; the search therefore validates every TT move with the game's legality test before
// playing it, and a wrong value costs at worst a bad cutoff, never a crash.
#pragma once

#include "score.h"
#include "types.h"

#include <cstddef>
#include <cstdint>

namespace hq {

struct TTEntry {
    std::uint32_t key32;
    std::uint32_t move;
    std::int16_t value;
    std::int16_t eval;
    std::uint8_t depth8; // depth + DEPTH_OFFSET, 0 = empty
    std::uint8_t genBound;
    std::uint8_t pad[2];

    static constexpr int DEPTH_OFFSET = 8; // quiescence stores depths down to -7

    int depth() const { return int(depth8) - DEPTH_OFFSET; }
    Bound bound() const { return Bound(genBound & 3); }
};
static_assert(sizeof(TTEntry) == 16);

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

    // Reallocates to `mb` megabytes (zeroed: fresh pages from the OS, so this is quick).
    // Takes at most half the machine's memory, and when that much cannot be had the
    // largest half, quarter... of it that can (keeping the old table if none can);
    // returns the megabytes in use.
    std::size_t resize(std::size_t mb);
    std::size_t size_mb() const { return sizeMb; }
    // The size last asked of resize(), which may be more than size_mb().
    std::size_t requested_mb() const { return requestedMb; }
    // Zeroes every bucket, using `threads` threads for large tables (nothing to do when
    // no search has run since the last resize or clear: a fresh large table stays untouched).
    void clear(int threads = 1);
    // A new search: entries from older searches become preferred victims.
    void new_search() {
        generation = std::uint8_t((generation + 4) & 0xFC);
        zeroed = false;
    }

    TTData probe(Key key) const;
    // Stores, keeping deeper and fresher information: a slot is chosen in the bucket by
    // (same key) > (empty) > (lowest depth minus age); an entry of the same key is
    // overwritten only by exact bounds, deeper searches, or a new search.
    void store(Key key, std::uint32_t move, Value value, Value eval, int depth, Bound bound);
    // Per-mille of the first thousand buckets' entries written in this search.
    int hashfull() const;
    void prefetch(Key key) const { __builtin_prefetch(bucket_of(key)); }

    // Mate values are stored relative to the node (distance from it), not the root.
    static Value to_tt(Value v, int ply) {
        return v >= VALUE_MATE_IN_MAX_PLY ? v + ply : v <= VALUE_MATED_IN_MAX_PLY ? v - ply : v;
    }
    static Value from_tt(Value v, int ply) {
        if (v == VALUE_NONE) return v;
        return v >= VALUE_MATE_IN_MAX_PLY ? v - ply : v <= VALUE_MATED_IN_MAX_PLY ? v + ply : v;
    }

private:
    TTBucket* bucket_of(Key key) const {
        // Multiply-shift maps the key uniformly onto [0, bucketCount) without a modulo.
        return buckets + std::size_t((unsigned __int128)(key)*bucketCount >> 64);
    }

    TTBucket* buckets = nullptr;
    void* memory = nullptr;
    std::size_t bucketCount = 0;
    std::size_t sizeMb = 0;
    std::size_t requestedMb = 0;
    bool zeroed = false; // no new_search() (which comes before any store) since resize/clear
    std::uint8_t generation = 0;
};

} // namespace hq
