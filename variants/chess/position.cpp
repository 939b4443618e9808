// SPDX-License-Identifier: GPL-3.0-or-later
#include "position.h"

#include "fen.h"

#include "engine/random.h"
#include "engine/repetition.h"
#include "movegen.h"

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
        for (auto& perPiece : k.psq)
            for (Key& key : perPiece) key = rng.next();
        for (Key& key : k.enpassant) key = rng.next();
        // Castling keys are XOR-combinations of one key per right, so the key of a set of
        // rights is the XOR of its members.
        Key single[4] = {rng.next(), rng.next(), rng.next(), rng.next()};
        for (int cr = 0; cr < CASTLING_RIGHT_NB; ++cr)
            for (int bit = 0; bit < 4; ++bit)
                if (cr & (1 << bit)) k.castling[cr] ^= single[bit];
        k.side = rng.next();
        return k;
    }();
    return z;
}

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
    chess960 = o.chess960;
    castle = o.castle;
    states = o.states;
    st = states.data() + (o.st - o.states.data());
    return *this;
}

namespace { } // namespace

void Position::set_castling_right(Color c, Square rsq) {
    st->castling |= castle.add(c, king_square(c), rsq);
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
    if (fields.size() < 4) return std::string("a FEN needs at least 4 fields");
    if (fields.size() > 6) return fmt::format("unexpected FEN field '{}'", fields[6]);

    Position p(*this);
    p.chess960 = is960;
    p.states.assign(256, StateInfo {});
    p.st = p.states.data();
    *p.st = StateInfo {0, 0, 0, 0, SQ_NONE, NO_PIECE};
    p.castle = {};

    if (auto err = p.brd.parse(fields[0])) return err;
    for (Color c : {WHITE, BLACK}) {
        int kings = popcount(p.pieces(c, KING));
        if (kings != 1)
            return fmt::format("{} has {} kings", c == WHITE ? "White" : "Black", kings);
    }
    if (p.pieces(PAWN) & (rank_bb(RANK_1) | rank_bb(RANK_8)))
        return std::string("a pawn stands on the first or last rank");
    if (auto err = p.brd.check_army_sizes()) return err;

    if (fields[1] == "w") p.sideToMove = WHITE;
    else if (fields[1] == "b") p.sideToMove = BLACK;
    else return fmt::format("side to move must be 'w' or 'b', not '{}'", fields[1]);

    if (fields[2] != "-") {
        for (char ch : fields[2]) {
            Color c = (ch >= 'a' && ch <= 'z') ? BLACK : WHITE;
            Square ksq = p.king_square(c);
            auto rook = p.brd.castling_rook(ch);
            if (auto* err = std::get_if<std::string>(&rook)) return *err;
            Square rsq = std::get<Square>(rook);
            if (p.st->castling & castling_right(c, rsq > ksq))
                return fmt::format("castling right '{}' given twice", ch);
            p.set_castling_right(c, rsq);
        }
    }

    p.st->key = p.compute_key(); // board, side and castling so far
    if (fields[3] != "-") {
        Square ep = parse_square(fields[3]);
        if (ep == SQ_NONE) return fmt::format("bad en passant square '{}'", fields[3]);
        // Accept the square whenever it is consistent with a double step just made; record
        // it only when a capture is possible.
        Color them = ~p.sideToMove;
        Direction up = pawn_push(them);
        if (relative_rank(p.sideToMove, ep) != RANK_6)
            return fmt::format("en passant square '{}' is on the wrong rank", fields[3]);
        if (p.piece_on(ep + up) != make_piece(them, PAWN) || !p.empty(ep) || !p.empty(ep - up))
            return fmt::format("en passant square '{}' does not follow a double step", fields[3]);
        p.set_ep_if_capturable(ep);
    }

    std::optional<int> rule50 = 0, fullmove = 1;
    if (fields.size() > 4) rule50 = parse_fen_number(fields[4]);
    if (fields.size() > 5) fullmove = parse_fen_number(fields[5]);
    if (!rule50 || !fullmove) return std::string("bad halfmove or fullmove number");
    p.st->rule50 = *rule50;
    p.gamePly = 2 * (std::max(*fullmove, 1) - 1) + (p.sideToMove == BLACK);

    if (p.attackers_to(p.king_square(~p.sideToMove)) & p.pieces(p.sideToMove))
        return std::string("the side not to move is in check");
    if (popcount(p.checkers()) > 2) return std::string("the king is attacked by 3 pieces");

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
            // KQkq names the outermost rook; Shredder letters otherwise and in Chess960.
            Bitboard beyond = kingSide ? ~((square_bb(rsq) << 1) - 1) : (square_bb(rsq) - 1);
            bool outermost = !(pieces(c, ROOK) & rank_bb(relative_rank(c, RANK_1)) & beyond);
            char ch = (chess960 || !outermost) ? char('A' + file_of(rsq)) : (kingSide ? 'K' : 'Q');
            castling += c == WHITE ? ch : char(std::tolower(ch));
        }
    out += castling.empty() ? "-" : castling;
    out += ' ';
    out += st->epSquare == SQ_NONE ? "-" : square_name(st->epSquare);
    out += fmt::format(" {} {}", fen_count(st->rule50), fen_count(fullmove_number()));
    return out;
}

std::string Position::picture() const {
    std::string checkers;
    for (Square s : Squares {this->checkers()}) checkers += square_name(s) + ' ';
    return fmt::format(
        "{}\nFen: {}\nKey: {:016X}\nCheckers: {}", brd.picture(), fen(), key(), checkers);
}

Key Position::compute_key() const {
    const Zobrist& z = zobrist();
    Key k = 0;
    for (Square s : Squares {pieces()}) k ^= z.psq[piece_on(s)][s];
    if (sideToMove == BLACK) k ^= z.side;
    k ^= z.castling[st->castling];
    if (st->epSquare != SQ_NONE) k ^= z.enpassant[file_of(st->epSquare)];
    return k;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
    return (pawn_attacks(BLACK, s) & pieces(WHITE, PAWN))
        | (pawn_attacks(WHITE, s) & pieces(BLACK, PAWN)) | (knight_attacks(s) & pieces(KNIGHT))
        | (king_attacks(s) & pieces(KING)) | (rook_attacks(s, occupied) & pieces(ROOK, QUEEN))
        | (bishop_attacks(s, occupied) & pieces(BISHOP, QUEEN));
}

Bitboard Position::blockers_for_king(Color c) const {
    Square ksq = king_square(c);
    Bitboard snipers = ((rook_attacks(ksq, 0) & pieces(ROOK, QUEEN))
                           | (bishop_attacks(ksq, 0) & pieces(BISHOP, QUEEN)))
        & pieces(~c);
    Bitboard blockers = 0;
    for (Square s : Squares {snipers}) {
        Bitboard b = between_bb(ksq, s) & pieces();
        if (b && !more_than_one(b)) blockers |= b;
    }
    return blockers;
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
    next->epSquare = SQ_NONE;
    next->captured = NO_PIECE;
    return st = next;
}

void Position::do_move(Move m) {
    const Zobrist& z = zobrist();
    Color us = sideToMove, them = ~us;
    Square from = m.from(), to = m.to();
    Piece pc = piece_on(from);
    Square prevEp = st->epSquare;
    int prevCastling = st->castling;

    StateInfo* s = push_state();
    Key k = s->key ^ z.side;
    if (prevEp != SQ_NONE) k ^= z.enpassant[file_of(prevEp)];
    ++gamePly;

    if (m.kind() == CASTLING) {
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
        bool kingSide = to > from;
        Square kto = relative_square(us, kingSide ? SQ_G1 : SQ_C1);
        Square rto = relative_square(us, kingSide ? SQ_F1 : SQ_D1);
        Piece king = piece_on(kto), rook = piece_on(rto);
        remove_piece(kto);
        remove_piece(rto);
        put_piece(king, from);
        put_piece(rook, to);
    } else {
        if (m.kind() == PROMOTION) {
            remove_piece(to);
            put_piece(make_piece(us, PAWN), to);
        }
        move_piece(to, from);
        if (st->captured != NO_PIECE)
            put_piece(st->captured, m.kind() == EN_PASSANT ? to - pawn_push(us) : to);
    }
    --st;
    --gamePly;
}

void Position::do_null_move() {
    const Zobrist& z = zobrist();
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

bool Position::is_repetition(int plyFromRoot) const {
    const int history = int(st - states.data());
    return repeats(std::min({st->rule50, st->pliesFromNull, history}), plyFromRoot,
        [this](int i) { return (st - i)->key; });
}

} // namespace hq::chess
