// SPDX-License-Identifier: GPL-3.0-or-later
#include "position.h"

#include "attacked.h"
#include "engine/random.h"
#include "movegen.h"
#include "zobrist_keys.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fmt/format.h>
#include <variant>

namespace hq::chess {

const Zobrist& zobrist() {
    static const Zobrist z = [] {
        Zobrist k {};
        Prng rng(1070372);
        draw_board_keys(k, rng);
        return k;
    }();
    return z;
}

Position::Position() {
    [[maybe_unused]] auto err = set_fen(StartFen);
    assert(!err);
}

// Records an en passant target only when a pawn of the side to move attacks it; the
// legality of the capture itself is left to move generation.
void Position::set_ep_if_capturable(Square target) {
    if (pawn_attacks(~sideToMove, target) & pieces(sideToMove, PAWN)) {
        st->epSquare = target;
        st->key ^= zobrist().enpassant[file_of(target)];
    }
}

std::optional<std::string> Position::set_fen(std::string_view fen, bool is960) {
    auto fields = split_fen_fields(fen);
    if (auto err = check_field_count(fields, 6)) return err;

    Position p(*this);
    p.chess960 = is960;
    p.reset_state();

    auto board_ok = [](const Board& b) -> std::optional<std::string> {
        if (b.pieces(PAWN) & (rank_bb(RANK_1) | rank_bb(RANK_8)))
            return std::string("a pawn stands on the first or last rank");
        return b.check_army_sizes();
    };
    auto any_right = [](Color, char) { return std::optional<std::string>(); };
    if (auto err = read_board_side_castling(
            fields, is960, p.brd, p.sideToMove, p.castle, p.st->castling, board_ok, any_right))
        return err;

    p.st->key = p.compute_key(); // board, side and castling so far
    if (fields[3] != "-") {
        // Accept the square whenever it is consistent with a double step just made; record
        // it only when a capture is possible.
        auto ep = read_ep_square(p.brd, p.sideToMove, fields[3]);
        if (auto* err = std::get_if<std::string>(&ep)) return *err;
        p.set_ep_if_capturable(std::get<Square>(ep));
    }

    auto clocks = read_clocks(fields);
    if (auto* err = std::get_if<std::string>(&clocks)) return *err;
    p.st->rule50 = std::get<Clocks>(clocks).rule50;
    p.set_fullmove(std::get<Clocks>(clocks).fullmove);

    if (p.attackers_to(p.king_square(~p.sideToMove)) & p.pieces(p.sideToMove))
        return std::string("the side not to move is in check");
    if (popcount(p.checkers()) > 2) return std::string("the king is attacked by 3 pieces");

    *this = p;
    return std::nullopt;
}

std::string Position::fen() const {
    return fmt::format("{} {} {}", fen_fields_1_3(brd, sideToMove, castle, st->castling, chess960),
        st->epSquare == SQ_NONE ? "-" : square_name(st->epSquare),
        clocks_text(st->rule50, fullmove_number()));
}

std::string Position::picture() const {
    std::string checkers;
    for (Square s : Squares {this->checkers()}) checkers += square_name(s) + ' ';
    return fmt::format(
        "{}\nFen: {}\nKey: {:016X}\nCheckers: {}", brd.picture(), fen(), key(), checkers);
}

Key Position::compute_key() const {
    Key k = board_key(brd, sideToMove, st->castling);
    if (st->epSquare != SQ_NONE) k ^= zobrist().enpassant[file_of(st->epSquare)];
    return k;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
    return (pawn_attacks(BLACK, s) & pieces(WHITE, PAWN))
        | (pawn_attacks(WHITE, s) & pieces(BLACK, PAWN)) | (knight_attacks(s) & pieces(KNIGHT))
        | (king_attacks(s) & pieces(KING)) | (rook_attacks(s, occupied) & pieces(ROOK, QUEEN))
        | (bishop_attacks(s, occupied) & pieces(BISHOP, QUEEN));
}

Bitboard Position::blockers_for_king(Color c) const { return king_blockers(*this, c); }

void Position::do_move(Move m) {
    const Zobrist& z = zobrist();
    Color us = sideToMove, them = ~us;
    Square from = m.from(), to = m.to();
    Piece pc = piece_on(from);
    Square prevEp = st->epSquare;
    int prevCastling = st->castling;

    StateInfo* s = st.push();
    Key k = s->key ^ z.side;
    if (prevEp != SQ_NONE) k ^= z.enpassant[file_of(prevEp)];
    ++gamePly;

    if (m.kind() == CASTLING) {
        k ^= castle_on(brd, us, from, to);
    } else {
        Square capsq = m.kind() == EN_PASSANT ? to - pawn_push(us) : to;
        Piece captured = piece_on(capsq);
        if (captured != NO_PIECE) {
            remove_piece(capsq);
            k ^= z.psq[captured][capsq];
            s->captured = captured;
            s->rule50 = 0;
        }
        move_piece(from, to);
        k ^= z.psq[pc][from] ^ z.psq[pc][to];
        if (type_of(pc) == PAWN) {
            s->rule50 = 0;
            if (m.kind() == PROMOTION) {
                Piece promoted = make_piece(us, m.promotion());
                remove_piece(to);
                put_piece(promoted, to);
                k ^= z.psq[pc][to] ^ z.psq[promoted][to];
            } else if ((int(to) ^ int(from)) == 16) {
                // A double step: record the target if an enemy pawn can take on it.
                Square target = to - pawn_push(us);
                if (pawn_attacks(us, target) & pieces(them, PAWN)) {
                    s->epSquare = target;
                    k ^= z.enpassant[file_of(target)];
                }
            }
        }
    }

    s->castling &= ~(castle.rightsMask[from] | castle.rightsMask[to]);
    if (s->castling != prevCastling) k ^= z.castling[prevCastling] ^ z.castling[s->castling];
    s->key = k;
    sideToMove = them;
}

void Position::undo_move(Move m) {
    sideToMove = ~sideToMove;
    Color us = sideToMove;
    Square from = m.from(), to = m.to();

    if (m.kind() == CASTLING) {
        uncastle_on(brd, us, from, to);
    } else {
        if (m.kind() == PROMOTION) {
            remove_piece(to);
            put_piece(make_piece(us, PAWN), to);
        }
        move_piece(to, from);
        if (st->captured != NO_PIECE)
            put_piece(st->captured, m.kind() == EN_PASSANT ? to - pawn_push(us) : to);
    }
    st.pop();
    --gamePly;
}

std::string Position::move_text(Move m) const {
    if (!m) return "0000";
    Square from = m.from(), to = m.to();
    if (m.kind() == CASTLING && !chess960)
        to = make_square(to > from ? FILE_G : FILE_C, rank_of(from));
    std::string out = square_name(from) + square_name(to);
    if (m.kind() == PROMOTION) out += PieceChars[make_piece(BLACK, m.promotion())];
    return out;
}

std::optional<Move> Position::parse_move(std::string_view text) const {
    MoveList<Move> legal;
    generate<LEGAL>(*this, legal);
    for (Move m : legal)
        if (move_text(m) == text) return m;
    // The other castling notation: king-takes-rook outside Chess960, king-two-squares in it.
    Position other(*this);
    other.chess960 = !chess960;
    for (Move m : legal)
        if (m.kind() == CASTLING && other.move_text(m) == text) return m;
    return std::nullopt;
}

bool Position::has_insufficient_material() const {
    if (pieces(PAWN, ROOK, QUEEN)) return false;
    Bitboard minors = pieces(KNIGHT, BISHOP);
    if (!more_than_one(minors)) return true; // K v K, K+minor v K
    // K+B v K+B with both bishops on one square colour.
    constexpr Bitboard DarkSquares = 0xAA55AA55AA55AA55ULL;
    if (pieces(KNIGHT) || popcount(minors) != 2) return false;
    if (popcount(pieces(WHITE, BISHOP)) != 1) return false;
    bool bothDark = !(minors & ~DarkSquares), bothLight = !(minors & DarkSquares);
    return bothDark || bothLight;
}

bool Position::fifty_move_draw() const {
    if (st->rule50 < 100) return false;
    // A mate on the hundredth ply takes precedence over the fifty-move rule.
    return !in_check() || count_legal(*this) > 0;
}

} // namespace hq::chess
