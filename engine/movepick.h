// SPDX-License-Identifier: GPL-3.0-or-later
// The staged move picker: hands out moves one at a time in the order the search wants
// them, generating lazily so that a cutoff on the first move costs no further generation.
//
//   1. the transposition-table move, if legal here;
//   2. good noisy moves (captures, queen promotions), best victim / least attacker first
//      (the game's noisy_order), adjusted by capture history where the game uses it,
//      "good" meaning not losing material by static exchange where the game offers
//      `G::see_ge` (otherwise every noisy move is good);
//   3. quiet moves: the two killers and the counter move first, then by history score
//      (the move's own, after the previous move, after the move before that);
//   4. the bad noisy moves put aside in stage 2.
//
// Moves the game's `search_skips` hook names are never handed out (GameHooks). Once the
// search calls skip_quiets() (late move pruning), stage 3 is skipped or cut short.
//
// In quiescence search only stages 1-2 run, unless the side to move is in check (then
// every evasion is tried).
#pragma once

#include "game.h"
#include "history.h"

#include <cstdint>

namespace hq {

template <SearchGame G> class MovePicker {
public:
    using Position = typename G::Position;
    using Move = typename G::Move;

    // Main search.
    MovePicker(const Position& p, Move tt, Move k1, Move k2, Move counter, const HistoryTable* h,
        const std::int16_t* cont, const std::int16_t* follow = nullptr,
        const HistoryTable* captureHistory = nullptr)
        : pos(p)
        , ttMove(tt)
        , killer1(k1)
        , killer2(k2)
        , counterMove(counter)
        , history(h)
        , continuation(cont)
        , followUp(follow)
        , captures(captureHistory)
        , quiescence(false) { }
    // Quiescence search.
    MovePicker(const Position& p, Move tt, const HistoryTable* captureHistory = nullptr)
        : pos(p)
        , ttMove(tt)
        , history(nullptr)
        , captures(captureHistory)
        , quiescence(!p.in_check()) { }

    // No more quiet moves from now on (the search prunes them all); noisy moves still come.
    void skip_quiets() { skipQuiets = true; }

    // The next move, or Move() when there are no more.
    Move next() {
        switch (stage) {
        case TT_MOVE:
            stage = GEN_NOISY;
            if (ttMove && (!quiescence || G::is_noisy(pos, ttMove)) && G::is_legal(pos, ttMove)
                && !skipped(ttMove))
                return ttMove;
            [[fallthrough]];
        case GEN_NOISY:
            moves.clear();
            G::generate_noisy(pos, moves);
            for (std::size_t i = 0; i < moves.size(); ++i) {
                scores[i] = G::noisy_order(pos, moves[i]);
                if constexpr (G::hooks.captureHistoryDivisor > 0)
                    if (captures)
                        scores[i]
                            += captures->get(pos.side_to_move(), moves[i].from(), moves[i].to())
                            / G::hooks.captureHistoryDivisor;
            }
            cur = 0;
            badCount = 0;
            stage = GOOD_NOISY;
            [[fallthrough]];
        case GOOD_NOISY:
            while (cur < moves.size()) {
                Move m = pick_best();
                if (m == ttMove || skipped(m)) continue;
                if (!is_good_noisy(m)) {
                    bad[badCount++] = m;
                    continue;
                }
                return m;
            }
            // Quiescence search skips losing captures altogether.
            stage = quiescence ? DONE : skipQuiets ? BAD_NOISY : GEN_QUIET;
            if (stage == GEN_QUIET) {
                moves.clear();
                G::generate_quiet(pos, moves);
                Color us = pos.side_to_move();
                for (std::size_t i = 0; i < moves.size(); ++i) {
                    Move m = moves[i];
                    scores[i] = m == killer1 ? 1 << 20
                        : m == killer2       ? (1 << 20) - 1
                        : m == counterMove
                        ? (1 << 20) - 2
                        : quiet_history(history, continuation, followUp, us, m.from(), m.to());
                }
                cur = 0;
                quietsPicked = 0;
                stage = QUIETS;
            }
            return next();
        case QUIETS:
            while (!skipQuiets && cur < moves.size()) {
                // A cutoff usually comes among the first few quiets: those are picked one
                // by one; a node that wants more gets the rest sorted at once.
                if (quietsPicked == PickedOneByOne) sort_rest();
                Move m = quietsPicked++ < PickedOneByOne ? pick_best() : moves[cur++];
                if (m != ttMove && !skipped(m)) return m;
            }
            stage = BAD_NOISY;
            badCur = 0;
            [[fallthrough]];
        case BAD_NOISY:
            while (badCur < badCount) {
                Move m = bad[badCur++];
                if (m != ttMove) return m;
            }
            stage = DONE;
            [[fallthrough]];
        case DONE:
        default: return Move();
        }
    }

private:
    enum Stage { TT_MOVE, GEN_NOISY, GOOD_NOISY, GEN_QUIET, QUIETS, BAD_NOISY, DONE };

    // A move the game tells the search to leave out (GameHooks::searchSkips).
    bool skipped(Move m) const {
        if constexpr (G::hooks.searchSkips) return G::search_skips(pos, m);
        else return false;
    }

    bool is_good_noisy(Move m) const {
        if constexpr (G::hooks.see) return G::see_ge(pos, m, 0);
        else return true;
    }

    // Insertion sort of the moves from `cur` on, best first (ties keep their order).
    void sort_rest() {
        for (std::size_t i = cur + 1; i < moves.size(); ++i) {
            const Move m = moves[i];
            const int score = scores[i];
            std::size_t j = i;
            for (; j > cur && scores[j - 1] < score; --j) {
                moves[j] = moves[j - 1];
                scores[j] = scores[j - 1];
            }
            moves[j] = m;
            scores[j] = score;
        }
    }

    // Selection sort step: swap the best remaining move to `cur` and return it.
    Move pick_best() {
        std::size_t best = cur;
        for (std::size_t i = cur + 1; i < moves.size(); ++i)
            if (scores[i] > scores[best]) best = i;
        std::swap(moves[cur], moves[best]);
        std::swap(scores[cur], scores[best]);
        return moves[cur++];
    }

    const Position& pos;
    Move ttMove, killer1, killer2, counterMove;
    const HistoryTable* history;
    const std::int16_t* continuation = nullptr; // [from * 64 + to] after the previous move
    const std::int16_t* followUp = nullptr;     // ... after the move before that
    const HistoryTable* captures = nullptr;     // noisy moves' history (may be absent)
    bool quiescence;
    Stage stage = TT_MOVE;
    typename G::MoveList moves;
    int scores[G::MoveList::capacity];
    std::size_t cur = 0;
    static constexpr int PickedOneByOne = 3;
    int quietsPicked = 0;
    bool skipQuiets = false;
    Move bad[G::MoveList::capacity];
    std::size_t badCount = 0, badCur = 0;
};

} // namespace hq
