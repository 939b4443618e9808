// SPDX-License-Identifier: GPL-3.0-or-later
#include "match_game.h"

#include "engine/text.h"
#include "game_clock.h"
#include "variants/registry.h"

#include <chrono>
#include <cmath>
#include <ctime>
#include <fmt/format.h>

namespace hq {

namespace {

using SteadyClock = std::chrono::steady_clock;

// ---------------------------------------------------------------------------------------
// The PGN record: the tags known before the first move, then one entry a move (written by
// MoveLine), then the tags known at the end.

std::string today() {
    std::time_t t = std::time(nullptr);
    std::tm tm {};
    localtime_r(&t, &tm);
    return fmt::format("{:04}.{:02}.{:02}", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
}

std::string duration_text(double seconds) {
    long s = std::lround(seconds);
    return fmt::format("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
}

void open_record(PgnGame& pgn, const MatchOptions& options, int number, const Opening& opening,
    const EngineDriver& white, const EngineDriver& black) {
    pgn.set_tag("Event", options.event);
    pgn.set_tag("Site", "?");
    pgn.set_tag("Date", today());
    pgn.set_tag("Round", std::to_string(number));
    pgn.set_tag("White", white.name());
    pgn.set_tag("Black", black.name());
    pgn.set_tag("Result", "*");
    pgn.set_tag("Variant", options.variant);
    if (!opening.startpos) {
        pgn.set_tag("SetUp", "1");
        pgn.set_tag("FEN", opening.fen);
    }
    std::string tcWhite = white.settings().time_control_text();
    std::string tcBlack = black.settings().time_control_text();
    if (tcWhite == tcBlack) pgn.set_tag("TimeControl", tcWhite);
    else {
        pgn.set_tag("WhiteTimeControl", tcWhite);
        pgn.set_tag("BlackTimeControl", tcBlack);
    }
    pgn.fen = opening.fen;
}

void close_record(PgnGame& pgn, const GameEnd& end, double seconds) {
    pgn.result = end.result;
    pgn.set_tag("Result", result_text(end.result));
    pgn.set_tag("PlyCount", std::to_string(pgn.moves.size()));
    pgn.set_tag("Termination", end.termination);
    pgn.set_tag("GameDuration", duration_text(seconds));
    pgn.finalComment = end.reason;
}

// ---------------------------------------------------------------------------------------
// The game so far: every move played on the referee, in the referee's text and SAN (what
// the engines are sent) and in the record, with the full move number and the turns the
// engines completed (-draw and -maxmoves count them).
class MoveLine {
public:
    // Sets the referee to the opening and plays its book moves (checked when the openings
    // were read), which -maxmoves does not count.
    MoveLine(Referee& referee, const Opening& opening, PgnGame& pgn)
        : referee(referee)
        , pgn(pgn)
        , fullmove(fen_fullmove(opening.fen)) {
        [[maybe_unused]] auto err = referee.set_position(opening.fen);
        for (std::size_t i = 0; i < opening.moves.size(); ++i)
            play(opening.moves[i], opening.sans[i], "book");
        engineTurns = 0;
    }

    // Plays a legal move of the side to move; true when that ended its turn.
    bool play(const std::string& text, const std::string& san, std::string comment) {
        Color mover = referee.side_to_move();
        [[maybe_unused]] auto err = referee.play(text);
        moves.push_back(text);
        sans.push_back(san);
        pgn.moves.push_back({mover, san, std::move(comment)});
        if (referee.side_to_move() == mover) return false;
        ++engineTurns;
        if (mover == BLACK) ++fullmove;
        return true;
    }

    [[nodiscard]] const std::vector<std::string>& texts() const { return moves; }
    [[nodiscard]] const std::vector<std::string>& san_moves() const { return sans; }
    [[nodiscard]] int full_move() const { return fullmove; }
    [[nodiscard]] int engine_turns() const { return engineTurns; }

private:
    Referee& referee;
    PgnGame& pgn;
    std::vector<std::string> moves, sans;
    int fullmove;
    int engineTurns = 0;
};

// ---------------------------------------------------------------------------------------
// Forfeits: how an engine's failure ends the game.

GameEnd illegal_move(Color side, const std::string& who, const std::string& move) {
    return loss_for(
        side, "rules infraction", fmt::format("{} makes an illegal move: {}", who, move));
}

// The end of the game when `side`'s engine answered other than with a move (`limited`:
// the move had a clock or st=, so silence loses on time rather than stalling).
GameEnd failed_reply(Color side, const std::string& who, const EngineReply& reply, bool limited,
    double stallTimeout) {
    switch (reply.kind) {
    case EngineReply::CRASH:
        return loss_for(
            side, "abandoned", fmt::format("{} disconnects (engine {})", who, reply.detail));
    case EngineReply::TIMEOUT:
        if (limited) return loss_for(side, "time forfeit", fmt::format("{} loses on time", who));
        return loss_for(side, "abandoned",
            fmt::format("{}'s connection stalls: no move in {:g} s", who, stallTimeout));
    case EngineReply::STALL:
        return loss_for(
            side, "abandoned", fmt::format("{}'s connection stalls: {}", who, reply.detail));
    case EngineReply::RESIGN: return loss_for(side, "normal", fmt::format("{} resigns", who));
    case EngineReply::CLAIM:
        return loss_for(
            side, "rules infraction", fmt::format("{} makes a false claim: {}", who, reply.move));
    case EngineReply::REJECT:
        return loss_for(
            side, "rules infraction", fmt::format("{} rejects a legal move: {}", who, reply.move));
    case EngineReply::NO_MOVE: // "bestmove (none)"
    case EngineReply::MOVE:    // not passed here: the caller checks a move with the rules
        break;
    }
    return illegal_move(side, who, reply.move.empty() ? "(none)" : reply.move);
}

// ---------------------------------------------------------------------------------------
// The loop: before each move the rules, then adjudication; then the engine whose side is
// to move is asked, its reply checked against its clock and the rules, and its move played.
class GameInPlay {
public:
    GameInPlay(const MatchOptions& options, int number, const Opening& opening, EngineDriver& white,
        EngineDriver& black, const RefereeFactory& makeReferee)
        : options(options)
        , opening(opening)
        , engines {&white, &black}
        , referee(makeReferee ? makeReferee(options.variant) : make_referee(options.variant))
        , record(result.pgn)
        , line(*referee, opening, record)
        , clocks {GameClock(white.settings()), GameClock(black.settings())}
        , adjudicator(options) {
        open_record(record, options, number, opening, white, black);
    }

    GameResult play(const std::atomic<bool>& abort);

private:
    std::optional<GameEnd> start_engines();
    std::optional<GameEnd> decided() const;
    std::optional<GameEnd> engine_move();
    MoveRequest request(Color side, const MoveDeadline& deadline) const;

    SteadyClock::time_point started = SteadyClock::now();
    const MatchOptions& options;
    const Opening& opening;
    EngineDriver* engines[COLOR_NB];
    std::unique_ptr<Referee> referee;
    GameResult result;
    PgnGame& record;
    MoveLine line;
    GameClock clocks[COLOR_NB];
    Adjudicator adjudicator;
};

GameResult GameInPlay::play(const std::atomic<bool>& abort) {
    std::optional<GameEnd> end = start_engines();
    while (!end) {
        if (abort) {
            result.aborted = true;
            return result;
        }
        end = decided();
        if (!end) end = engine_move();
    }
    result.result = end->result;
    result.termination = end->termination;
    result.reason = end->reason;
    close_record(record, *end, std::chrono::duration<double>(SteadyClock::now() - started).count());
    for (Color c : {WHITE, BLACK})
        if (!result.crashed[c] && engines[c]->usable())
            engines[c]->game_over(result_text(end->result), end->reason);
    return result;
}

// Each engine is told the new game; one that cannot take it loses.
std::optional<GameEnd> GameInPlay::start_engines() {
    for (Color c : {WHITE, BLACK})
        if (auto e = engines[c]->new_game(opening.fen, opening.startpos)) {
            bool gone = engines[c]->crashed(), stuck = !gone && !engines[c]->usable();
            const char* what = gone ? "disconnects at" : stuck ? "stalls at" : "cannot play from";
            result.crashed[c] = gone;
            return loss_for(c, "abandoned",
                fmt::format("{} {} the start: {}", referee->side_name(c), what, *e));
        }
    return std::nullopt;
}

// 1. The rules. 2. Adjudication by the engines' scores and by length.
std::optional<GameEnd> GameInPlay::decided() const {
    Outcome o = referee->outcome();
    if (o.over()) return GameEnd {o.result, "normal", o.reason};
    return adjudicator.verdict(line.full_move(), line.engine_turns(),
        {referee->side_name(WHITE), referee->side_name(BLACK)});
}

MoveRequest GameInPlay::request(Color side, const MoveDeadline& deadline) const {
    MoveRequest req;
    req.startFen = &opening.fen;
    req.startpos = opening.startpos;
    req.moves = &line.texts();
    req.sans = &line.san_moves();
    req.side = side;
    for (Color s : {WHITE, BLACK}) {
        req.timed[s] = clocks[s].timed();
        req.timeLeftMs[s] = clocks[s].left_ms();
        req.incrementMs[s] = clocks[s].increment_ms();
    }
    req.movesToGo = clocks[side].moves_to_go();
    req.timeLimit = deadline.wait();
    return req;
}

// 3. The engine whose side is to move is asked; its move is checked against its clock
// and the rules, then played. The game's end when the reply loses it.
std::optional<GameEnd> GameInPlay::engine_move() {
    Color side = referee->side_to_move();
    GameClock& clock = clocks[side];
    MoveDeadline deadline = clock.deadline(options.stallTimeout);
    EngineReply reply = engines[side]->go(request(side, deadline));
    if (reply.kind == EngineReply::CRASH) result.crashed[side] = true;
    if (reply.kind != EngineReply::MOVE)
        return failed_reply(
            side, referee->side_name(side), reply, deadline.limited, options.stallTimeout);

    std::int64_t usedMs = std::llround(reply.seconds * 1000);
    if (deadline.flag_falls(usedMs))
        return loss_for(side, "time forfeit",
            fmt::format("{} loses on time ({} after {:.3f} s)", referee->side_name(side),
                reply.move, reply.seconds));
    auto names = resolve_move(*referee, reply.move);
    if (!names) return illegal_move(side, referee->side_name(side), reply.move);

    std::string info = reply.info.text();
    bool turnEnds = line.play(names->text, names->san,
        fmt::format("{}{}{:.2f}s", info, info.empty() ? "" : " ", reply.seconds));
    clock.charge(usedMs, turnEnds);
    adjudicator.note_score(
        side, reply.info.hasScore ? std::optional(reply.info.centipawns()) : std::nullopt);
    return std::nullopt;
}

} // namespace

GameResult play_game(const MatchOptions& options, int number, const Opening& opening,
    EngineDriver& white, EngineDriver& black, const std::atomic<bool>& abort,
    const RefereeFactory& makeReferee) {
    return GameInPlay(options, number, opening, white, black, makeReferee).play(abort);
}

} // namespace hq
