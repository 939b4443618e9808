// SPDX-License-Identifier: GPL-3.0-or-later
// A fixed-capacity list of moves, the container every game's generator fills. Capacity is
// a template parameter so each game sizes it for its own maximum branching factor.
#pragma once

#include <cassert>
#include <cstddef>

namespace hq {

template <typename MoveT, std::size_t Capacity = 256> class MoveList {
public:
    using value_type = MoveT;

    void push_back(MoveT m) {
        assert(count < Capacity);
        moves[count++] = m;
    }
    // Raw write access for generators that write several moves at once; `set_end` commits.
    MoveT* end_ptr() { return moves + count; }
    void set_end(MoveT* e) { count = std::size_t(e - moves); }
    void clear() { count = 0; }

    [[nodiscard]] std::size_t size() const { return count; }
    [[nodiscard]] bool empty() const { return count == 0; }
    MoveT& operator[](std::size_t i) { return moves[i]; }
    const MoveT& operator[](std::size_t i) const { return moves[i]; }
    MoveT* begin() { return moves; }
    MoveT* end() { return moves + count; }
    [[nodiscard]] const MoveT* begin() const { return moves; }
    [[nodiscard]] const MoveT* end() const { return moves + count; }
    [[nodiscard]] bool contains(MoveT m) const {
        for (std::size_t i = 0; i < count; ++i)
            if (moves[i] == m) return true;
        return false;
    }

    static constexpr std::size_t capacity = Capacity;

private:
    MoveT moves[Capacity];
    std::size_t count = 0;
};

} // namespace hq
