// SPDX-License-Identifier: GPL-3.0-or-later
#include "pgn_games.h"

#include "engine/score.h"
#include "engine/text.h"
#include "variants/registry.h"

#include <charconv>
#include <cmath>
#include <fmt/format.h>

namespace hq::games {

std::optional<int> comment_score(std::string_view comment) {
    auto words = split_words(comment);
    if (words.empty()) return std::nullopt;
    std::string_view w = words[0];
    auto slash = w.find('/');
    if (slash == std::string_view::npos) return std::nullopt; // "book", or no depth: no score
    w = w.substr(0, slash);
    int sign = 1;
    if (!w.empty() && (w[0] == '+' || w[0] == '-')) sign = w[0] == '-' ? -1 : 1, w.remove_prefix(1);
    if (!w.empty() && w[0] == 'M') { // plies to mate
        int plies = 0;
        auto [end, ec] = std::from_chars(w.data() + 1, w.data() + w.size(), plies);
        if (ec != std::errc() || end != w.data() + w.size() || plies < 0 || plies >= MAX_PLY)
            return std::nullopt;
        return sign * (VALUE_MATE - plies);
    }
    double pawns = 0;
    auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), pawns);
    if (ec != std::errc() || end != w.data() + w.size() || !(std::abs(pawns) < 300.0))
        return std::nullopt;
    return sign * int(std::lround(pawns * 100));
}

namespace {

std::optional<double> white_result(const PgnRecord& game) {
    std::string token = game.resultToken;
    if (token.empty() || token == "*")
        if (auto it = game.tags.find("Result"); it != game.tags.end()) token = it->second;
    if (token == "1-0") return 1.0;
    if (token == "0-1") return 0.0;
    if (token == "1/2-1/2") return 0.5;
    return std::nullopt;
}

} // namespace

std::variant<Record, std::string> record_from_pgn(const PgnRecord& game, std::string_view variant) {
    auto referee = make_referee(variant);
    if (!referee) return fmt::format("unknown game '{}'", variant);
    auto result = white_result(game);
    if (!result) return std::string("no result (an unfinished game)");
    auto fen = game.tags.find("FEN");
    if (auto err = referee->set_position(fen == game.tags.end() ? "" : fen->second))
        return fmt::format("bad FEN: {}", *err);
    Record r;
    r.startFen = referee->fen();
    r.whiteResult = *result;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        auto move = resolve_move(*referee, game.moves[i]);
        if (!move) return fmt::format("move {} ({}) is not legal", i + 1, game.moves[i]);
        const Color mover = referee->side_to_move();
        auto score = comment_score(i < game.moveComments.size() ? game.moveComments[i] : "");
        if (!score && !r.plies.empty()) break; // the record ends where the scores do
        if (!score) r.opening.push_back(move->text);
        else r.plies.push_back({move->text, mover == WHITE ? *score : -*score});
        if (auto err = referee->play(move->text)) return *err;
    }
    if (r.plies.empty()) return std::string("no scored move");
    return r;
}

PgnConvertStats pgn_to_records(const std::string& pgn, std::string_view variant, std::string& out) {
    PgnConvertStats st;
    auto read = read_pgn(pgn);
    if (!read.error.empty()) {
        st.error = "the PGN cannot be read: " + read.error;
        return st;
    }
    for (std::size_t n = 0; n < read.games.size(); ++n) {
        auto record = record_from_pgn(read.games[n], variant);
        if (auto* why = std::get_if<std::string>(&record)) {
            if (!st.skipped++) st.firstSkipped = fmt::format("game {}: {}", n + 1, *why);
            continue;
        }
        const Record& r = std::get<Record>(record);
        out += format(r);
        ++st.games;
        st.plies += std::int64_t(r.plies.size());
    }
    return st;
}

} // namespace hq::games
