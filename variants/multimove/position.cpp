// SPDX-License-Identifier: GPL-3.0-or-later
#include "position.h"

#include "variants/chess/attacked.h"
#include "variants/chess/fen_fields.h"

#include "engine/parse_move.h"
#include "engine/random.h"
#include "movegen.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fmt/format.h>

namespace hq::multimove {

const Zobrist& zobrist() {
    static const Zobrist z = [] {
        Zobrist k {};
        Prng rng(0x6D756C74696D6F76ULL); // "multimov"
        for (Key& key : k.enpassant) key = rng.next();
        for (Key& key : k.moved) key = rng.next();
        for (Key& key : k.frozen) key = rng.next();
        for (Key& key : k.checkedKing) key = rng.next();
        for (Key& key : k.movesDone) key = rng.next();
        for (Key& key : k.movesPerTurn) key = rng.next();
        return k;
    }();
    return z;
}

namespace {

// The key of a set of marks and en passant targets: the XOR of one key per member, so the
// key of a change is the key of the symmetric difference.
Key marks_key(Bitboard moved, Bitboard frozen, Bitboard checkedKing, Bitboard ep) {
    const Zobrist& z = zobrist();
    Key k = 0;
    for (Square s : Squares {moved}) k ^= z.moved[s];
    for (Square s : Squares {frozen}) k ^= z.frozen[s];
    for (Square s : Squares {checkedKing}) k ^= z.checkedKing[s];
    for (Square s : Squares {ep}) k ^= z.enpassant[s];
    return k;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i <= s.size()) {
        std::size_t j = s.find(sep, i);
        if (j == std::string_view::npos) j = s.size();
        out.push_back(s.substr(i, j - i));
        i = j + 1;
    }
    return out;
}

// N from a FEN's field 7 (`k/N`), or nothing.
std::optional<int> moves_per_turn_of(std::string_view fen) {
    auto fields = chess::split_fen_fields(fen);
    if (fields.size() < 7) return std::nullopt;
    auto parts = split(fields[6], '/');
    if (parts.size() != 2) return std::nullopt;
    auto n = chess::parse_fen_number(parts[1]);
    if (!n || *n < 1 || *n > MAX_MOVES_PER_TURN) return std::nullopt;
    return n;
}

} // namespace

Bitboard attackers_to(const chess::Board& b, Square s, Bitboard occupied) {
    return (pawn_attacks(BLACK, s) & b.pieces(WHITE, PAWN))
        | (pawn_attacks(WHITE, s) & b.pieces(BLACK, PAWN)) | (knight_attacks(s) & b.pieces(KNIGHT))
        | (king_attacks(s) & b.pieces(KING)) | (rook_attacks(s, occupied) & b.pieces(ROOK, QUEEN))
        | (bishop_attacks(s, occupied) & b.pieces(BISHOP, QUEEN));
}

Bitboard live_ep_targets(const Frame& f) {
    Bitboard live = 0;
    for (Square t : Squares {f.epTargets}) {
        // Targets on the 6th rank are White's to capture (Black stepped), on the 3rd
        // rank Black's.
        Color capturer = rank_of(t) == RANK_6 ? WHITE : BLACK, stepper = ~capturer;
        if (f.board.piece_on(t + pawn_push(stepper)) != make_piece(stepper, PAWN)) continue;
        Bitboard capturers = pawn_attacks(stepper, t) & f.board.pieces(capturer, PAWN);
        if (capturer == f.sideToMove) capturers &= ~f.moved;
        if (capturers) live |= square_bb(t);
    }
    return live;
}

// ---- Construction and copying ------------------------------------------------------------

Position::Position()
    : frames(256)
    , cur(frames.data()) {
    [[maybe_unused]] auto err = set_fen(StartFen);
    assert(!err);
}

Position::Position(const Position& o)
    : frames()
    , cur(nullptr) {
    *this = o;
}

Position& Position::operator=(const Position& o) {
    if (this == &o) return *this;
    movesPerTurn = o.movesPerTurn;
    defaultMovesPerTurn = o.defaultMovesPerTurn;
    chess960 = o.chess960;
    castle = o.castle;
    frames = o.frames;
    cur = frames.data() + (o.cur - o.frames.data());
    return *this;
}

void Position::set_variant(const VariantSpec& spec) {
    if (auto n = moves_per_turn_of(spec.startFen)) defaultMovesPerTurn = *n;
}

// ---- FEN ------------------------------------------------------------------------------

namespace {

// set_fen's field 7, the turn's progress k/N: its moves done and moves a turn.
std::optional<std::string> read_turn(std::string_view field, Frame& f, int& movesPerTurn) {
    auto parts = split(field, '/');
    std::optional<int> k, n;
    if (parts.size() == 2) {
        k = chess::parse_fen_number(parts[0]);
        n = chess::parse_fen_number(parts[1]);
    }
    if (!k || !n || *n < 1 || *n > MAX_MOVES_PER_TURN || *k >= *n)
        return fmt::format(
            "the turn field must be k/N with 1 <= N <= 9 and 0 <= k < N, not '{}'", field);
    f.movesDone = *k;
    movesPerTurn = *n;
    return std::nullopt;
}

// Field 8: the marks of the pieces that moved, froze or were checked this turn.
std::optional<std::string> read_marks(std::string_view field, Frame& f) {
    if (f.movesDone == 0)
        return std::string("marks (field 8) are only written during a turn (k > 0)");
    const Color us = f.sideToMove;
    for (std::string_view mark : split(field, ',')) {
        Square s = mark.size() == 3 ? parse_square(mark.substr(0, 2)) : SQ_NONE;
        if (s == SQ_NONE) return fmt::format("bad mark '{}'", mark);
        Bitboard b = square_bb(s);
        if (!(f.board.pieces(us) & b))
            return fmt::format("mark '{}' is not on a piece of the side to move", mark);
        if ((f.moved | f.checkedKing) & b) return fmt::format("square of '{}' marked twice", mark);
        char letter = mark[2];
        if (letter == 'm') f.moved |= b;
        else if (letter == 'x') f.moved |= b, f.frozen |= b;
        else if (letter == 'c' && type_of(f.board.piece_on(s)) == KING) f.checkedKing |= b;
        else return fmt::format("bad mark '{}' (m, x, or c on the king)", mark);
    }
    return std::nullopt;
}

// Field 4: en passant targets, comma-separated.
std::optional<std::string> read_en_passant(std::string_view field, Frame& f) {
    if (field == "-") return std::nullopt;
    const Color us = f.sideToMove, them = ~us;
    for (std::string_view t : split(field, ',')) {
        Square ep = parse_square(t);
        if (ep == SQ_NONE) return fmt::format("bad en passant square '{}'", t);
        // The mover's own targets (a double step this turn: its 3rd rank) need a pawn of
        // its that moved; the opponent's (its 6th rank) an enemy pawn.
        bool own = relative_rank(us, ep) == RANK_3;
        Color stepper = own ? us : them;
        if (relative_rank(us, ep) != RANK_6 && !own)
            return fmt::format("en passant square '{}' is on the wrong rank", t);
        if (f.board.piece_on(ep + pawn_push(stepper)) != make_piece(stepper, PAWN)
            || (own && !(f.moved & square_bb(ep + pawn_push(stepper)))))
            return fmt::format("en passant square '{}' does not follow a double step", t);
        f.epTargets |= square_bb(ep);
    }
    f.epTargets = live_ep_targets(f);
    return std::nullopt;
}

} // namespace

std::optional<std::string> Position::set_fen(std::string_view fenText) {
    auto fields = chess::split_fen_fields(fenText);
    if (auto err = chess::check_field_count(fields, 8)) return err;

    Position p(*this);
    p.frames.assign(256, Frame {});
    p.cur = p.frames.data();
    Frame& f = *p.cur;
    p.castle = {};

    // Fields 1-3: board, side and castling (KQkq or file letters).
    auto board_ok = [](const chess::Board& b) -> std::optional<std::string> {
        if (auto err = b.check_army_sizes()) return err;
        if (b.pieces(PAWN) & (rank_bb(RANK_1) | rank_bb(RANK_8)))
            return std::string("a pawn stands on the first or last rank");
        return std::nullopt;
    };
    auto any_right = [](Color, char) { return std::optional<std::string>(); };
    if (auto err = chess::read_board_side_castling(
            fields, false, f.board, f.sideToMove, p.castle, f.castling, board_ok, any_right))
        return err;
    const Color us = f.sideToMove, them = ~us;

    // Fields 5-7: clocks and the turn's progress; field 8: the marks.
    auto clocks = chess::read_clocks(fields);
    if (auto* err = std::get_if<std::string>(&clocks)) return *err;
    f.rule50 = std::get<chess::Clocks>(clocks).rule50;
    f.fullmove = std::max(std::get<chess::Clocks>(clocks).fullmove, 1);
    p.movesPerTurn = defaultMovesPerTurn;
    if (fields.size() > 6)
        if (auto err = read_turn(fields[6], f, p.movesPerTurn)) return err;
    if (fields.size() > 7)
        if (auto err = read_marks(fields[7], f)) return err;
    // A piece that moved this turn has no castling right left.
    for (Square s : Squares {f.moved})
        if (f.castling & p.castle.rightsMask[s])
            return fmt::format(
                "castling right for a piece that moved this turn ({})", square_name(s));
    if (auto err = read_en_passant(fields[3], f)) return err;

    // At a turn start the opponent ended its turn with its king safe, and the mover's
    // king carries the c mark exactly when it is attacked.
    Bitboard checkers = multimove::attackers_to(f.board, f.board.king_square(us), f.board.pieces())
        & f.board.pieces(them);
    if (f.movesDone == 0) {
        if (multimove::attackers_to(f.board, f.board.king_square(them), f.board.pieces())
            & f.board.pieces(us))
            return std::string("the side not to move is in check at the start of a turn");
        if (checkers) f.checkedKing = square_bb(f.board.king_square(us));
    }

    // In the middle of a turn something must be able to move, or the turn would have
    // passed automatically.
    if (f.movesDone > 0 && !has_single_move(p, f))
        return std::string(
            "nothing can move in the middle of the turn (the turn would have passed)");

    f.key = p.compute_key();
    *this = p;
    return std::nullopt;
}

std::string Position::fen() const {
    const Frame& f = *cur;
    std::string out = chess::fen_fields_1_3(f.board, f.sideToMove, castle, f.castling, chess960);
    out += ' ';
    std::string ep;
    for (Square s : Squares {f.epTargets}) {
        if (!ep.empty()) ep += ',';
        ep += square_name(s);
    }
    out += ep.empty() ? "-" : ep;
    out += fmt::format(
        " {} {}/{}", chess::clocks_text(f.rule50, f.fullmove), f.movesDone, movesPerTurn);
    if (f.movesDone > 0) {
        std::string marks;
        for (Square s : Squares {f.moved | f.checkedKing}) {
            char letter = (f.frozen & square_bb(s)) ? 'x' : (f.moved & square_bb(s)) ? 'm' : 'c';
            if (!marks.empty()) marks += ',';
            marks += square_name(s);
            marks += letter;
        }
        if (!marks.empty()) out += ' ' + marks;
    }
    return out;
}

std::string Position::picture() const {
    std::string checkers;
    for (Square s : Squares {this->checkers()}) checkers += square_name(s) + ' ';
    return fmt::format("{}\nFen: {}\nKey: {:016X}\nTurn: move {} of {}, {} to move\nCheckers: {}",
        board().picture(), fen(), key(), moves_done() + 1, movesPerTurn,
        side_to_move() == WHITE ? "White" : "Black", checkers);
}

Key Position::compute_key() const {
    const Zobrist& z = zobrist();
    const Frame& f = *cur;
    Key k = chess::board_key(f.board, f.sideToMove, f.castling);
    k ^= marks_key(f.moved, f.frozen, f.checkedKing, f.epTargets);
    k ^= z.movesDone[f.movesDone] ^ z.movesPerTurn[movesPerTurn];
    return k;
}

Bitboard Position::pinned(Color c) const { return chess::king_blockers(*this, c) & pieces(c); }

// ---- Making moves -----------------------------------------------------------------------

void Position::play(Frame& f, Move m) const {
    const chess::Zobrist& cz = chess::zobrist();
    const Zobrist& z = zobrist();
    chess::Board& b = f.board;
    const Color us = f.sideToMove, them = ~us;
    const Square from = m.from(), to = m.to();
    const Piece pc = b.piece_on(from);
    const Bitboard oldMoved = f.moved, oldFrozen = f.frozen, oldChecked = f.checkedKing,
                   oldEp = f.epTargets;
    const int oldCastling = f.castling;
    Key k = f.key;

    f.captured = NO_PIECE;
    f.turnEnded = false;
    ++f.rule50;
    ++f.pliesFromNull;
    f.moved &= ~square_bb(from);

    if (m.kind() == chess::CASTLING) {
        // King takes own rook: both leave, then land on the standard squares. Both are
        // marked as moved; a king that was in check at the turn start has used its move.
        k ^= chess::castle_on(b, us, from, to);
        const auto [kto, rto] = chess::castling_targets(us, from, to);
        f.moved = (f.moved & ~square_bb(to)) | square_bb(kto) | square_bb(rto);
        if (f.checkedKing) f.frozen |= square_bb(kto);
        f.checkedKing = 0;
    } else {
        Square capsq = m.kind() == chess::EN_PASSANT ? to - pawn_push(us) : to;
        Piece captured = b.piece_on(capsq);
        if (captured != NO_PIECE) {
            b.remove_piece(capsq);
            k ^= cz.psq[captured][capsq];
            f.captured = captured;
            f.rule50 = 0;
        }
        b.move_piece(from, to);
        k ^= cz.psq[pc][from] ^ cz.psq[pc][to];
        if (type_of(pc) == PAWN) {
            f.rule50 = 0;
            if (m.kind() == chess::PROMOTION) {
                // The promoted piece is the pawn that moved: it keeps the pawn's marks.
                Piece promoted = make_piece(us, m.promotion());
                b.remove_piece(to);
                b.put_piece(promoted, to);
                k ^= cz.psq[pc][to] ^ cz.psq[promoted][to];
            } else if ((int(to) ^ int(from)) == 16) {
                f.epTargets |= square_bb(to - pawn_push(us));
            }
        }
        // A piece that captured is frozen; so is a king that stepped onto an attacked
        // square or was in check at the start of the turn (its one move is made).
        f.moved |= square_bb(to);
        bool freeze = captured != NO_PIECE;
        if (type_of(pc) == KING) {
            if (f.checkedKing || (multimove::attackers_to(b, to, b.pieces()) & b.pieces(them)))
                freeze = true;
            f.checkedKing = 0;
        }
        if (freeze) f.frozen |= square_bb(to);
    }

    f.castling &= ~(castle.rightsMask[from] | castle.rightsMask[to]);
    if (f.castling != oldCastling) k ^= cz.castling[oldCastling] ^ cz.castling[f.castling];
    f.epTargets = live_ep_targets(f);
    k ^= z.movesDone[f.movesDone] ^ z.movesDone[f.movesDone + 1];
    ++f.movesDone;
    k ^= marks_key(
        oldMoved ^ f.moved, oldFrozen ^ f.frozen, oldChecked ^ f.checkedKing, oldEp ^ f.epTargets);
    f.key = k;
}

void Position::end_turn(Frame& f) const {
    const Zobrist& z = zobrist();
    const Color us = f.sideToMove, them = ~us;
    Key k = f.key ^ marks_key(f.moved, f.frozen, f.checkedKing, f.epTargets);
    k ^= z.movesDone[f.movesDone] ^ z.movesDone[0] ^ chess::zobrist().side;

    f.sideToMove = them;
    f.turnLength = f.movesDone;
    f.movesDone = 0;
    f.moved = f.frozen = 0;
    // The mover's rights lapse; the targets its double steps created pass to the
    // opponent, all of whose pawns may capture at the start of its turn.
    f.epTargets &= rank_bb(relative_rank(them, RANK_6));
    f.epTargets = live_ep_targets(f);
    Square ksq = f.board.king_square(them);
    f.checkedKing = (multimove::attackers_to(f.board, ksq, f.board.pieces()) & f.board.pieces(us))
        ? square_bb(ksq)
        : 0;
    if (us == BLACK) ++f.fullmove;
    f.turnEnded = true;
    f.key = k ^ marks_key(0, 0, f.checkedKing, f.epTargets);
}

bool Position::advance(Frame& f, Move m) const {
    play(f, m);
    if (f.movesDone < movesPerTurn && has_single_move(*this, f)) return false;
    end_turn(f);
    return true;
}

Frame* Position::push_frame() {
    std::size_t idx = std::size_t(cur - frames.data());
    if (idx + 1 == frames.size()) {
        frames.resize(frames.size() * 2);
        cur = frames.data() + idx;
    }
    cur[1] = cur[0];
    return ++cur;
}

void Position::do_move(Move m) { advance(*push_frame(), m); }

void Position::undo_move(Move) { --cur; }

void Position::do_null_move() {
    Frame& f = *push_frame();
    f.captured = NO_PIECE;
    f.pliesFromNull = 0;
    end_turn(f);
}

void Position::undo_null_move() { --cur; }

// ---- Move text ------------------------------------------------------------------------

std::string Position::move_text(Move m, bool kingTakesRook) const {
    if (!m) return "0000";
    Square from = m.from(), to = m.to();
    if (m.kind() == chess::CASTLING && !kingTakesRook)
        to = make_square(to > from ? FILE_G : FILE_C, rank_of(from));
    std::string out = square_name(from) + square_name(to);
    if (m.kind() == chess::PROMOTION) out += chess::PieceChars[make_piece(BLACK, m.promotion())];
    return out;
}

std::optional<Move> Position::parse_move(std::string_view text) const {
    // The other castling notation (king takes rook, or king to its target).
    return legal_move_named<MoveList>(*this, text,
        [&](Move m) { return m.kind() == chess::CASTLING && move_text(m, !chess960) == text; });
}

// ---- End of the game --------------------------------------------------------------------

bool Position::is_repetition(int plyFromRoot) const {
    if (!turn_start()) return false;
    // Walk back from turn start to turn start, within the reversible single moves.
    const int end = std::min(cur->rule50, cur->pliesFromNull);
    const std::ptrdiff_t available = cur - frames.data();
    int back = 0, seen = 0;
    for (const Frame* f = cur; f->turnLength > 0;) {
        back += f->turnLength;
        if (back > end || back > available) break;
        f = cur - back;
        if (f->key == cur->key && (back < plyFromRoot || ++seen == 2)) return true;
    }
    return false;
}

} // namespace hq::multimove
