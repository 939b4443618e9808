// SPDX-License-Identifier: GPL-3.0-or-later
#include "position.h"

#include "engine/parse_move.h"
#include "engine/random.h"
#include "movegen.h"
#include "variants/chess/position.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fmt/format.h>
#include <variant>

namespace hq::mschess {

const Zobrist& zobrist() {
    static const Zobrist z = [] {
        Zobrist k {};
        Prng rng(0x4D5343ULL); // "MSC"
        // Like castling keys: the key of a set of enhanced sides is the XOR of its members.
        Key single[2] = {rng.next(), rng.next()};
        for (int e = 0; e < 4; ++e)
            for (int bit = 0; bit < 2; ++bit)
                if (e & (1 << bit)) k.enhanced[e] ^= single[bit];
        return k;
    }();
    return z;
}

namespace {

const chess::Zobrist& chess_keys() { return chess::zobrist(); }

// FEN field 7: `w`, `b` or `wb`.
std::optional<int> parse_enhanced(std::string_view t) {
    if (t == "w") return enhanced_bit(WHITE);
    if (t == "b") return enhanced_bit(BLACK);
    if (t == "wb") return BOTH_ENHANCED;
    return std::nullopt;
}

const char* enhanced_text(int e) { return e == BOTH_ENHANCED ? "wb" : e == 1 ? "w" : "b"; }

const char* color_name(Color c) { return c == WHITE ? "White" : "Black"; }

} // namespace

Position::Position() {
    [[maybe_unused]] auto err = set_fen(StartFen);
    assert(!err);
}

void Position::set_variant(const VariantSpec& spec) {
    auto fields = chess::split_fen_fields(spec.startFen);
    if (fields.size() == 7)
        if (auto e = parse_enhanced(fields[6])) defaultEnhanced = *e;
}

std::optional<std::string> Position::set_fen(std::string_view fen) {
    auto fields = chess::split_fen_fields(fen);
    if (auto err = chess::check_field_count(fields, 7)) return err;

    Position p(*this);
    p.reset_state();

    // Field 7 first: the enhanced state decides what the other fields may hold.
    if (fields.size() == 7) {
        auto e = parse_enhanced(fields[6]);
        if (!e) return fmt::format("enhanced sides must be 'w', 'b' or 'wb', not '{}'", fields[6]);
        p.st->enhanced = *e;
    } else {
        p.st->enhanced = defaultEnhanced;
    }

    auto board_ok = [&p](const chess::Board& b) -> std::optional<std::string> {
        for (Color c : {WHITE, BLACK}) {
            // A pawn never stands on its own first rank; only an enhanced pawn (which
            // never promotes) may stand on its last.
            Bitboard pawns = b.pieces(c, PAWN);
            if (pawns & rank_bb(relative_rank(c, RANK_1)))
                return fmt::format("a {} pawn stands on its first rank", color_name(c));
            if (!p.is_enhanced(c) && (pawns & rank_bb(relative_rank(c, RANK_8))))
                return fmt::format("an unenhanced {} pawn stands on the last rank", color_name(c));
        }
        // An enhanced army is one set at most (the move list has room for 16 enhanced
        // pieces). The man's unenhanced army is not counted: the reference perft file has
        // him with 9 pawns (docs/rules.md).
        for (Color c : {WHITE, BLACK})
            if (p.is_enhanced(c))
                if (auto err = b.check_army_size(c)) return err;
        return std::nullopt;
    };
    auto unenhanced_only = [&p](Color c, char ch) -> std::optional<std::string> {
        if (!p.is_enhanced(c)) return std::nullopt;
        return fmt::format("castling right '{}' for {}, whose army is enhanced", ch, color_name(c));
    };
    if (auto err = chess::read_board_side_castling(fields, false, p.brd, p.sideToMove, p.castle,
            p.st->castling, board_ok, unenhanced_only))
        return err;

    p.st->key = p.compute_key(); // board, side, castling and enhanced sides so far
    if (fields[3] != "-") {
        // Accept the square whenever it is consistent with a double step just made; record
        // it only when the man (unenhanced) may take the woman's (enhanced) pawn there.
        auto read = chess::read_ep_square(p.brd, p.sideToMove, fields[3]);
        if (auto* err = std::get_if<std::string>(&read)) return *err;
        Square ep = std::get<Square>(read);
        Color us = p.sideToMove, them = ~us;
        if (!p.is_enhanced(us) && p.is_enhanced(them)
            && (pawn_attacks(them, ep) & p.pieces(us, PAWN))) {
            p.st->epSquare = ep;
            p.st->key ^= chess_keys().enpassant[file_of(ep)];
        }
    }

    auto clocks = chess::read_clocks(fields);
    if (auto* err = std::get_if<std::string>(&clocks)) return *err;
    p.st->rule50 = std::get<chess::Clocks>(clocks).rule50;
    p.set_fullmove(std::get<chess::Clocks>(clocks).fullmove);

    if (p.attackers_to(p.king_square(~p.sideToMove), p.sideToMove))
        return std::string("the side not to move is in check");

    *this = p;
    return std::nullopt;
}

std::string Position::fen() const {
    return fmt::format("{} {} {} {}",
        chess::fen_fields_1_3(brd, sideToMove, castle, st->castling, false),
        st->epSquare == SQ_NONE ? "-" : square_name(st->epSquare),
        chess::clocks_text(st->rule50, fullmove_number()), enhanced_text(st->enhanced));
}

std::string Position::picture() const {
    std::string checkers;
    for (Square s : Squares {this->checkers()}) checkers += square_name(s) + ' ';
    return fmt::format("{}\nFen: {}\nKey: {:016X}\nEnhanced: {}\nCheckers: {}", brd.picture(),
        fen(), key(), enhanced_text(st->enhanced), checkers);
}

Key Position::compute_key() const {
    Key k = chess::board_key(brd, sideToMove, st->castling);
    if (st->epSquare != SQ_NONE) k ^= chess_keys().enpassant[file_of(st->epSquare)];
    return k ^ zobrist().enhanced[st->enhanced];
}

Bitboard Position::attacks_of(Color c) const {
    const bool enh = is_enhanced(c);
    const Bitboard occ = pieces();
    Bitboard att = c == WHITE ? pawn_attacks_bb<WHITE>(pieces(c, PAWN))
                              : pawn_attacks_bb<BLACK>(pieces(c, PAWN));
    for (Square s : Squares {pieces(c) & ~pieces(PAWN)})
        att |= piece_attacks(enh, type_of(piece_on(s)), s, occ);
    return att;
}

Piece Position::captured_by(Move m) const {
    switch (m.kind()) {
    case CASTLING: return NO_PIECE;
    case PASSING: return piece_on(m.victim());
    case EN_PASSANT: return make_piece(~sideToMove, PAWN);
    default: return piece_on(m.to());
    }
}

void Position::do_move(Move m) {
    const chess::Zobrist& z = chess_keys();
    Color us = sideToMove, them = ~us;
    Square from = m.from(), to = m.to();
    Piece pc = piece_on(from);
    Square prevEp = st->epSquare;
    int prevCastling = st->castling;

    StateInfo* s = st.push();
    Key k = s->key ^ z.side;
    if (prevEp != SQ_NONE) k ^= z.enpassant[file_of(prevEp)];
    ++gamePly;

    const MoveKind kind = m.kind();
    if (kind == CASTLING) {
        k ^= chess::castle_on(brd, us, from, to);
    } else {
        Square capsq = kind == EN_PASSANT ? to - pawn_push(us) : kind == PASSING ? m.victim() : to;
        Piece captured = piece_on(capsq);
        if (captured != NO_PIECE) {
            remove_piece(capsq);
            k ^= z.psq[captured][capsq];
            s->captured = captured;
            s->rule50 = 0;
            s->castling &= ~castle.rightsMask[capsq];
        }
        move_piece(from, to);
        k ^= z.psq[pc][from] ^ z.psq[pc][to];
        if (type_of(pc) == PAWN) {
            s->rule50 = 0;
            if (kind == PROMOTION) {
                // Male Backlash: the man's first promotion enhances his whole army at once
                // and ends his castling (and, with it, his en passant and promotions).
                Piece promoted = make_piece(us, m.promotion());
                remove_piece(to);
                put_piece(promoted, to);
                k ^= z.psq[pc][to] ^ z.psq[promoted][to];
                int before = s->enhanced;
                s->enhanced |= enhanced_bit(us);
                s->castling &= ~color_castling(us);
                k ^= zobrist().enhanced[before] ^ zobrist().enhanced[s->enhanced];
            } else if ((int(to) ^ int(from)) == 16 && s->enhanced == enhanced_bit(us)) {
                // The woman's double step (plain or with a capture in passing): the man's
                // pawn that attacks the square passed over may take en passant.
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
    const MoveKind kind = m.kind();

    if (kind == CASTLING) {
        chess::uncastle_on(brd, us, from, to);
    } else {
        if (kind == PROMOTION) {
            remove_piece(to);
            put_piece(make_piece(us, PAWN), to);
        }
        move_piece(to, from);
        if (st->captured != NO_PIECE)
            put_piece(st->captured,
                kind == EN_PASSANT    ? to - pawn_push(us)
                    : kind == PASSING ? m.victim()
                                      : to);
    }
    st.pop();
    --gamePly;
}

std::string Position::move_text(Move m) const {
    if (!m) return "0000";
    Square from = m.from(), to = m.to();
    if (m.kind() == PASSING)
        return square_name(from) + square_name(m.victim()) + ',' + square_name(m.victim())
            + square_name(to);
    if (m.kind() == CASTLING) to = make_square(to > from ? FILE_G : FILE_C, rank_of(from));
    std::string out = square_name(from) + square_name(to);
    if (m.kind() == PROMOTION) out += chess::PieceChars[make_piece(BLACK, m.promotion())];
    return out;
}

std::optional<Move> Position::parse_move(std::string_view text) const {
    // Castling may also be written king takes own rook (`e1h1`).
    return legal_move_named<MsMoveList>(*this, text, [&](Move m) {
        return m.kind() == CASTLING && square_name(m.from()) + square_name(m.to()) == text;
    });
}

bool Position::fifty_move_draw() const {
    if (st->rule50 < 100) return false;
    // A mate on the hundredth ply takes precedence over the fifty-move rule.
    return !in_check() || count_legal(*this) > 0;
}

} // namespace hq::mschess
