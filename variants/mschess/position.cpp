// SPDX-License-Identifier: GPL-3.0-or-later
#include "position.h"

#include "variants/chess/fen.h"

#include "engine/random.h"
#include "engine/repetition.h"
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

Position::Position()
    : states(256)
    , st(states.data()) {
    [[maybe_unused]] auto err = set_fen(StartFen);
    assert(!err);
}

Position::Position(const Position& o) { *this = o; }

Position& Position::operator=(const Position& o) {
    if (this == &o) return *this;
    brd = o.brd;
    sideToMove = o.sideToMove;
    gamePly = o.gamePly;
    defaultEnhanced = o.defaultEnhanced;
    castle = o.castle;
    states = o.states;
    st = states.data() + (o.st - o.states.data());
    return *this;
}

void Position::set_variant(const VariantSpec& spec) {
    auto fields = chess::split_fen_fields(spec.startFen);
    if (fields.size() == 7)
        if (auto e = parse_enhanced(fields[6])) defaultEnhanced = *e;
}

void Position::set_castling_right(Color c, Square rsq) {
    st->castling |= castle.add(c, king_square(c), rsq);
}

std::optional<std::string> Position::set_fen(std::string_view fen) {
    auto fields = chess::split_fen_fields(fen);
    if (fields.size() < 4) return std::string("a FEN needs at least 4 fields");
    if (fields.size() > 7) return fmt::format("unexpected FEN field '{}'", fields[7]);

    Position p(*this);
    p.states.assign(256, StateInfo {});
    p.st = p.states.data();
    *p.st = StateInfo {0, 0, 0, 0, 0, SQ_NONE, NO_PIECE};
    p.castle = {};

    // Field 7 first: the enhanced state decides what the other fields may hold.
    if (fields.size() == 7) {
        auto e = parse_enhanced(fields[6]);
        if (!e) return fmt::format("enhanced sides must be 'w', 'b' or 'wb', not '{}'", fields[6]);
        p.st->enhanced = *e;
    } else {
        p.st->enhanced = defaultEnhanced;
    }

    if (auto err = p.brd.parse(fields[0])) return err;
    for (Color c : {WHITE, BLACK}) {
        int kings = popcount(p.pieces(c, KING));
        if (kings != 1) return fmt::format("{} has {} kings", color_name(c), kings);
        // A pawn never stands on its own first rank; only an enhanced pawn (which never
        // promotes) may stand on its last.
        Bitboard pawns = p.pieces(c, PAWN);
        if (pawns & rank_bb(relative_rank(c, RANK_1)))
            return fmt::format("a {} pawn stands on its first rank", color_name(c));
        if (!p.is_enhanced(c) && (pawns & rank_bb(relative_rank(c, RANK_8))))
            return fmt::format("an unenhanced {} pawn stands on the last rank", color_name(c));
    }
    // An enhanced army is one set at most (the move list has room for 16 enhanced pieces).
    // The man's unenhanced army is not counted: the reference perft file has him with 9
    // pawns (docs/rules.md).
    for (Color c : {WHITE, BLACK})
        if (p.is_enhanced(c))
            if (auto err = p.brd.check_army_size(c)) return err;

    if (fields[1] == "w") p.sideToMove = WHITE;
    else if (fields[1] == "b") p.sideToMove = BLACK;
    else return fmt::format("side to move must be 'w' or 'b', not '{}'", fields[1]);

    if (fields[2] != "-") {
        for (char ch : fields[2]) {
            Color c = (ch >= 'a' && ch <= 'z') ? BLACK : WHITE;
            if (p.is_enhanced(c))
                return fmt::format(
                    "castling right '{}' for {}, whose army is enhanced", ch, color_name(c));
            Square ksq = p.king_square(c);
            auto rook = p.brd.castling_rook(ch);
            if (auto* err = std::get_if<std::string>(&rook)) return *err;
            Square rsq = std::get<Square>(rook);
            if (p.st->castling & castling_right(c, rsq > ksq))
                return fmt::format("castling right '{}' given twice", ch);
            p.set_castling_right(c, rsq);
        }
    }

    p.st->key = p.compute_key(); // board, side, castling and enhanced sides so far
    if (fields[3] != "-") {
        Square ep = parse_square(fields[3]);
        if (ep == SQ_NONE) return fmt::format("bad en passant square '{}'", fields[3]);
        // Accept the square whenever it is consistent with a double step just made; record
        // it only when the man (unenhanced) may take the woman's (enhanced) pawn there.
        Color us = p.sideToMove, them = ~us;
        Direction up = pawn_push(them);
        if (relative_rank(us, ep) != RANK_6)
            return fmt::format("en passant square '{}' is on the wrong rank", fields[3]);
        if (p.piece_on(ep + up) != make_piece(them, PAWN) || !p.empty(ep) || !p.empty(ep - up))
            return fmt::format("en passant square '{}' does not follow a double step", fields[3]);
        if (!p.is_enhanced(us) && p.is_enhanced(them)
            && (pawn_attacks(them, ep) & p.pieces(us, PAWN))) {
            p.st->epSquare = ep;
            p.st->key ^= chess_keys().enpassant[file_of(ep)];
        }
    }

    std::optional<int> rule50 = 0, fullmove = 1;
    if (fields.size() > 4) rule50 = chess::parse_fen_number(fields[4]);
    if (fields.size() > 5) fullmove = chess::parse_fen_number(fields[5]);
    if (!rule50 || !fullmove) return std::string("bad halfmove or fullmove number");
    p.st->rule50 = *rule50;
    p.gamePly = 2 * (std::max(*fullmove, 1) - 1) + (p.sideToMove == BLACK);

    if (p.attackers_to(p.king_square(~p.sideToMove), p.sideToMove))
        return std::string("the side not to move is in check");

    *this = p;
    return std::nullopt;
}

std::string Position::fen() const {
    std::string out = brd.to_fen();
    out += sideToMove == WHITE ? " w " : " b ";
    std::string castling;
    for (Color c : {WHITE, BLACK})
        for (bool kingSide : {true, false}) {
            CastlingRight cr = castling_right(c, kingSide);
            if (!can_castle(cr)) continue;
            Square rsq = castle.rookSquare[cr];
            // KQkq names the outermost rook; a file letter an inner one.
            Bitboard beyond = kingSide ? ~((square_bb(rsq) << 1) - 1) : (square_bb(rsq) - 1);
            bool outermost = !(pieces(c, ROOK) & rank_bb(relative_rank(c, RANK_1)) & beyond);
            char ch = !outermost ? char('A' + file_of(rsq)) : (kingSide ? 'K' : 'Q');
            castling += c == WHITE ? ch : char(std::tolower(ch));
        }
    out += castling.empty() ? "-" : castling;
    out += ' ';
    out += st->epSquare == SQ_NONE ? "-" : square_name(st->epSquare);
    out += fmt::format(" {} {} {}", chess::fen_count(st->rule50),
        chess::fen_count(fullmove_number()), enhanced_text(st->enhanced));
    return out;
}

std::string Position::picture() const {
    std::string checkers;
    for (Square s : Squares {this->checkers()}) checkers += square_name(s) + ' ';
    return fmt::format("{}\nFen: {}\nKey: {:016X}\nEnhanced: {}\nCheckers: {}", brd.picture(),
        fen(), key(), enhanced_text(st->enhanced), checkers);
}

Key Position::compute_key() const {
    const chess::Zobrist& z = chess_keys();
    Key k = 0;
    for (Square s : Squares {pieces()}) k ^= z.psq[piece_on(s)][s];
    if (sideToMove == BLACK) k ^= z.side;
    k ^= z.castling[st->castling];
    if (st->epSquare != SQ_NONE) k ^= z.enpassant[file_of(st->epSquare)];
    k ^= zobrist().enhanced[st->enhanced];
    return k;
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

StateInfo* Position::push_state() {
    std::size_t idx = std::size_t(st - states.data());
    if (idx + 1 == states.size()) {
        states.resize(states.size() * 2);
        st = states.data() + idx;
    }
    StateInfo* next = st + 1;
    next->key = st->key;
    next->castling = st->castling;
    next->rule50 = st->rule50 + 1;
    next->pliesFromNull = st->pliesFromNull + 1;
    next->enhanced = st->enhanced;
    next->epSquare = SQ_NONE;
    next->captured = NO_PIECE;
    return st = next;
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

    StateInfo* s = push_state();
    Key k = s->key ^ z.side;
    if (prevEp != SQ_NONE) k ^= z.enpassant[file_of(prevEp)];
    ++gamePly;

    const MoveKind kind = m.kind();
    if (kind == CASTLING) {
        // King takes own rook: both leave, then land on the standard squares.
        bool kingSide = to > from;
        Square kto = relative_square(us, kingSide ? SQ_G1 : SQ_C1);
        Square rto = relative_square(us, kingSide ? SQ_F1 : SQ_D1);
        Piece rook = piece_on(to);
        remove_piece(from);
        remove_piece(to);
        put_piece(pc, kto);
        put_piece(rook, rto);
        k ^= z.psq[pc][from] ^ z.psq[pc][kto] ^ z.psq[rook][to] ^ z.psq[rook][rto];
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
        bool kingSide = to > from;
        Square kto = relative_square(us, kingSide ? SQ_G1 : SQ_C1);
        Square rto = relative_square(us, kingSide ? SQ_F1 : SQ_D1);
        Piece king = piece_on(kto), rook = piece_on(rto);
        remove_piece(kto);
        remove_piece(rto);
        put_piece(king, from);
        put_piece(rook, to);
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
    --st;
    --gamePly;
}

void Position::do_null_move() {
    const chess::Zobrist& z = chess_keys();
    Square prevEp = st->epSquare;
    StateInfo* s = push_state();
    s->key ^= z.side;
    if (prevEp != SQ_NONE) s->key ^= z.enpassant[file_of(prevEp)];
    s->pliesFromNull = 0;
    sideToMove = ~sideToMove;
    ++gamePly;
}

void Position::undo_null_move() {
    --st;
    --gamePly;
    sideToMove = ~sideToMove;
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
    MsMoveList legal;
    generate<LEGAL>(*this, legal);
    for (Move m : legal)
        if (move_text(m) == text) return m;
    // Castling may also be written king takes own rook (`e1h1`).
    for (Move m : legal)
        if (m.kind() == CASTLING && square_name(m.from()) + square_name(m.to()) == text) return m;
    return std::nullopt;
}

bool Position::fifty_move_draw() const {
    if (st->rule50 < 100) return false;
    // A mate on the hundredth ply takes precedence over the fifty-move rule.
    return !in_check() || count_legal(*this) > 0;
}

bool Position::is_repetition(int plyFromRoot) const {
    const int history = int(st - states.data());
    return repeats(std::min({st->rule50, st->pliesFromNull, history}), plyFromRoot,
        [this](int i) { return (st - i)->key; });
}

} // namespace hq::mschess
