// SPDX-License-Identifier: GPL-3.0-or-later
// The per-ply state of the games played by do_move/undo_move on a state stack (standard
// chess, Ms. Chess, Control Chess): the fields they all keep, the stack itself, and the
// queries and null move that only read or change those fields. Each game's StateInfo
// derives from StateCore and adds its own rule state; each Position derives from
// PlyState<StateInfo> for the shared part and keeps everything else.
#pragma once

#include "engine/repetition.h"
#include "engine/types.h"

#include "castling.h"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace hq::chess {

// What every game here keeps per ply. `key`, `castling`, `rule50` and `pliesFromNull` are
// copied forward and then updated; `epSquare` and `captured` are written fresh. P is the
// game's piece type (Control Chess has its own), None its empty square.
template <typename P = Piece, P None = NO_PIECE> struct StateCore {
    Key key = 0;
    int castling = 0; // CastlingRight bits
    int rule50 = 0;
    int pliesFromNull = 0;
    Square epSquare = SQ_NONE; // SQ_NONE unless an en passant capture is possible now
    P captured = None;         // taken by the move that led here, or None

    // A new ply's state, copied from the last one: the clocks count on and the fields
    // written fresh are cleared. A game with more fresh fields hides this and calls it.
    void begin_ply() {
        ++rule50;
        ++pliesFromNull;
        epSquare = SQ_NONE;
        captured = None;
    }
};

// The undo stack: `->` reaches the current state; the vector grows on demand. Copies keep
// the current state's place, so a copied position undoes the same moves.
template <typename State> class StateStack {
public:
    StateStack()
        : states(256)
        , cur(states.data()) { }
    StateStack(const StateStack& o)
        : states(o.states)
        , cur(states.data() + (o.cur - o.states.data())) { }
    StateStack& operator=(const StateStack& o) {
        if (this != &o) {
            states = o.states;
            cur = states.data() + (o.cur - o.states.data());
        }
        return *this;
    }

    // Forgets the history: one state, as `State {}` sets it.
    void reset() {
        states.assign(256, State {});
        cur = states.data();
    }
    State* operator->() { return cur; }
    const State* operator->() const { return cur; }
    State& operator*() { return *cur; }
    const State& operator*() const { return *cur; }

    // A new current state, copied from the last and begun (State::begin_ply).
    State* push() {
        std::size_t idx = std::size_t(cur - states.data());
        if (idx + 1 == states.size()) {
            states.resize(states.size() * 2);
            cur = states.data() + idx;
        }
        cur[1] = cur[0];
        ++cur;
        cur->begin_ply();
        return cur;
    }
    void pop() { --cur; }

    // The position occurred before: since the root (plyFromRoot > 0) once is enough,
    // otherwise (a game's third occurrence) twice before. Only the plies since the last
    // irreversible move and the last null move can repeat.
    [[nodiscard]] bool is_repetition(int plyFromRoot) const {
        const int history = int(cur - states.data());
        return repeats(std::min({cur->rule50, cur->pliesFromNull, history}), plyFromRoot,
            [this](int i) { return (cur - i)->key; });
    }

    // Some position since the last irreversible move occurred twice: the endgame tables'
    // ranking of a root then keeps to the quickest conversion (variants/chess/syzygy.h).
    [[nodiscard]] bool repeated_since_irreversible() const {
        const int reach = std::min({cur->rule50, cur->pliesFromNull, int(cur - states.data())});
        for (int j = 0; j <= reach; ++j)
            for (int i = j + 4; i <= reach; i += 2)
                if ((cur - j)->key == (cur - i)->key) return true;
        return false;
    }

private:
    std::vector<State> states;
    State* cur;
};

// The side to move, the ply counter and the state stack of a position, with the queries
// and the null move that need nothing else.
template <typename State> class PlyState {
public:
    [[nodiscard]] Color side_to_move() const { return sideToMove; }
    [[nodiscard]] Key key() const { return st->key; }
    [[nodiscard]] int rule50() const { return st->rule50; }
    [[nodiscard]] int game_ply() const { return gamePly; }
    [[nodiscard]] int fullmove_number() const { return 1 + gamePly / 2; }
    [[nodiscard]] Square ep_square() const { return st->epSquare; }
    [[nodiscard]] auto captured_piece() const { return st->captured; }
    [[nodiscard]] int castling_rights() const { return st->castling; }
    [[nodiscard]] bool can_castle(CastlingRight cr) const { return st->castling & cr; }
    // The position occurred before (see StateStack::is_repetition).
    [[nodiscard]] bool is_repetition(int plyFromRoot) const {
        return st.is_repetition(plyFromRoot);
    }
    [[nodiscard]] bool repeated_since_irreversible() const {
        return st.repeated_since_irreversible();
    }

    void undo_null_move() {
        st.pop();
        --gamePly;
        sideToMove = ~sideToMove;
    }

protected:
    // Passes the turn: the side key and an en passant file key (`epKeys`, by file) leave
    // the key, and the null move bounds repetition.
    template <typename Keys> void do_null_move_with(Key sideKey, const Keys& epKeys) {
        Square prevEp = st->epSquare;
        State* s = st.push();
        s->key ^= sideKey;
        if (prevEp != SQ_NONE) s->key ^= epKeys[file_of(prevEp)];
        s->pliesFromNull = 0;
        sideToMove = ~sideToMove;
        ++gamePly;
    }
    // The ply counter a FEN's fullmove number gives.
    void set_fullmove(int fullmove) {
        gamePly = 2 * (std::max(fullmove, 1) - 1) + (sideToMove == BLACK);
    }

    Color sideToMove = WHITE;
    int gamePly = 0;
    StateStack<State> st;
};

} // namespace hq::chess
