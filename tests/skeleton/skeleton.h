// SPDX-License-Identifier: GPL-3.0-or-later
// The skeleton game of docs/adding-a-game.md: the smallest type that satisfies `SearchGame`
// (engine/game.h), compiled by the tests (tests/test_skeleton.cpp) with the same engine
// facade, referee and probe as every registered game, and registered for nobody.
//
// The game, "King Race": an 8x8 board with one king a side (White from e1, Black from e8).
// A king steps to any of the eight neighbouring squares that is on the board and not next
// to the other king. The first king to reach the far rank (White the 8th, Black the 1st)
// wins; a side with no step loses; after 60 plies the game is drawn.
//
// FEN: the placement as in chess (`4k3/8/8/8/8/8/8/4K3`), the side to move (`w`/`b`) and
// the plies played (`0`). Moves: from and to squares (`e1e2`).
#pragma once

#include "engine/game.h"
#include "engine/move_bits.h"
#include "engine/movelist.h"
#include "engine/text.h"

#include <cstdlib>
#include <string>

namespace hq::skeleton {

constexpr int PlyLimit = 60;

// Bits 0-11: from and to (engine/move_bits.h); this game needs nothing else.
class Move : public MoveBits<Move, std::uint16_t> {
public:
    constexpr Move() = default;
    constexpr Move(Square from, Square to)
        : MoveBits(from, to, 0) { }
};

using MoveList = hq::MoveList<Move, 8>;

class Position {
public:
    static constexpr std::string_view StartFen = "4k3/8/8/8/8/8/8/4K3 w 0";

    Position() { [[maybe_unused]] auto err = set_fen(StartFen); }

    Color side_to_move() const { return stm; }
    Square king(Color c) const { return kings[c]; }
    int plies() const { return ply; }
    Key key() const { return hash; }
    // Every piece of rule state: both kings, the side to move and the ply count (the draw
    // rule depends on it).
    Key compute_key() const {
        Key k = zobrist(kings[WHITE]) ^ (zobrist(kings[BLACK]) * 3)
            ^ Key(ply) * 0x9E3779B97F4A7C15ULL;
        return stm == BLACK ? ~k : k;
    }

    std::optional<std::string> set_fen(std::string_view text) {
        auto words = split_words(text);
        if (words.size() != 3) return "bad FEN: expected placement, side to move and plies";
        Square found[COLOR_NB] = {SQ_NONE, SQ_NONE};
        int rank = 7, file = 0;
        for (char c : words[0]) {
            if (c == '/') {
                if (file != 8 || rank == 0) return "bad FEN: placement";
                --rank, file = 0;
            } else if (c >= '1' && c <= '8') file += c - '0';
            else if ((c == 'K' || c == 'k') && file < 8) {
                Color side = c == 'K' ? WHITE : BLACK;
                if (found[side] != SQ_NONE) return "bad FEN: two kings of one side";
                found[side] = make_square(File(file++), Rank(rank));
            } else return std::string("bad FEN: unexpected '") + c + "'";
            if (file > 8) return "bad FEN: a rank longer than 8 squares";
        }
        if (rank != 0 || file != 8) return "bad FEN: placement";
        if (found[WHITE] == SQ_NONE || found[BLACK] == SQ_NONE) return "bad FEN: a king is missing";
        if (adjacent(found[WHITE], found[BLACK])) return "bad FEN: the kings touch";
        if (words[1] != "w" && words[1] != "b") return "bad FEN: side to move";
        auto n = parse_number<int>(words[2]);
        if (!n || *n < 0 || *n > PlyLimit) return "bad FEN: plies";
        kings[WHITE] = found[WHITE], kings[BLACK] = found[BLACK];
        stm = words[1] == "w" ? WHITE : BLACK;
        ply = *n;
        hash = compute_key();
        return std::nullopt;
    }

    std::string fen() const {
        std::string s;
        for (int r = 7; r >= 0; --r) {
            int empty = 0;
            for (int f = 0; f < 8; ++f) {
                Square sq = make_square(File(f), Rank(r));
                char c = sq == kings[WHITE] ? 'K' : sq == kings[BLACK] ? 'k' : 0;
                if (!c) {
                    ++empty;
                    continue;
                }
                if (empty) s += char('0' + empty), empty = 0;
                s += c;
            }
            if (empty) s += char('0' + empty);
            if (r) s += '/';
        }
        return s + (stm == WHITE ? " w " : " b ") + std::to_string(ply);
    }
    std::string picture() const { return fen(); }

    void do_move(Move m) {
        kings[stm] = m.to();
        stm = ~stm;
        ++ply;
        hash = compute_key();
    }
    void undo_move(Move m) {
        stm = ~stm;
        kings[stm] = m.from();
        --ply;
        hash = compute_key();
    }
    // This game cannot pass (null_move_allowed is false): the search never calls these.
    void do_null_move() { }
    void undo_null_move() { }
    bool in_check() const { return false; }

    std::string move_text(Move m) const { return square_name(m.from()) + square_name(m.to()); }
    std::optional<Move> parse_move(std::string_view text) const;

    static bool adjacent(Square a, Square b) {
        return std::abs(int(file_of(a)) - int(file_of(b))) <= 1
            && std::abs(int(rank_of(a)) - int(rank_of(b))) <= 1;
    }
    // The side that has reached its far rank, if any.
    std::optional<Color> winner() const {
        if (rank_of(kings[WHITE]) == RANK_8) return WHITE;
        if (rank_of(kings[BLACK]) == RANK_1) return BLACK;
        return std::nullopt;
    }

private:
    static Key zobrist(Square s) { return (Key(s) + 1) * 0xD6E8FEB86659FD93ULL; }

    Square kings[COLOR_NB] = {SQ_E1, SQ_E8};
    Color stm = WHITE;
    int ply = 0;
    Key hash = 0;
};

struct KingRace {
    using Position = skeleton::Position;
    using Move = skeleton::Move;
    using MoveList = skeleton::MoveList;
    static constexpr bool alternating = true;
    static constexpr GameHooks hooks = {}; // no optional hook

    static void generate_legal(const Position& pos, MoveList& list) {
        if (pos.winner() || pos.plies() >= PlyLimit) return;
        Color us = pos.side_to_move();
        Square from = pos.king(us);
        for (int df = -1; df <= 1; ++df)
            for (int dr = -1; dr <= 1; ++dr) {
                int f = int(file_of(from)) + df, r = int(rank_of(from)) + dr;
                if ((!df && !dr) || f < 0 || f > 7 || r < 0 || r > 7) continue;
                Square to = make_square(File(f), Rank(r));
                if (!Position::adjacent(to, pos.king(~us))) list.push_back(Move(from, to));
            }
    }
    static std::uint64_t count_legal(const Position& pos) {
        MoveList list;
        generate_legal(pos, list);
        return list.size();
    }
    static Outcome adjudicate(const Position& pos) {
        if (auto w = pos.winner())
            return *w == WHITE ? Outcome {Result::WHITE_WINS, "White reaches the 8th rank"}
                               : Outcome {Result::BLACK_WINS, "Black reaches the 1st rank"};
        if (pos.plies() >= PlyLimit) return {Result::DRAW, "Draw after 60 plies"};
        if (count_legal(pos) == 0)
            return pos.side_to_move() == WHITE ? Outcome {Result::BLACK_WINS, "White cannot move"}
                                               : Outcome {Result::WHITE_WINS, "Black cannot move"};
        return {};
    }

    // The search's part. No move is noisy: quiescence search stands pat.
    static void generate_noisy(const Position&, MoveList&) { }
    static void generate_quiet(const Position& pos, MoveList& list) { generate_legal(pos, list); }
    static bool is_noisy(const Position&, Move) { return false; }
    static int noisy_order(const Position&, Move) { return 0; }
    static bool is_legal(const Position& pos, Move m) {
        MoveList list;
        generate_legal(pos, list);
        return list.contains(m);
    }
    // Ranks still to go, the opponent's minus ours, in centipawn-like units.
    static Value evaluate(const Position& pos) {
        Color us = pos.side_to_move();
        auto togo = [&](Color c) {
            return c == WHITE ? 7 - int(rank_of(pos.king(WHITE))) : int(rank_of(pos.king(BLACK)));
        };
        return Value(100 * (togo(~us) - togo(us)) + 10);
    }
    // The game is decided before any move is generated: the mover's king reached its rank
    // (the side to move has lost), or the plies ran out.
    static std::optional<Value> rule_value(const Position& pos, int plyFromRoot) {
        if (pos.winner()) return mated_in(plyFromRoot);
        if (pos.plies() >= PlyLimit) return VALUE_DRAW;
        return std::nullopt;
    }
    static Value no_moves_value(const Position&, int plyFromRoot) { return mated_in(plyFromRoot); }
    static bool null_move_allowed(const Position&) { return false; }
};

inline std::optional<Move> Position::parse_move(std::string_view text) const {
    MoveList list;
    KingRace::generate_legal(*this, list);
    for (Move m : list)
        if (move_text(m) == text) return m;
    return std::nullopt;
}

} // namespace hq::skeleton
