// SPDX-License-Identifier: GPL-3.0-or-later
#include "position.h"

#include "movegen.h"

#include "engine/parse_move.h"
#include "engine/random.h"
#include "engine/repetition.h"
#include "variants/chess/fen.h"

#include <cassert>
#include <cctype>
#include <charconv>
#include <fmt/format.h>

namespace hq::martian {

const Zobrist& zobrist() {
    static const Zobrist z = [] {
        Zobrist k {};
        Prng rng(0x4D415253); // "MARS"
        for (auto& perKind : k.psq)
            for (Key& key : perKind) key = rng.next();
        for (Key& key : k.psq[NO_KIND]) key = 0; // an empty square hashes as nothing
        k.side = rng.next();
        for (auto& perSide : k.score)
            for (Key& key : perSide) key = rng.next();
        for (Key& key : k.banFrom) key = rng.next();
        for (Key& key : k.banTo) key = rng.next();
        for (Key& key : k.clock) key = rng.next();
        k.clock[0] = 0; // uncalled
        k.passed = rng.next();
        return k;
    }();
    return z;
}

namespace {

// A square name on the 4x8 board (`a1` .. `d8`), or SQ_NONE.
Square board_square(std::string_view t) {
    if (t.size() != 2 || t[0] < 'a' || t[0] > 'd' || t[1] < '1' || t[1] > '8') return SQ_NONE;
    return make_square(File(t[0] - 'a'), Rank(t[1] - '1'));
}

} // namespace

Position::Position() {
    [[maybe_unused]] auto err = set_fen(StartFen);
    assert(!err);
}

void Position::put(Kind k, Square s) {
    board[s] = k;
    byKind[k] |= square_bb(s);
    occupied |= square_bb(s);
}

void Position::remove(Square s) {
    byKind[board[s]] &= ~square_bb(s);
    occupied &= ~square_bb(s);
    board[s] = NO_KIND;
}

std::optional<std::string> Position::read_board(std::string_view field) {
    // Eight ranks of four squares, rank 8 first.
    int rank = RANK_8, file = 0;
    for (char c : field) {
        if (c == '/') {
            if (file != FILES) return fmt::format("rank {} does not have 4 squares", rank + 1);
            if (--rank < RANK_1) return std::string("more than 8 ranks");
            file = 0;
        } else if (c >= '1' && c <= '4') {
            file += c - '0';
            if (file > FILES) return fmt::format("rank {} has more than 4 squares", rank + 1);
        } else {
            Kind k = NO_KIND;
            switch (std::tolower(static_cast<unsigned char>(c))) {
            case 'p': k = PAWN; break;
            case 'd': k = DRONE; break;
            case 'q': k = QUEEN; break;
            default: return fmt::format("unknown piece '{}' (Martian Chess has q, d and p)", c);
            }
            if (file >= FILES) return fmt::format("rank {} has more than 4 squares", rank + 1);
            put(k, make_square(File(file), Rank(rank)));
            ++file;
        }
    }
    if (rank != RANK_1 || file != FILES)
        return std::string("the board needs 8 ranks of 4 squares, separated by '/'");
    return std::nullopt;
}

std::optional<std::string> Position::read_ban(std::string_view field, StateInfo& s) const {
    // A move of the side to move from its zone back across the canal onto the empty square
    // the piece came from, which the piece can make.
    if (field == "-") return std::nullopt;
    Square from = field.size() == 4 ? board_square(field.substr(0, 2)) : SQ_NONE;
    Square to = field.size() == 4 ? board_square(field.substr(2, 2)) : SQ_NONE;
    if (from == SQ_NONE || to == SQ_NONE)
        return fmt::format("bad no-rejection ban '{}' (a move such as b5b4, or '-')", field);
    if (zone_owner(from) != sideToMove || empty(from) || zone_owner(to) == sideToMove || !empty(to)
        || !(attacks(board[from], from, occupied) & square_bb(to)))
        return fmt::format("no-rejection ban '{}' is not a move of the side to move from its "
                           "zone back across the canal to an empty square",
            field);
    s.ban = Move(from, to);
    return std::nullopt;
}

namespace {

// Field 7, the scores: South's then North's.
std::optional<std::string> read_scores(std::string_view field, StateInfo& s) {
    auto plus = field.find('+');
    auto south = plus == std::string_view::npos ? std::nullopt
                                                : chess::parse_fen_number(field.substr(0, plus));
    auto north = plus == std::string_view::npos ? std::nullopt
                                                : chess::parse_fen_number(field.substr(plus + 1));
    if (!south || !north || *south > MAX_FEN_SCORE || *north > MAX_FEN_SCORE)
        return fmt::format(
            "bad scores '{}' (expected South+North, e.g. 0+0, each 0 to {})", field, MAX_FEN_SCORE);
    s.score[WHITE] = *south;
    s.score[BLACK] = *north;
    return std::nullopt;
}

} // namespace

std::optional<std::string> Position::set_fen(std::string_view fen) {
    auto f = chess::split_fen_fields(fen);
    if (f.size() < 2)
        return std::string("a Martian Chess FEN needs at least the board and the side to move");
    if (f.size() > 9) return fmt::format("unexpected FEN field '{}'", f[9]);

    Position p(*this); // a copy, so that a bad FEN leaves *this untouched
    p.states.clear();
    for (Kind& k : p.board) k = NO_KIND;
    for (Bitboard& b : p.byKind) b = 0;
    p.occupied = 0;
    StateInfo s {};
    s.clock = CLOCK_UNCALLED;
    if (auto err = p.read_board(f[0])) return err;
    // 2. Side to move.
    if (f[1] == "w") p.sideToMove = WHITE;
    else if (f[1] == "b") p.sideToMove = BLACK;
    else return fmt::format("side to move must be 'w' or 'b', not '{}'", f[1]);
    // 3-4. Castling and en passant do not exist.
    if (f.size() > 2 && f[2] != "-")
        return fmt::format("castling field must be '-', not '{}'", f[2]);
    if (f.size() > 3 && f[3] != "-")
        return fmt::format("en passant field must be '-', not '{}'", f[3]);
    // 5-6. Halfmove clock and fullmove number.
    if (f.size() > 4) {
        auto n = chess::parse_fen_number(f[4]);
        if (!n) return fmt::format("bad halfmove clock '{}'", f[4]);
        s.halfmove = *n;
    }
    int fullmove = 1;
    if (f.size() > 5) {
        auto n = chess::parse_fen_number(f[5]);
        if (!n) return fmt::format("bad fullmove number '{}'", f[5]);
        fullmove = std::max(1, *n);
    }
    p.gamePly = 2 * (fullmove - 1) + (p.sideToMove == BLACK);
    // 7-8. Scores and the no-rejection ban.
    if (f.size() > 6)
        if (auto err = read_scores(f[6], s)) return err;
    if (f.size() > 7)
        if (auto err = p.read_ban(f[7], s)) return err;
    // 9. The clock.
    if (f.size() > 8 && f[8] != "-") {
        auto n = chess::parse_fen_number(f[8]);
        if (!n || *n > CLOCK_START)
            return fmt::format("bad clock '{}' ('-' or a number from 0 to 7)", f[8]);
        s.clock = *n;
    }
    p.states.push_back(s);
    p.st().key = p.compute_key();
    *this = p;
    return std::nullopt;
}

std::string Position::fen() const {
    std::string out;
    for (int r = RANK_8; r >= RANK_1; --r) {
        int emptyRun = 0;
        for (int f = 0; f < FILES; ++f) {
            Square s = make_square(File(f), Rank(r));
            if (empty(s)) {
                ++emptyRun;
                continue;
            }
            if (emptyRun) out += char('0' + emptyRun);
            emptyRun = 0;
            char c = " pdq"[board[s]];
            out += r < RANK_5 ? char(std::toupper(static_cast<unsigned char>(c))) : c;
        }
        if (emptyRun) out += char('0' + emptyRun);
        if (r > RANK_1) out += '/';
    }
    const StateInfo& s = st();
    return fmt::format("{} {} - - {} {} {}+{} {} {}", out, sideToMove == WHITE ? 'w' : 'b',
        chess::fen_count(s.halfmove), chess::fen_count(fullmove_number()), s.score[WHITE],
        s.score[BLACK], s.ban ? move_text(s.ban) : "-",
        s.clock == CLOCK_UNCALLED ? std::string("-") : std::to_string(s.clock));
}

std::string Position::picture() const {
    std::string out = "     a   b   c   d\n   +---+---+---+---+\n";
    for (int r = RANK_8; r >= RANK_1; --r) {
        out += fmt::format(" {} |", r + 1);
        for (int f = 0; f < FILES; ++f) {
            Square s = make_square(File(f), Rank(r));
            char c = " pdq"[board[s]];
            if (r < RANK_5) c = char(std::toupper(static_cast<unsigned char>(c)));
            out += fmt::format(" {} |", c);
        }
        out += r == RANK_8 ? "  North\n" : r == RANK_1 ? "  South\n" : "\n";
        out += r == RANK_5 ? "   +===+===+===+===+  canal\n" : "   +---+---+---+---+\n";
    }
    const StateInfo& s = st();
    return fmt::format("{}\nFen: {}\nKey: {:016X}\nScores: South {} North {}  Clock: {}  Ban: {}",
        out, fen(), key(), s.score[WHITE], s.score[BLACK],
        s.clock == CLOCK_UNCALLED ? std::string("not called") : std::to_string(s.clock),
        s.ban ? move_text(s.ban) : "-");
}

Key Position::compute_key() const {
    const Zobrist& z = zobrist();
    const StateInfo& s = st();
    Key k = 0;
    for (Square sq : Squares {occupied}) k ^= z.psq[board[sq]][sq];
    if (sideToMove == BLACK) k ^= z.side;
    k ^= z.score[WHITE][s.score[WHITE]] ^ z.score[BLACK][s.score[BLACK]];
    if (s.ban) k ^= z.banFrom[s.ban.from()] ^ z.banTo[s.ban.to()];
    k ^= z.clock[s.clock + 1];
    if (s.passed) k ^= z.passed;
    return k;
}

// ---- Make and unmake -------------------------------------------------------------------

void Position::do_move(Move m) {
    const Zobrist& z = zobrist();
    const Color us = sideToMove;
    states.push_back(states.back());
    StateInfo& s = st();
    Key k = s.key;
    // Fields written fresh: clear the old ban, pass flag and capture from the key.
    if (s.ban) k ^= z.banFrom[s.ban.from()] ^ z.banTo[s.ban.to()];
    if (s.passed) k ^= z.passed;
    s.ban = Move();
    s.captured = s.merged = NO_KIND;
    s.passed = false;
    k ^= z.clock[s.clock + 1];
    bool capture = false, irreversible = false;

    if (m.is_pass()) {
        s.passed = true;
        k ^= z.passed;
    } else {
        const Square from = m.from(), to = m.to();
        const Kind mover = board[from], target = board[to];
        k ^= z.psq[mover][from];
        remove(from);
        if (target != NO_KIND) {
            k ^= z.psq[target][to];
            remove(to);
            if (zone_owner(to) == us) {
                // A merge: drone + pawn make a queen, two pawns a drone (pips add up).
                s.merged = target;
                irreversible = true;
                put(Kind(pips(mover) + pips(target)), to);
            } else {
                s.captured = target;
                capture = true;
                k ^= z.score[us][s.score[us]];
                s.score[us] += pips(target);
                k ^= z.score[us][s.score[us]];
                put(mover, to);
            }
        } else put(mover, to);
        k ^= z.psq[board[to]][to];
        // A piece that crossed the canal may not go straight back on the next move.
        if (zone_owner(to) != us) {
            s.ban = Move(to, from);
            k ^= z.banFrom[to] ^ z.banTo[from];
        }
    }

    // The clock: a call sets it to 7; once called, a capture resets it to 7 and any other
    // move (merges and passes included) lowers it by one.
    if (m.calls_clock()) s.clock = CLOCK_START;
    else if (s.clock != CLOCK_UNCALLED) s.clock = capture ? CLOCK_START : s.clock - 1;
    k ^= z.clock[s.clock + 1];
    if (s.clock != CLOCK_UNCALLED) irreversible = true;

    s.halfmove = capture ? 0 : s.halfmove + 1;
    s.reversible = capture || irreversible ? 0 : s.reversible + 1;
    sideToMove = ~us;
    k ^= z.side;
    s.key = k;
    ++gamePly;
}

void Position::undo_move(Move m) {
    const StateInfo& s = st();
    if (!m.is_pass()) {
        const Square from = m.from(), to = m.to();
        const Kind now = board[to];
        remove(to);
        if (s.merged != NO_KIND) {
            put(Kind(pips(now) - pips(s.merged)), from);
            put(s.merged, to);
        } else {
            put(now, from);
            if (s.captured != NO_KIND) put(s.captured, to);
        }
    }
    states.pop_back();
    sideToMove = ~sideToMove;
    --gamePly;
}

void Position::do_null_move() {
    states.push_back(states.back());
    StateInfo& s = st();
    const Zobrist& z = zobrist();
    if (s.ban) s.key ^= z.banFrom[s.ban.from()] ^ z.banTo[s.ban.to()];
    if (s.passed) s.key ^= z.passed;
    s.ban = Move();
    s.passed = false;
    s.captured = s.merged = NO_KIND;
    s.reversible = 0;
    s.key ^= z.side;
    sideToMove = ~sideToMove;
    ++gamePly;
}

void Position::undo_null_move() {
    states.pop_back();
    sideToMove = ~sideToMove;
    --gamePly;
}

// ---- Text ----------------------------------------------------------------------------------

std::string Position::move_text(Move m) const {
    if (m.is_pass()) return "0000";
    if (!m) return "0000";
    return square_name(m.from()) + square_name(m.to()) + (m.calls_clock() ? "*" : "");
}

std::optional<Move> Position::parse_move(std::string_view text) const {
    return legal_move_named<MartianMoveList>(*this, text);
}

// ---- The end of the game -------------------------------------------------------------------

bool Position::is_repetition(int plyFromRoot) const {
    const int last = int(states.size()) - 1;
    return repeats(std::min(st().reversible, last), plyFromRoot,
        [&](int i) { return repetition_key(states[std::size_t(last - i)]); });
}

End Position::end(int plyFromRoot) const {
    if (!pieces(WHITE) || !pieces(BLACK)) return End::ZONE_EMPTY;
    if (st().clock == 0) return End::CLOCK;
    if (st().passed && states.size() >= 2 && states[states.size() - 2].passed) return End::PASSES;
    if (is_repetition(plyFromRoot)) return End::REPETITION;
    return End::NONE;
}

Color Position::winner(End e) const {
    const int south = st().score[WHITE], north = st().score[BLACK];
    if (south != north) return south > north ? WHITE : BLACK;
    // A tie: the last mover wins when a zone emptied; otherwise a draw.
    return e == End::ZONE_EMPTY ? ~sideToMove : COLOR_NB;
}

} // namespace hq::martian
