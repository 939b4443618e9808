// SPDX-License-Identifier: GPL-3.0-or-later
#include "tt.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <new>
#include <string>
#include <sys/mman.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace hq {

namespace {

// The table's memory: zeroed pages, 64-byte aligned. On Linux the block is mapped on a
// 2 MB boundary and marked for transparent huge pages (which the kernel's `madvise` mode,
// Debian's default, needs), so that a probe's random access costs one TLB entry per 2 MB
// instead of per 4 kB; where that is not possible, calloc. Returns the aligned start;
// `release` frees it.
constexpr std::size_t HugePage = std::size_t(2) << 20;

struct Block {
    void* base = nullptr;   // what to free
    std::size_t mapped = 0; // bytes mapped with mmap; 0: from calloc
    void* start = nullptr;
};

Block allocate(std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= HugePage) {
        const std::size_t mapped = bytes + HugePage;
        void* p = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p != MAP_FAILED) {
            auto addr = reinterpret_cast<std::uintptr_t>(p);
            void* start = reinterpret_cast<void*>((addr + HugePage - 1) & ~(HugePage - 1));
            madvise(start, bytes, MADV_HUGEPAGE); // a hint: without it, ordinary pages
            return {p, mapped, start};
        }
    }
#endif
    // calloc of a large block maps fresh zero pages: no time spent clearing here.
    void* p = std::calloc(bytes + 64, 1);
    if (!p) return {};
    auto addr = reinterpret_cast<std::uintptr_t>(p);
    return {p, 0, reinterpret_cast<void*>((addr + 63) & ~std::uintptr_t(63))};
}

void release(void* base, std::size_t mapped) {
    if (!base) return;
    if (mapped) munmap(base, mapped);
    else std::free(base);
}

} // namespace

TranspositionTable::~TranspositionTable() { release(memory, mappedBytes); }

std::size_t TranspositionTable::memory_limit_mb() const {
    if (limitOverrideMb) return limitOverrideMb;
    std::size_t limitMb = std::size_t(1) << 40;
    long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGE_SIZE);
    if (pages > 0 && pageSize > 0)
        limitMb = std::size_t(pages) / 2 / 1024 * std::size_t(pageSize) / 1024;
    // What the kernel says can be had now without swapping (Linux 3.14 and later); this
    // table's own memory counts as available, since resize() frees it first.
    if (std::ifstream meminfo("/proc/meminfo"); meminfo) {
        std::string field;
        std::size_t kb = 0;
        while (meminfo >> field >> kb)
            if (field == "MemAvailable:") {
                limitMb = std::min(limitMb, (kb / 1024 + sizeMb) / 8 * 7);
                break;
            } else meminfo.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
    }
    // A machine's owner (a shared test machine, the project's own tests) may set less.
    if (const char* env = std::getenv("HARLEQUIN_HASH_LIMIT_MB"))
        if (long long v = std::atoll(env); v > 0) limitMb = std::min(limitMb, std::size_t(v));
    return std::max<std::size_t>(1, limitMb);
}

std::size_t TranspositionTable::resize(std::size_t mb, int threads) {
    if (mb == requestedMb && buckets) return sizeMb;
    requestedMb = mb;
    // A Hash the machine cannot give (`setoption name Hash value 65536` on a small one)
    // must not end the program: never more than memory_limit_mb(), then half as much as
    // that if the allocation fails, and so on; the old table stays if even a megabyte
    // cannot be had.
    const std::size_t limitMb = memory_limit_mb();
    for (std::size_t tryMb = std::clamp<std::size_t>(mb, 1, limitMb); tryMb >= 1; tryMb /= 2) {
        std::size_t count = std::max<std::size_t>(1, tryMb * 1024 * 1024 / sizeof(TTBucket));
        // The old table goes first, so that its memory can hold the new one.
        release(memory, mappedBytes);
        memory = nullptr;
        buckets = nullptr;
        Block fresh = allocate(count * sizeof(TTBucket));
        if (!fresh.base) continue;
        memory = fresh.base;
        mappedBytes = fresh.mapped;
        bucketCount = count;
        buckets = static_cast<TTBucket*>(fresh.start);
        sizeMb = tryMb;
        break;
    }
    if (!buckets) {
        // Not even a megabyte: a table of one bucket keeps the search working.
        Block tiny = allocate(sizeof(TTBucket));
        memory = tiny.base;
        mappedBytes = tiny.mapped;
        bucketCount = 1;
        buckets = static_cast<TTBucket*>(tiny.start);
        sizeMb = 0;
    }
    zero_buckets(threads);
    return sizeMb;
}

void TranspositionTable::clear(int threads) {
    if (!buckets || zeroed) return;
    zero_buckets(threads);
}

void TranspositionTable::zero_buckets(int threads) {
    if (!buckets) return;
    // More writers than cores only take turns.
    const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
    threads = std::clamp(threads, 1, cores);
    std::vector<std::thread> workers;
    std::size_t chunk = bucketCount / std::size_t(threads) + 1;
    for (int t = 1; t < threads; ++t) {
        std::size_t start = std::size_t(t) * chunk;
        if (start >= bucketCount) break;
        std::size_t count = std::min(chunk, bucketCount - start);
        workers.emplace_back(
            [this, start, count] { std::memset(buckets + start, 0, count * sizeof(TTBucket)); });
    }
    std::memset(buckets, 0, std::min(chunk, bucketCount) * sizeof(TTBucket));
    for (auto& w : workers) w.join();
    generation = 0;
    zeroed = true;
}

TTData TranspositionTable::probe(Key key) const {
    TTBucket* b = bucket_of(key);
    std::uint32_t key32 = std::uint32_t(key >> 32);
    for (TTEntry& e : b->entries) {
        TTEntry::Words w = e.load();
        if (w.key32() == key32 && w.depth8()) {
            TTData d;
            d.hit = true;
            d.move = w.move();
            d.value = w.value();
            d.eval = w.eval();
            d.depth = w.depth();
            d.bound = w.bound();
            return d;
        }
    }
    return {};
}

void TranspositionTable::store(
    Key key, std::uint32_t move, Value value, Value eval, int depth, Bound bound) {
    TTBucket* b = bucket_of(key);
    std::uint32_t key32 = std::uint32_t(key >> 32);
    TTEntry* replace = &b->entries[0];
    TTEntry::Words old {}; // set by the loop: the first entry is always worth less than `worst`
    int worst = 1 << 30;
    for (TTEntry& e : b->entries) {
        TTEntry::Words w = e.load();
        if (w.key32() == key32 || !w.depth8()) {
            replace = &e;
            old = w;
            break;
        }
        // Older generations lose 8 plies of depth worth per step of age.
        int age = ((generation - (w.gen_bound() & 0xFC)) & 0xFF) / 4;
        int worth = w.depth8() - 8 * age;
        if (worth < worst) {
            worst = worth;
            replace = &e;
            old = w;
        }
    }
    bool sameKey = old.key32() == key32 && old.depth8();
    // Keep the old move if the new search found none.
    std::uint32_t keptMove = move || !sameKey ? move : old.move();
    if (sameKey && bound != BOUND_EXACT && depth + TTEntry::DEPTH_OFFSET + 3 < old.depth8()
        && (old.gen_bound() & 0xFC) == generation) {
        // A shallower result of this search: only a new move is worth keeping.
        if (keptMove != old.move()) {
            std::uint64_t data = TTEntry::pack_data(keptMove, old.value(), old.eval());
            replace->save(data, TTEntry::pack_meta(key32, data, old.depth8(), old.gen_bound()));
        }
        return;
    }
    std::uint64_t data = TTEntry::pack_data(keptMove, value, eval);
    int depth8 = std::clamp(depth + TTEntry::DEPTH_OFFSET, 1, 255);
    replace->save(data, TTEntry::pack_meta(key32, data, depth8, std::uint8_t(generation | bound)));
}

int TranspositionTable::hashfull() const {
    if (!buckets) return 0;
    std::size_t n = std::min<std::size_t>(bucketCount, 250);
    int used = 0;
    for (std::size_t i = 0; i < n; ++i)
        for (TTEntry& e : buckets[i].entries) {
            TTEntry::Words w = e.load();
            used += w.depth8() && (w.gen_bound() & 0xFC) == generation;
        }
    return int(used * 1000 / (n * TTBucket::SIZE));
}

} // namespace hq
