// SPDX-License-Identifier: GPL-3.0-or-later
// The Referee: a game's rules as an arbiter sees them, behind a small virtual interface.
// The match runner uses it to check every move an engine sends, to follow turns (several
// single moves a turn in Multiple Move Chess) and to end games by the rules; the XBoard
// front-end uses it to claim results. Built by the variant registry, like the Engine.
#pragma once

#include "display.h"
#include "engine.h"
#include "game.h"
#include "score.h"
#include "text.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fmt/format.h>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hq {

class Referee {
public:
    virtual ~Referee() = default;
    virtual const VariantSpec& spec() const = 0;
    // Start position (empty FEN) or a FEN; on error the message, position unchanged.
    virtual std::optional<std::string> set_position(std::string_view fen) = 0;
    // Plays one move given as text; on an illegal or unreadable move the message.
    virtual std::optional<std::string> play(std::string_view move) = 0;
    virtual std::string fen() const = 0;
    virtual Color side_to_move() const = 0;
    virtual std::vector<std::string> legal_moves() const = 0;
    // The game's end by its rules (mate, stalemate, repetition, fifty moves, material,
    // scores...), judged on the position and the moves played since set_position.
    virtual Outcome outcome() const = 0;
    virtual void set_chess960(bool on) = 0;

    // A legal move named two ways: `text` as this referee writes it (its canonical form,
    // e.g. "e1h1" for Chess960 castling given as "e1g1") and `san` as people read it in
    // PGN (SAN where the game has it, else the text). Nothing when the move is not legal
    // here. This default knows no SAN; GameReferee asks the game.
    struct MoveNames {
        std::string text, san;
    };
    virtual std::optional<MoveNames> describe(std::string_view move) const {
        for (auto& m : legal_moves())
            if (m == move) return MoveNames {m, m};
        return std::nullopt;
    }
    // The position as a board in a GUI draws it (engine/display.h).
    virtual BoardDisplay display() const {
        return display_from_fen(fen(), spec().files, spec().ranks);
    }
    // What the game calls a side in texts (results, forfeits): "White"/"Black", or
    // "South"/"North" in Martian Chess.
    std::string side_name(Color c) const { return display().sideNames[c]; }

    // ---- The board square by square, for a front-end that speaks of squares and castling
    // in another program's terms (XBoard's). Answered from display() and the move texts, so
    // as the game itself describes its position.

    // The board as piece letters, one a square, in BoardDisplay's order (a1, b1, ... rank
    // by rank): the piece's type letter, upper case when it belongs to White now, lower case
    // for Black; '\0' for an empty square or a piece of no side.
    [[nodiscard]] std::vector<char> piece_letters() const { return piece_letters(display()); }
    [[nodiscard]] static std::vector<char> piece_letters(const BoardDisplay& d) {
        std::vector<char> out(d.cells.size(), '\0');
        for (std::size_t i = 0; i < d.cells.size(); ++i) {
            const DisplayCell& c = d.cells[i];
            if (c.piece.size() != 1 || (c.side != "white" && c.side != "black")) continue;
            char up = char(std::toupper(static_cast<unsigned char>(c.piece[0])));
            out[i] = c.side == "white" ? up : char(std::tolower(static_cast<unsigned char>(up)));
        }
        return out;
    }
    // The letters of a FEN's board for this game's board shape (its placement field only).
    [[nodiscard]] std::vector<char> fen_piece_letters(std::string_view fen) const {
        return piece_letters(display_from_fen(fen, spec().files, spec().ranks));
    }
    // The square index in piece_letters() of a square named as in move text (`e1`), or -1.
    [[nodiscard]] int square_index(std::string_view square) const {
        if (square.size() < 2 || square[0] < 'a' || square[0] > 'z') return -1;
        int file = square[0] - 'a', rank = 0;
        for (char c : square.substr(1)) {
            if (c < '0' || c > '9' || rank > spec().ranks) return -1;
            rank = rank * 10 + (c - '0');
        }
        if (file >= spec().files || rank < 1 || rank > spec().ranks) return -1;
        return (rank - 1) * spec().files + file;
    }

    // The name (`e1`) of a square index of piece_letters().
    [[nodiscard]] std::string square_name(int index) const {
        return char('a' + index % spec().files) + std::to_string(index / spec().files + 1);
    }

    // Whether `side` holds any castling right (its letters in the FEN's castling field).
    [[nodiscard]] virtual bool has_castling_rights(Color side) const {
        auto fields = split_words(fen());
        if (fields.size() < 3) return false;
        for (char c : fields[2])
            if (c != '-' && std::isalpha(static_cast<unsigned char>(c))
                && (std::isupper(static_cast<unsigned char>(c)) != 0) == (side == WHITE))
                return true;
        return false;
    }

    // Whether a move (one leg, `from` and `to` squares) is castling written as the king
    // taking its own rook (Chess960 notation), and if so towards which side: true for the
    // higher files (king side). Nothing for any other move.
    [[nodiscard]] std::optional<bool> castles_onto_rook(std::string_view move) const {
        auto sq = move_squares(move);
        if (!sq) return std::nullopt;
        auto letters = piece_letters();
        char king = letters[std::size_t(sq->first)], target = letters[std::size_t(sq->second)];
        if ((king == 'K' || king == 'k') && (target == 'R' || target == 'r')
            && std::isupper(static_cast<unsigned char>(king))
                == std::isupper(static_cast<unsigned char>(target)))
            return sq->second > sq->first;
        return std::nullopt;
    }

    // The legal castling move towards the king side (higher files) or the queen side, as
    // this referee writes it: a king move onto its own rook (Chess960 notation) or, where
    // the side still has castling rights, a king move of two files along its rank.
    [[nodiscard]] virtual std::optional<std::string> castling_move(bool kingSide) const {
        Color us = side_to_move();
        char king = us == WHITE ? 'K' : 'k', rook = us == WHITE ? 'R' : 'r';
        bool rights = has_castling_rights(us);
        auto letters = piece_letters();
        for (const std::string& m : legal_moves()) {
            auto sq = move_squares(m);
            if (!sq || letters[std::size_t(sq->first)] != king) continue;
            int files = spec().files;
            int df = sq->second % files - sq->first % files;
            bool sameRank = sq->second / files == sq->first / files;
            bool castles = letters[std::size_t(sq->second)] == rook
                || (rights && sameRank && std::abs(df) == 2);
            if (castles && (df > 0) == kingSide) return m;
        }
        return std::nullopt;
    }

    // Whether a FEN has this position's board and side to move, as written (its first two
    // fields).
    [[nodiscard]] virtual bool same_board_and_side(std::string_view otherFen) const {
        auto theirs = split_words(otherFen);
        auto ours = split_words(fen());
        return theirs.size() >= 2 && ours.size() >= 2 && theirs[0] == ours[0]
            && theirs[1] == ours[1];
    }

    // The readings of a FEN whose castling field lists the unmoved pieces instead of the
    // rights (XBoard's dialect for a game whose king it sees with an initial move and no
    // castling): the FEN with each set of the castling rights its board allows, most
    // first (both sides', Black's only, White's only, none). A right is allowed when the
    // side's king and that rook stand where the game's start position has them. Empty when
    // the FEN has no castling field.
    [[nodiscard]] std::vector<std::string> castling_readings(std::string_view xboardFen) const {
        auto fields = split_words(xboardFen);
        if (fields.size() < 3) return {};
        auto board = fen_piece_letters(fields[0]);
        auto start = fen_piece_letters(spec().startFen);
        // KQkq: each side's right with the farthest rook beside the king on its rank.
        bool rights[4] = {};
        for (int side = 0; side < 2; ++side) {
            char king = side == 0 ? 'K' : 'k', rook = side == 0 ? 'R' : 'r';
            auto home = std::find(start.begin(), start.end(), king);
            if (home == start.end()) continue;
            int files = spec().files, k = int(home - start.begin()), rank = k / files;
            if (board[std::size_t(k)] != king) continue;
            for (int wing = 0; wing < 2; ++wing) { // king side (higher files), queen side
                int r = -1;
                for (int f = 0; f < files; ++f) {
                    int i = rank * files + f;
                    if (start[std::size_t(i)] == rook && (wing == 0 ? i > k : i < k)
                        && (r < 0 || wing == 0 || i < r))
                        r = i;
                }
                rights[side * 2 + wing] = r >= 0 && board[std::size_t(r)] == rook;
            }
        }
        const bool keep[4][2] = {{true, true}, {false, true}, {true, false}, {false, false}};
        std::vector<std::string> out;
        for (const auto& k : keep) {
            std::string field;
            for (int i = 0; i < 4; ++i)
                if (rights[i] && k[i / 2]) field += "KQkq"[i];
            fields[2] = field.empty() ? "-" : field;
            std::string reading = join_words(fields, 0, fields.size());
            if (std::find(out.begin(), out.end(), reading) == out.end()) out.push_back(reading);
        }
        return out;
    }

    // The square indices (as in piece_letters()) of a one-leg coordinate move (`e1g1`,
    // `e7e8q`), if it is one; nothing for a multi-leg move (`e2d3,d3e3`) or other text.
    [[nodiscard]] std::optional<std::pair<int, int>> move_squares(std::string_view move) const {
        if (move.find(',') != std::string_view::npos) return std::nullopt;
        std::size_t pos = 0;
        auto square = [&]() {
            std::size_t start = pos++;
            while (pos < move.size() && move[pos] >= '0' && move[pos] <= '9') ++pos;
            return square_index(move.substr(start, pos - start));
        };
        if (move.empty()) return std::nullopt;
        int from = square();
        if (from < 0 || pos >= move.size()) return std::nullopt;
        int to = square();
        if (to < 0) return std::nullopt;
        return std::pair {from, to};
    }
};

// A game's referee hooks: `G::adjudicate(pos)` returns the outcome of the position with its
// history; the optional `G::san(pos, m)` writes a legal move for PGN, and the optional
// `G::display(pos)` describes the position for a GUI (engine/display.h).
template <Game G> class GameReferee : public Referee {
public:
    explicit GameReferee(VariantSpec s)
        : variantSpec(std::move(s))
        , chess960(variantSpec.chess960) {
        [[maybe_unused]] auto err = set_position({});
    }
    const VariantSpec& spec() const override { return variantSpec; }
    std::optional<std::string> set_position(std::string_view fen) override {
        typename G::Position p;
        configure(p);
        if (auto err = p.set_fen(fen.empty() ? std::string_view(variantSpec.startFen) : fen))
            return err;
        configure(p);
        pos = p;
        return std::nullopt;
    }
    std::optional<std::string> play(std::string_view text) override {
        auto m = pos.parse_move(text);
        if (!m) return fmt::format("illegal move '{}' in position {}", text, pos.fen());
        pos.do_move(*m);
        return std::nullopt;
    }
    std::string fen() const override { return pos.fen(); }
    Color side_to_move() const override { return pos.side_to_move(); }
    std::vector<std::string> legal_moves() const override {
        typename G::MoveList list;
        G::generate_legal(pos, list);
        std::vector<std::string> out;
        for (auto m : list) out.push_back(pos.move_text(m));
        return out;
    }
    Outcome outcome() const override { return G::adjudicate(pos); }
    void set_chess960(bool on) override {
        chess960 = on || variantSpec.chess960;
        configure(pos);
    }
    // SAN through the game's optional `G::san(pos, m)` hook.
    std::optional<MoveNames> describe(std::string_view text) const override {
        auto m = pos.parse_move(text);
        if (!m) return std::nullopt;
        MoveNames names {pos.move_text(*m), {}};
        if constexpr (G::hooks.san) names.san = G::san(pos, *m);
        else names.san = names.text;
        return names;
    }
    BoardDisplay display() const override {
        if constexpr (G::hooks.display) return G::display(pos);
        else return Referee::display();
    }

private:
    void configure(typename G::Position& p) const {
        configure_position<G>(p, variantSpec, chess960);
    }

    VariantSpec variantSpec;
    typename G::Position pos;
    bool chess960;
};

} // namespace hq
