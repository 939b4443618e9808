// SPDX-License-Identifier: GPL-3.0-or-later
#include "position.h"

#include "movegen.h"

#include "engine/parse_move.h"
#include "engine/random.h"
#include "variants/chess/fen_board.h"
#include "variants/chess/fen_fields.h"
#include "variants/chess/zobrist_keys.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>

namespace hq::control {

const Zobrist& zobrist() {
    static const Zobrist z = [] {
        Zobrist k {};
        Prng rng(0x434F4E54ULL); // "CONT"
        chess::draw_board_keys(k, rng);
        // Pool: entry n is XORed in when the count of that piece rises to n (n >= 1).
        for (auto& perColour : k.pool)
            for (auto& perType : perColour)
                for (Key& key : perType) key = rng.next();
        for (auto& perPlayer : k.control)
            for (Key& key : perPlayer) key = rng.next();
        return k;
    }();
    return z;
}

namespace {

// The castling rights lost when a piece leaves or arrives at a square (king or rook
// squares of the start position).
constexpr int castling_mask(Square s) {
    switch (s) {
    case SQ_E1: return WHITE_OO | WHITE_OOO;
    case SQ_H1: return WHITE_OO;
    case SQ_A1: return WHITE_OOO;
    case SQ_E8: return BLACK_OO | BLACK_OOO;
    case SQ_H8: return BLACK_OO;
    case SQ_A8: return BLACK_OOO;
    default: return 0;
    }
}

Key control_key(const Control& c) {
    const Zobrist& z = zobrist();
    return z.control[WHITE][c.of[WHITE]] ^ z.control[BLACK][c.of[BLACK]];
}

const char* player_name(Color c) { return c == WHITE ? "White" : "Black"; }

std::string piece_text(Piece p) { return {ColourChars[colour_of(p)], TypeChars[type_of(p)]}; }

Colour parse_colour(char ch) {
    auto i = ColourChars.find(ch);
    return i == std::string_view::npos ? NO_COLOUR : Colour(i);
}

} // namespace

Position::Position() {
    [[maybe_unused]] auto err = set_fen(StartFen);
    assert(!err);
}

inline void Position::put_piece(Piece p, Square s) {
    Bitboard b = square_bb(s);
    board[s] = p;
    byColour[colour_of(p)] |= b;
    byType[type_of(p)] |= b;
    occupied |= b;
    if (pawn_direction(colour_of(p)) == WHITE) upColours |= b;
}

inline void Position::remove_piece(Square s) {
    Piece p = board[s];
    Bitboard b = square_bb(s);
    byColour[colour_of(p)] ^= b;
    byType[type_of(p)] ^= b;
    occupied ^= b;
    upColours &= ~b;
    board[s] = NO_PIECE;
}

inline void Position::move_piece(Square from, Square to) {
    Piece p = board[from];
    remove_piece(from);
    put_piece(p, to);
}

void Position::pool_add(Piece p, Key& k) {
    PieceType pt = type_of(p);
    if (pt == PAWN || pt == KING) return;
    int& n = pool[colour_of(p)][pool_index(pt)];
    ++n;
    k ^= zobrist().pool[colour_of(p)][pool_index(pt)][n & 15];
}

void Position::pool_remove(Colour c, PieceType pt, Key& k) {
    int& n = pool[c][pool_index(pt)];
    k ^= zobrist().pool[c][pool_index(pt)][n & 15];
    --n;
}

// ---- Queries -------------------------------------------------------------------------------

Color Position::controller(Colour c) const {
    if (controlled_by(WHITE) & colour_bit(c)) return WHITE;
    if (controlled_by(BLACK) & colour_bit(c)) return BLACK;
    return COLOR_NB;
}

bool Position::has_usable_pool_piece(Color player) const {
    ColourSet set = controlled_by(player);
    for (int c = 0; c < COLOUR_NB; ++c)
        if (set & (1u << c))
            for (int i = 0; i < 4; ++i)
                if (pool[c][i]) return true;
    return false;
}

Control Position::compute_control() const {
    // Each neutral colour's holder is looked up once; the chains then follow the table.
    Colour holder[COLOUR_NB] = {NO_COLOUR, NO_COLOUR, NO_COLOUR, NO_COLOUR, NO_COLOUR, NO_COLOUR};
    for (Colour c : {C_RED, C_YELLOW, C_PURPLE, C_BLUE})
        if (Bitboard b = colour_squares(c) & occupied) holder[c] = colour_of(board[lsb(b)]);
    return resolve_control([&](Colour c) { return holder[c]; });
}

bool Position::ep_capturable(Square target, Square pawnSq, Color next) const {
    Piece victim = board[pawnSq];
    if (colour_of(victim) == own_colour(next)) return false;
    Color dir = pawn_direction(colour_of(victim));
    // Pawns moving the other way that stand beside the advanced pawn.
    return pawn_attacks(dir, target) & pawns_moving(~dir) & movable(next);
}

// ---- FEN -----------------------------------------------------------------------------------

std::optional<std::string> Position::read_board(std::string_view b) {
    // Two characters a piece: its colour and its kind.
    return chess::read_board_field(b, [&](std::size_t& i, Square sq) -> std::optional<std::string> {
        Colour c = parse_colour(b[i]);
        if (c == NO_COLOUR)
            return fmt::format("unknown colour letter '{}' (expected one of wbrypu)", b[i]);
        if (i + 1 == b.size()) return fmt::format("colour letter '{}' without a piece", b[i]);
        auto t = TypeChars.find(b[++i]);
        if (t == std::string_view::npos || t == 0)
            return fmt::format("unknown piece letter '{}' (expected one of KQRBNP)", b[i]);
        put_piece(make_piece(c, PieceType(t)), sq);
        return std::nullopt;
    });
}

std::optional<std::string> Position::check_board() const {
    for (Color c : {WHITE, BLACK}) {
        int kings = popcount(pieces(own_colour(c), KING));
        if (kings != 1) return fmt::format("{} has {} kings", player_name(c), kings);
    }
    if (pieces(KING) & ~(pieces(C_WHITE) | pieces(C_BLACK)))
        return std::string("only White and Black have kings");
    // Pawns never stand behind their start rank.
    if (pawns_moving(WHITE) & rank_bb(RANK_1))
        return std::string("a pawn moving up stands on rank 1");
    if (pawns_moving(BLACK) & rank_bb(RANK_8))
        return std::string("a pawn moving down stands on rank 8");
    for (Square s : Squares {occupied & ColouredSquares}) {
        if (colour_of(board[s]) == square_colour(s))
            return fmt::format("a {} piece stands on a {} square ({})",
                ColourNames[square_colour(s)], ColourNames[square_colour(s)], square_name(s));
        if (s < twin_square(s) && (occupied & square_bb(twin_square(s))))
            return fmt::format("both {} squares are occupied", ColourNames[square_colour(s)]);
    }
    return std::nullopt;
}

std::optional<std::string> Position::read_castling(std::string_view field) {
    // KQkq, or the Shredder letters of the same rooks (H A h a).
    if (field == "-") return std::nullopt;
    for (char ch : field) {
        char up = char(std::toupper(static_cast<unsigned char>(ch)));
        if (up != 'K' && up != 'Q' && up != 'H' && up != 'A')
            return fmt::format(
                "bad castling letter '{}' (only the a- and h-file rooks castle)", ch);
        Color c = ch == up ? WHITE : BLACK;
        bool kingSide = up == 'K' || up == 'H';
        Square ksq = relative_square(c, SQ_E1);
        Square rsq = relative_square(c, kingSide ? SQ_H1 : SQ_A1);
        if (board[ksq] != make_piece(own_colour(c), KING))
            return fmt::format("castling right '{}' without {}'s king on {}", ch, player_name(c),
                square_name(ksq));
        if (type_of(board[rsq]) != ROOK)
            return fmt::format("castling right '{}' without a rook on {}", ch, square_name(rsq));
        CastlingRight cr = castling_right(c, kingSide);
        if (st->castling & cr) return fmt::format("castling right '{}' given twice", ch);
        st->castling |= cr;
    }
    return std::nullopt;
}

std::optional<std::string> Position::read_pool(std::string_view t) {
    // Colour-type pairs.
    if (t == "-") return std::nullopt;
    if (t.size() % 2) return fmt::format("pool '{}' must be colour-type pairs", t);
    for (std::size_t i = 0; i < t.size(); i += 2) {
        Colour c = parse_colour(t[i]);
        auto pt = TypeChars.find(t[i + 1]);
        if (c == NO_COLOUR || pt == std::string_view::npos || pt < KNIGHT || pt > QUEEN)
            return fmt::format(
                "bad pool piece '{}' (a colour letter and one of QRBN)", t.substr(i, 2));
        int& n = pool[c][pool_index(PieceType(pt))];
        if (++n > 15) return std::string("more than 15 of one piece in the pool");
    }
    // Pieces are never made, only moved between board and pool: together they hold at
    // most the start position's 32 (this also bounds the number of legal moves).
    int total = popcount(occupied);
    for (auto& row : pool)
        for (int n : row) total += n;
    if (total > 32)
        return fmt::format("{} pieces on the board and in the pool, more than 32", total);
    return std::nullopt;
}

std::optional<std::string> Position::read_en_passant(std::string_view field) {
    // Accepted when it follows a double step; kept only when a capture exists.
    if (field == "-") return std::nullopt;
    Square ep = parse_square(field);
    if (ep == SQ_NONE) return fmt::format("bad en passant square '{}'", field);
    Rank r = rank_of(ep);
    if (r != RANK_3 && r != RANK_6)
        return fmt::format("en passant square '{}' is on the wrong rank", field);
    Color dir = r == RANK_3 ? WHITE : BLACK; // direction of the pawn that double-stepped
    Square pawnSq = ep + pawn_push(dir), startSq = ep - pawn_push(dir);
    if (!(pawns_moving(dir) & square_bb(pawnSq)) || !empty(ep) || !empty(startSq))
        return fmt::format("en passant square '{}' does not follow a double step", field);
    if (ep_capturable(ep, pawnSq, sideToMove)) st->epSquare = ep;
    return std::nullopt;
}

std::optional<std::string> Position::set_fen(std::string_view fenText) {
    auto fields = chess::split_fen_fields(fenText);
    if (auto err = chess::check_field_count(fields, 7)) return err;

    // Built on an empty position, copied into *this only when the whole FEN is good.
    Position p(EmptyTag {});
    p.st.reset();
    std::fill(std::begin(p.board), std::end(p.board), NO_PIECE);
    std::fill(std::begin(p.byColour), std::end(p.byColour), 0);
    std::fill(std::begin(p.byType), std::end(p.byType), 0);
    p.occupied = p.upColours = 0;
    for (auto& row : p.pool) std::fill(std::begin(row), std::end(row), 0);

    if (auto err = p.read_board(fields[0])) return err;
    if (auto err = p.check_board()) return err;
    p.st->control = p.compute_control();
    auto side = chess::read_side(fields[1]);
    if (auto* err = std::get_if<std::string>(&side)) return *err;
    p.sideToMove = std::get<Color>(side);
    if (auto err = p.read_castling(fields[2])) return err;
    if (auto err = p.read_pool(fields.size() == 7 ? fields[6] : "-")) return err;
    if (p.attackers_by(p.sideToMove, p.king_square(~p.sideToMove)))
        return std::string("the side not to move is in check");
    if (auto err = p.read_en_passant(fields[3])) return err;
    auto clocks = chess::read_clocks(fields);
    if (auto* err = std::get_if<std::string>(&clocks)) return *err;
    p.st->rule50 = std::get<chess::Clocks>(clocks).rule50;
    p.set_fullmove(std::get<chess::Clocks>(clocks).fullmove);
    p.st->key = p.compute_key();

    *this = p;
    return std::nullopt;
}

std::string Position::fen() const {
    std::string out;
    for (int r = RANK_8; r >= RANK_1; --r) {
        int emptyRun = 0;
        for (int f = FILE_A; f <= FILE_H; ++f) {
            Piece pc = board[make_square(File(f), Rank(r))];
            if (pc == NO_PIECE) {
                ++emptyRun;
                continue;
            }
            if (emptyRun) out += char('0' + emptyRun);
            emptyRun = 0;
            out += piece_text(pc);
        }
        if (emptyRun) out += char('0' + emptyRun);
        if (r > RANK_1) out += '/';
    }
    out += sideToMove == WHITE ? " w " : " b ";
    std::string castling;
    if (can_castle(WHITE_OO)) castling += 'K';
    if (can_castle(WHITE_OOO)) castling += 'Q';
    if (can_castle(BLACK_OO)) castling += 'k';
    if (can_castle(BLACK_OOO)) castling += 'q';
    out += castling.empty() ? "-" : castling;
    out += ' ';
    out += st->epSquare == SQ_NONE ? "-" : square_name(st->epSquare);
    out += ' ' + chess::clocks_text(st->rule50, fullmove_number()) + ' ';
    std::string poolText;
    for (int c = 0; c < COLOUR_NB; ++c)
        for (int i = 0; i < 4; ++i)
            for (int n = 0; n < pool[c][i]; ++n)
                poolText += piece_text(make_piece(Colour(c), PoolTypes[i]));
    out += poolText.empty() ? "-" : poolText;
    return out;
}

std::string Position::picture() const {
    std::string out = "   +----+----+----+----+----+----+----+----+\n";
    for (int r = RANK_8; r >= RANK_1; --r) {
        out += fmt::format(" {} |", r + 1);
        for (int f = FILE_A; f <= FILE_H; ++f) {
            Square s = make_square(File(f), Rank(r));
            Colour sc = square_colour(s);
            // Coloured squares show their colour letter in brackets when empty.
            if (board[s] != NO_PIECE) out += fmt::format(" {} |", piece_text(board[s]));
            else if (sc != NO_COLOUR) out += fmt::format(" [{}]|", ColourChars[sc]);
            else out += "    |";
        }
        out += "\n   +----+----+----+----+----+----+----+----+\n";
    }
    out += "     a    b    c    d    e    f    g    h\n";
    auto names = [](ColourSet set) {
        std::string s;
        for (int c = 0; c < COLOUR_NB; ++c)
            if (set & (1u << c))
                s += std::string(s.empty() ? "" : " ") + std::string(ColourNames[c]);
        return s;
    };
    ColourSet neutral = ALL_COLOURS & ~(controlled_by(WHITE) | controlled_by(BLACK));
    std::string checkersText;
    for (Square s : Squares {checkers()}) checkersText += square_name(s) + ' ';
    return fmt::format("{}\nFen: {}\nKey: {:016X}\nWhite controls: {}\nBlack controls: {}\n"
                       "Neutral: {}\nCheckers: {}",
        out, fen(), key(), names(controlled_by(WHITE)), names(controlled_by(BLACK)),
        neutral ? names(neutral) : "-", checkersText);
}

Key Position::compute_key() const {
    const Zobrist& z = zobrist();
    Key k = 0;
    for (Square s : Squares {occupied}) k ^= z.psq[board[s]][s];
    if (sideToMove == BLACK) k ^= z.side;
    k ^= z.castling[st->castling];
    if (st->epSquare != SQ_NONE) k ^= z.enpassant[file_of(st->epSquare)];
    for (int c = 0; c < COLOUR_NB; ++c)
        for (int i = 0; i < 4; ++i)
            for (int n = 1; n <= pool[c][i]; ++n) k ^= z.pool[c][i][n & 15];
    k ^= control_key(compute_control());
    return k;
}

std::string Position::consistency_error() const {
    Bitboard colours[COLOUR_NB] = {}, types[PIECE_TYPE_NB] = {}, occ = 0, up = 0;
    for (Square s = SQ_A1; s <= SQ_H8; ++s) {
        Piece pc = board[s];
        if (pc == NO_PIECE) continue;
        colours[colour_of(pc)] |= square_bb(s);
        types[type_of(pc)] |= square_bb(s);
        occ |= square_bb(s);
        if (pawn_direction(colour_of(pc)) == WHITE) up |= square_bb(s);
    }
    if (occ != occupied || up != upColours) return "occupancy differs from the mailbox";
    for (int c = 0; c < COLOUR_NB; ++c)
        if (colours[c] != byColour[c]) return fmt::format("{} bitboard differs", ColourNames[c]);
    for (int t = 0; t < PIECE_TYPE_NB; ++t)
        if (types[t] != byType[t]) return fmt::format("bitboard of type {} differs", t);
    if (!(compute_control() == st->control)) return "control differs from its recomputation";
    if (compute_key() != key()) return "key differs from its recomputation";
    return {};
}

// ---- Make and unmake -------------------------------------------------------------------

Piece Position::captured_by(Move m) const {
    switch (m.kind()) {
    case CASTLING:
    case RESCUE: return NO_PIECE;
    case EN_PASSANT: return board[m.to() - pawn_push(pawn_direction(colour_of(board[m.from()])))];
    default: return board[m.to()];
    }
}

// What do_move builds as it goes: the new state, the key and the squares whose occupant
// changed (they decide which castling rights go and whether control is recomputed).
struct Position::MoveEdit {
    StateInfo& s;
    Key key;
    Bitboard touched;
};

// Takes the piece on `sq`, if any, into the pool.
void Position::capture_on(Square sq, MoveEdit& e) {
    Piece victim = board[sq];
    if (victim == NO_PIECE) return;
    e.key ^= zobrist().psq[victim][sq];
    remove_piece(sq);
    pool_add(victim, e.key);
    e.s.captured = victim;
    e.s.rule50 = 0;
    e.touched |= square_bb(sq);
}

void Position::relocate(Square from, Square to, MoveEdit& e) {
    Piece pc = board[from];
    e.key ^= zobrist().psq[pc][from] ^ zobrist().psq[pc][to];
    move_piece(from, to);
}

void Position::castle(Move m, MoveEdit& e) {
    const Color us = sideToMove;
    const bool kingSide = m.to() > m.from();
    Square rfrom = relative_square(us, kingSide ? SQ_H1 : SQ_A1);
    Square rto = relative_square(us, kingSide ? SQ_F1 : SQ_D1);
    relocate(m.from(), m.to(), e);
    relocate(rfrom, rto, e);
    e.touched |= square_bb(rfrom) | square_bb(rto);
}

// The queen leaves the game (not the pool); the king takes its square.
void Position::rescue(Move m, MoveEdit& e) {
    Piece queen = board[m.to()];
    e.key ^= zobrist().psq[queen][m.to()];
    remove_piece(m.to());
    e.s.captured = queen;
    e.s.rule50 = 0;
    relocate(m.from(), m.to(), e);
}

// The pawn leaves the board and the mover's king, wherever it stands, takes the
// promotion square.
void Position::promote_king(Move m, MoveEdit& e) {
    capture_on(m.to(), e);
    Square ksq = king_square(sideToMove);
    e.s.kingFrom = ksq;
    e.touched |= square_bb(ksq);
    e.key ^= zobrist().psq[board[m.from()]][m.from()];
    remove_piece(m.from());
    relocate(ksq, m.to(), e);
    e.s.rule50 = 0;
}

// The pawn becomes the pool piece the move names.
void Position::promote(Move m, MoveEdit& e) {
    capture_on(m.to(), e);
    e.key ^= zobrist().psq[board[m.from()]][m.from()];
    remove_piece(m.from());
    Piece promoted = make_piece(m.pool_colour(), m.promotion_type());
    pool_remove(m.pool_colour(), m.promotion_type(), e.key);
    put_piece(promoted, m.to());
    e.key ^= zobrist().psq[promoted][m.to()];
    e.s.rule50 = 0;
}

// The pieces the move takes, moves and makes, by its kind.
void Position::move_pieces(Move m, MoveEdit& e) {
    const Square from = m.from(), to = m.to();
    switch (m.kind()) {
    case CASTLING: castle(m, e); break;
    case RESCUE: rescue(m, e); break;
    case KING_PROMOTION: promote_king(m, e); break;
    case PROMOTION: promote(m, e); break;
    case EN_PASSANT:
        capture_on(to - pawn_push(pawn_direction(colour_of(board[from]))), e);
        relocate(from, to, e);
        e.s.rule50 = 0;
        break;
    default:
        capture_on(to, e);
        relocate(from, to, e);
        if (type_of(board[to]) == PAWN) e.s.rule50 = 0;
        break;
    }
}

// Castling rights go with any king or corner rook that moves or is taken.
void Position::drop_castling_rights(int prevCastling, MoveEdit& e) {
    Bitboard lost = e.touched;
    if (e.s.kingFrom != SQ_NONE) lost |= square_bb(e.s.kingFrom);
    for (Square sq : Squares {lost
             & (square_bb(SQ_E1) | square_bb(SQ_A1) | square_bb(SQ_H1) | square_bb(SQ_E8)
                 | square_bb(SQ_A8) | square_bb(SQ_H8))})
        e.s.castling &= ~castling_mask(sq);
    if (e.s.castling != prevCastling)
        e.key ^= zobrist().castling[prevCastling] ^ zobrist().castling[e.s.castling];
}

// A double step leaves an en passant target when the next player (now to move) can use it.
void Position::set_en_passant(Move m, MoveEdit& e) {
    const Square from = m.from(), to = m.to();
    if (m.kind() != NORMAL || type_of(board[to]) != PAWN || (int(to) ^ int(from)) != 16) return;
    Square target = Square((int(from) + int(to)) / 2);
    if (ep_capturable(target, to, sideToMove)) {
        e.s.epSquare = target;
        e.key ^= zobrist().enpassant[file_of(target)];
    }
}

void Position::do_move(Move m) {
    const Zobrist& z = zobrist();
    const Square prevEp = st->epSquare;
    const int prevCastling = st->castling;
    const Control prevControl = st->control;

    StateInfo* s = st.push();
    s->moved = board[m.from()];
    MoveEdit e {*s, s->key ^ z.side, square_bb(m.from()) | square_bb(m.to())};
    if (prevEp != SQ_NONE) e.key ^= z.enpassant[file_of(prevEp)];
    ++gamePly;

    move_pieces(m, e);
    drop_castling_rights(prevCastling, e);
    // Control changes only when a coloured square changed occupant.
    if (e.touched & ColouredSquares) {
        s->control = compute_control();
        if (!(s->control == prevControl))
            e.key ^= control_key(prevControl) ^ control_key(s->control);
    }
    sideToMove = ~sideToMove;
    set_en_passant(m, e);
    s->key = e.key;
}

void Position::undo_move(Move m) {
    sideToMove = ~sideToMove;
    const Color us = sideToMove;
    const Square from = m.from(), to = m.to();
    const Piece captured = st->captured;

    // Puts a captured piece back, taking it out of the pool again.
    auto restore = [&](Square sq) {
        if (captured == NO_PIECE) return;
        put_piece(captured, sq);
        PieceType pt = type_of(captured);
        if (pt != PAWN && pt != KING) --pool[colour_of(captured)][pool_index(pt)];
    };

    switch (m.kind()) {
    case CASTLING: {
        bool kingSide = to > from;
        move_piece(to, from);
        move_piece(relative_square(us, kingSide ? SQ_F1 : SQ_D1),
            relative_square(us, kingSide ? SQ_H1 : SQ_A1));
        break;
    }
    case RESCUE:
        move_piece(to, from);
        put_piece(captured, to); // the queen comes back from outside the game
        break;
    case KING_PROMOTION:
        move_piece(to, st->kingFrom);
        put_piece(st->moved, from);
        restore(to);
        break;
    case PROMOTION: {
        Piece promoted = board[to];
        remove_piece(to);
        ++pool[colour_of(promoted)][pool_index(type_of(promoted))];
        put_piece(st->moved, from);
        restore(to);
        break;
    }
    case EN_PASSANT:
        move_piece(to, from);
        restore(to - pawn_push(pawn_direction(colour_of(board[from]))));
        break;
    default:
        move_piece(to, from);
        restore(to);
        break;
    }
    st.pop();
    --gamePly;
}

// ---- Move text -----------------------------------------------------------------------------

std::string Position::move_text(Move m) const {
    if (!m) return "0000";
    std::string out = square_name(m.from()) + square_name(m.to());
    if (m.kind() == KING_PROMOTION) out += 'k';
    else if (m.kind() == PROMOTION) {
        out += char(std::tolower(static_cast<unsigned char>(TypeChars[m.promotion_type()])));
        if (m.pool_colour() != colour_of(board[m.from()])) out += ColourChars[m.pool_colour()];
    }
    return out;
}

std::optional<Move> Position::parse_move(std::string_view text) const {
    // Also king takes own rook for castling, and a promotion naming the pawn's own colour.
    return legal_move_named<MoveList>(*this, text, [&](Move m) {
        if (m.kind() == CASTLING) {
            Square rsq = relative_square(sideToMove, m.to() > m.from() ? SQ_H1 : SQ_A1);
            return square_name(m.from()) + square_name(rsq) == text;
        }
        return m.kind() == PROMOTION && move_text(m) + ColourChars[m.pool_colour()] == text;
    });
}

// ---- End of the game -------------------------------------------------------------------

bool Position::fifty_move_draw() const {
    if (st->rule50 < 100) return false;
    // A mate on the hundredth ply takes precedence over the fifty-move rule.
    return !in_check() || count_legal(*this) > 0;
}

} // namespace hq::control
