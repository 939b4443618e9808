// SPDX-License-Identifier: GPL-3.0-or-later
#include "game_records.h"

#include "engine/score.h"
#include "engine/text.h"
#include "training_data.h"
#include "variants/registry.h"

#include <cstdlib>
#include <fmt/format.h>
#include <fstream>

namespace hq::games {

namespace {

constexpr std::string_view Magic = "#hqgames";

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

const char* result_text(double whiteResult) {
    return whiteResult > 0.75 ? "1.0" : whiteResult > 0.25 ? "0.5" : "0.0";
}

std::optional<double> result_of(std::string_view s) {
    if (s == "1.0" || s == "1") return 1.0;
    if (s == "0.5") return 0.5;
    if (s == "0.0" || s == "0") return 0.0;
    return std::nullopt;
}

} // namespace

std::string header_line(std::string_view variant) {
    return fmt::format("{} {} {}\n", Magic, Version, variant);
}

std::optional<std::string> header_variant(std::string_view line) {
    auto words = split_words(std::string(line));
    if (words.size() != 3 || words[0] != Magic || words[1] != std::to_string(Version))
        return std::nullopt;
    return words[2];
}

std::string format(const Record& game) {
    std::string s = fmt::format("{} | {} | ", game.startFen, result_text(game.whiteResult));
    for (std::size_t i = 0; i < game.opening.size(); ++i) {
        if (i) s += ' ';
        s += game.opening[i];
    }
    s += " |";
    for (const Ply& p : game.plies) s += fmt::format(" {}:{}", p.move, p.whiteScore);
    s += '\n';
    return s;
}

std::variant<Record, std::string> parse(std::string_view line) {
    std::vector<std::string_view> fields;
    for (std::size_t at = 0;;) {
        std::size_t bar = line.find('|', at);
        fields.push_back(trimmed(line.substr(at, bar == line.npos ? line.npos : bar - at)));
        if (bar == line.npos) break;
        at = bar + 1;
    }
    if (fields.size() != 4 || fields[0].empty())
        return std::string("not 'FEN | result | opening moves | move:score ...'");
    Record r;
    r.startFen = std::string(fields[0]);
    auto result = result_of(fields[1]);
    if (!result) return fmt::format("result '{}' is not 1.0, 0.5 or 0.0", fields[1]);
    r.whiteResult = *result;
    r.opening = split_words(std::string(fields[2]));
    for (const std::string& word : split_words(std::string(fields[3]))) {
        const std::size_t colon = word.rfind(':');
        auto score = colon == word.npos ? std::nullopt : parse_number<int>(word.substr(colon + 1));
        if (!score || colon == 0) return fmt::format("'{}' is not MOVE:SCORE", word);
        r.plies.push_back({word.substr(0, colon), *score});
    }
    return r;
}

Drop filter(const GameProbe& probe, std::string_view best, int whiteScore, const Filters& filters) {
    if (probe.in_check()) return Drop::IN_CHECK;
    if (!filters.keepNoisy && probe.is_noisy(best)) return Drop::NOISY;
    if (is_mate_value(Value(whiteScore)) || std::abs(whiteScore) >= filters.maxScore)
        return Drop::DECIDED;
    return Drop::KEPT;
}

std::optional<std::string> replay(const Record& game, GameProbe& probe, const Filters& filters,
    const std::function<void(const GameProbe&, int)>& keep, ReplayCounts& counts) {
    if (auto err = probe.set_position(game.startFen)) return "bad start FEN: " + *err;
    for (const std::string& m : game.opening)
        if (probe.play(m)) return fmt::format("opening move {} is not legal", m);
    ReplayCounts mine;
    for (const Ply& p : game.plies) {
        switch (filter(probe, p.move, p.whiteScore, filters)) {
        case Drop::KEPT:
            keep(probe, p.whiteScore);
            ++mine.kept;
            break;
        case Drop::IN_CHECK: ++mine.inCheck; break;
        case Drop::NOISY: ++mine.noisy; break;
        case Drop::DECIDED: ++mine.decided; break;
        }
        if (probe.play(p.move)) return fmt::format("move {} is not legal", p.move);
    }
    counts.kept += mine.kept;
    counts.inCheck += mine.inCheck;
    counts.noisy += mine.noisy;
    counts.decided += mine.decided;
    return std::nullopt;
}

ConvertStats convert(std::istream& in, const std::string& inName, const std::string& out,
    std::string_view variant, const Filters& filters) {
    ConvertStats st;
    auto probe = make_probe(std::string(variant));
    std::string line;
    if (!std::getline(in, line)) {
        st.error = inName + ": cannot be read, or is empty";
        return st;
    }
    auto theirs = header_variant(line);
    if (!theirs || *theirs != variant) {
        st.error = theirs ? fmt::format("{} holds {} games, not {}", inName, *theirs, variant)
                          : fmt::format("{} is not an HQGAMES file (its first line is not "
                                        "'{} {} VARIANT')",
                              inName, Magic, Version);
        return st;
    }
    const bool binary = out.ends_with(".bin");
    std::string bytes;
    if (binary) {
        auto check = training::check_for_append(out, variant, *probe);
        if (!check.error.empty()) {
            st.error = check.error;
            return st;
        }
        if (check.writeHeader) bytes = training::header(variant, *probe);
    }
    std::ofstream o(out, std::ios::app | std::ios::binary);
    if (!o) {
        st.error = "cannot open " + out + " for appending";
        return st;
    }
    for (std::int64_t number = 2; std::getline(in, line); ++number) {
        if (trimmed(line).empty()) continue;
        auto parsed = parse(line);
        std::string gameBytes;
        std::optional<std::string> bad;
        if (auto* why = std::get_if<std::string>(&parsed)) bad = *why;
        else {
            const Record& game = std::get<Record>(parsed);
            ReplayCounts counts;
            bad = replay(
                game, *probe, filters,
                [&](const GameProbe& p, int score) {
                    if (binary) training::append_record(gameBytes, p, score, game.whiteResult);
                    else
                        gameBytes += fmt::format(
                            "{} | {} | {}\n", p.fen(), score, result_text(game.whiteResult));
                },
                counts);
            if (!bad) {
                st.positions += counts.kept;
                st.dropped.inCheck += counts.inCheck;
                st.dropped.noisy += counts.noisy;
                st.dropped.decided += counts.decided;
            }
        }
        if (bad) {
            if (!st.badGames++) st.firstBad = fmt::format("{}:{}: {}", inName, number, *bad);
            continue;
        }
        ++st.games;
        bytes += gameBytes;
        if (bytes.size() >= (std::size_t(1) << 20)) { // written a megabyte at a time
            o << bytes;
            bytes.clear();
        }
    }
    if (!(o << bytes) || !o.flush()) st.error = "cannot write " + out;
    return st;
}

} // namespace hq::games
