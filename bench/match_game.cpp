// SPDX-License-Identifier: GPL-3.0-or-later
#include "match_game.h"

#include "engine/text.h"
#include "variants/registry.h"

#include <chrono>
#include <cmath>
#include <ctime>
#include <fmt/format.h>

namespace hq {

namespace {

using Clock = std::chrono::steady_clock;

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

Result win_for(Color c) { return c == WHITE ? Result::WHITE_WINS : Result::BLACK_WINS; }

constexpr std::int64_t MaxClockMs = std::int64_t(MAX_TIME_SECONDS) * 1000;

} // namespace

const char* side_name(Color c) { return c == WHITE ? "White" : "Black"; }

GameResult play_game(const MatchOptions& options, int number, const Opening& opening,
    EngineDriver& white, EngineDriver& black, const std::atomic<bool>& abort,
    const RefereeFactory& makeReferee) {
    GameResult g;
    EngineDriver* engines[COLOR_NB] = {&white, &black};
    const EngineConfig* cfg[COLOR_NB] = {&white.settings(), &black.settings()};
    auto referee = makeReferee ? makeReferee(options.variant) : make_referee(options.variant);
    auto t0 = Clock::now();

    PgnGame& pgn = g.pgn;
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
    std::string tcWhite = cfg[WHITE]->time_control_text();
    std::string tcBlack = cfg[BLACK]->time_control_text();
    if (tcWhite == tcBlack) pgn.set_tag("TimeControl", tcWhite);
    else {
        pgn.set_tag("WhiteTimeControl", tcWhite);
        pgn.set_tag("BlackTimeControl", tcBlack);
    }
    pgn.fen = opening.fen;

    auto end = [&](Result r, const char* termination, std::string reason) {
        g.result = r;
        g.termination = termination;
        g.reason = std::move(reason);
    };

    // The opening's book moves, already checked when the openings were read.
    std::vector<std::string> moves, sans;
    [[maybe_unused]] auto err = referee->set_position(opening.fen);
    int fullmove = fen_fullmove(opening.fen);
    int turnsCompleted = 0;
    auto note_move = [&](Color mover) {
        Color next = referee->side_to_move();
        if (next != mover) {
            ++turnsCompleted;
            if (mover == BLACK) ++fullmove;
        }
    };
    for (std::size_t i = 0; i < opening.moves.size(); ++i) {
        Color mover = referee->side_to_move();
        [[maybe_unused]] auto e = referee->play(opening.moves[i]);
        moves.push_back(opening.moves[i]);
        sans.push_back(opening.sans[i]);
        pgn.moves.push_back({mover, opening.sans[i], "book"});
        note_move(mover);
    }
    turnsCompleted = 0; // -maxmoves counts the engines' moves

    // Clocks.
    std::int64_t left[COLOR_NB], inc[COLOR_NB];
    bool timed[COLOR_NB];
    int turnsDone[COLOR_NB] = {};
    for (Color c : {WHITE, BLACK}) {
        timed[c] = !cfg[c]->tc.infinite;
        left[c] = clamped_ms(cfg[c]->tc.base);
        inc[c] = clamped_ms(cfg[c]->tc.increment);
    }
    // Adjudication: consecutive moves of each engine within the draw band, losing by the
    // resign margin, and winning by it (for two-sided resign adjudication).
    int drawStreak[COLOR_NB] = {}, loseStreak[COLOR_NB] = {}, winStreak[COLOR_NB] = {};

    for (Color c : {WHITE, BLACK})
        if (auto e = engines[c]->new_game(opening.fen, opening.startpos)) {
            bool gone = engines[c]->crashed(), stuck = !gone && !engines[c]->usable();
            const char* what = gone ? "disconnects at" : stuck ? "stalls at" : "cannot play from";
            g.crashed[c] = gone;
            end(win_for(~c), "abandoned",
                fmt::format("{} {} the start: {}", side_name(c), what, *e));
            break;
        }

    while (g.result == Result::NONE) {
        if (abort) {
            g.aborted = true;
            return g;
        }
        // 1. The rules.
        Outcome o = referee->outcome();
        if (o.over()) {
            end(o.result, "normal", o.reason);
            break;
        }
        // 2. Adjudication by the engines' scores and by length.
        if (options.draw.enabled && fullmove >= options.draw.moveNumber
            && drawStreak[WHITE] >= options.draw.moveCount
            && drawStreak[BLACK] >= options.draw.moveCount) {
            end(Result::DRAW, "adjudication",
                fmt::format("Draw by adjudication: scores within {} cp for {} moves",
                    options.draw.score, options.draw.moveCount));
            break;
        }
        if (options.resign.enabled) {
            bool done = false;
            for (Color c : {WHITE, BLACK})
                if (loseStreak[c] >= options.resign.moveCount
                    && (!options.resign.twoSided || winStreak[~c] >= options.resign.moveCount)) {
                    end(win_for(~c), "adjudication",
                        fmt::format("{} wins by adjudication: {}'s score at or below -{} cp for {} "
                                    "moves",
                            side_name(~c), side_name(c), options.resign.score,
                            options.resign.moveCount));
                    done = true;
                    break;
                }
            if (done) break;
        }
        if (options.maxMoves > 0 && turnsCompleted >= 2 * options.maxMoves) {
            end(Result::DRAW, "adjudication",
                fmt::format("Draw by adjudication: {} moves played", options.maxMoves));
            break;
        }

        // 3. Ask the engine whose turn it is.
        Color side = referee->side_to_move();
        EngineDriver& e = *engines[side];
        const EngineConfig& c = *cfg[side];
        MoveRequest req;
        req.startFen = &opening.fen;
        req.startpos = opening.startpos;
        req.moves = &moves;
        req.sans = &sans;
        req.side = side;
        for (Color s : {WHITE, BLACK}) {
            req.timed[s] = timed[s];
            req.timeLeftMs[s] = left[s];
            req.incrementMs[s] = inc[s];
        }
        if (timed[side] && c.tc.moves > 0)
            req.movesToGo = c.tc.moves - turnsDone[side] % c.tc.moves;
        bool limited = timed[side] || c.moveTime > 0;
        std::int64_t allowed = timed[side] ? left[side] : clamped_ms(c.moveTime);
        if (timed[side] && c.moveTime > 0)
            allowed = std::min<std::int64_t>(allowed, clamped_ms(c.moveTime));
        if (!limited) allowed = clamped_ms(options.stallTimeout);
        std::int64_t margin = limited ? c.timeMarginMs : 0;
        req.timeLimit = std::chrono::milliseconds(allowed + margin);
        EngineReply reply = e.go(req);

        const char* who = side_name(side);
        switch (reply.kind) {
        case EngineReply::CRASH:
            g.crashed[side] = true;
            end(win_for(~side), "abandoned",
                fmt::format("{} disconnects (engine {})", who, reply.detail));
            continue;
        case EngineReply::TIMEOUT:
            if (limited) end(win_for(~side), "time forfeit", fmt::format("{} loses on time", who));
            else
                end(win_for(~side), "abandoned",
                    fmt::format(
                        "{}'s connection stalls: no move in {:g} s", who, options.stallTimeout));
            continue;
        case EngineReply::STALL:
            end(win_for(~side), "abandoned",
                fmt::format("{}'s connection stalls: {}", who, reply.detail));
            continue;
        case EngineReply::RESIGN:
            end(win_for(~side), "normal", fmt::format("{} resigns", who));
            continue;
        case EngineReply::CLAIM:
            end(win_for(~side), "rules infraction",
                fmt::format("{} makes a false claim: {}", who, reply.move));
            continue;
        case EngineReply::REJECT:
            end(win_for(~side), "rules infraction",
                fmt::format("{} rejects a legal move: {}", who, reply.move));
            continue;
        case EngineReply::NO_MOVE:
            end(win_for(~side), "rules infraction",
                fmt::format("{} makes an illegal move: {}", who,
                    reply.move.empty() ? "(none)" : reply.move));
            continue;
        case EngineReply::MOVE: break;
        }
        std::int64_t usedMs = std::llround(reply.seconds * 1000);
        if (limited && usedMs > allowed + margin) {
            end(win_for(~side), "time forfeit",
                fmt::format(
                    "{} loses on time ({} after {:.3f} s)", who, reply.move, reply.seconds));
            continue;
        }
        auto names = resolve_move(*referee, reply.move);
        if (!names) {
            end(win_for(~side), "rules infraction",
                fmt::format("{} makes an illegal move: {}", who, reply.move));
            continue;
        }
        [[maybe_unused]] auto e2 = referee->play(names->text);
        moves.push_back(names->text);
        sans.push_back(names->san);
        std::string info = reply.info.text();
        pgn.moves.push_back({side, names->san,
            fmt::format("{}{}{:.2f}s", info, info.empty() ? "" : " ", reply.seconds)});

        // The clock: time used, then at the end of the turn the increment and, after the
        // period's last move, the next period's time.
        if (timed[side]) left[side] = std::max<std::int64_t>(0, left[side] - usedMs);
        if (referee->side_to_move() != side) {
            ++turnsDone[side];
            if (timed[side]) {
                // Saturating at the longest clock, so that no number of turns overflows.
                std::int64_t gain = inc[side];
                if (c.tc.moves > 0 && turnsDone[side] % c.tc.moves == 0)
                    gain += clamped_ms(c.tc.base);
                left[side] = std::min(left[side] + gain, MaxClockMs);
            }
        }
        note_move(side);

        // The engine's score for adjudication.
        if (reply.info.hasScore) {
            int cp = reply.info.centipawns();
            drawStreak[side] = std::abs(cp) <= options.draw.score ? drawStreak[side] + 1 : 0;
            loseStreak[side] = cp <= -options.resign.score ? loseStreak[side] + 1 : 0;
            winStreak[side] = cp >= options.resign.score ? winStreak[side] + 1 : 0;
        } else drawStreak[side] = loseStreak[side] = winStreak[side] = 0;
    }

    pgn.result = g.result;
    pgn.set_tag("Result", result_text(g.result));
    pgn.set_tag("PlyCount", std::to_string(pgn.moves.size()));
    pgn.set_tag("Termination", g.termination);
    pgn.set_tag(
        "GameDuration", duration_text(std::chrono::duration<double>(Clock::now() - t0).count()));
    pgn.finalComment = g.reason;
    for (Color c : {WHITE, BLACK})
        if (!g.crashed[c] && engines[c]->usable())
            engines[c]->game_over(result_text(g.result), g.reason);
    return g;
}

} // namespace hq
