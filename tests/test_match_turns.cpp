// SPDX-License-Identifier: GPL-3.0-or-later
// Several single moves a turn, as Multiple Move Chess has them, through the game loop: the
// runner asks the same engine again while the referee keeps its side to move, writes the
// turn's moves in order, and gives the increment once per turn. The game here is a toy
// with two single moves a turn, so the loop is tested apart from any real game's rules.
#include "bench/match_game.h"
#include "engine/text.h"
#include "protocol/client/make_driver.h"

#include <catch2/catch.hpp>
#include <mutex>
#include <regex>

using namespace hq;

namespace {

// Players add 1 or 2 to a counter, two single moves a turn; whoever brings it to 10 or
// more wins. Position text: "COUNTER SIDE MOVES_MADE_THIS_TURN", e.g. "0 w 0".
class TwoMoveToy : public Referee {
public:
    const VariantSpec& spec() const override { return variantSpec; }
    std::optional<std::string> set_position(std::string_view fen) override {
        std::string f = fen.empty() ? "0 w 0" : std::string(fen);
        std::smatch m;
        if (!std::regex_match(f, m, std::regex("(\\d+) ([wb]) ([01])"))) return "bad toy FEN";
        counter = std::stoi(m[1]);
        side = m[2] == "w" ? WHITE : BLACK;
        made = std::stoi(m[3]);
        last = side;
        return std::nullopt;
    }
    std::optional<std::string> play(std::string_view move) override {
        if (outcome().over() || (move != "1" && move != "2")) return "illegal";
        counter += move[0] - '0';
        last = side;
        if (++made == 2) {
            made = 0;
            side = ~side;
        }
        return std::nullopt;
    }
    std::string fen() const override {
        return std::to_string(counter) + (side == WHITE ? " w " : " b ") + std::to_string(made);
    }
    Color side_to_move() const override { return side; }
    std::vector<std::string> legal_moves() const override {
        if (outcome().over()) return {};
        return {"1", "2"};
    }
    Outcome outcome() const override {
        if (counter < 10) return {};
        return {last == WHITE ? Result::WHITE_WINS : Result::BLACK_WINS,
            std::string(last == WHITE ? "White" : "Black") + " reaches 10"};
    }
    void set_chess960(bool) override { }

private:
    VariantSpec variantSpec {"chess", "0 w 0", 8, 8, false};
    int counter = 0, made = 0;
    Color side = WHITE, last = WHITE;
};

std::unique_ptr<EngineDriver> line_engine(const std::string& name, std::vector<std::string>& log,
    std::mutex& m, TimeControl tc = *parse_time_control("10+1"), double moveTime = 0) {
    EngineConfig cfg;
    cfg.cmd = std::string(HARLEQUIN_TEST_DATA) + "/engines/line.sh";
    cfg.name = name;
    for (int i = 0; i < 12; ++i) cfg.args.push_back("1");
    cfg.tc = tc;
    cfg.moveTime = moveTime;
    auto d = make_driver(cfg, VariantSpec {"chess", "", 8, 8, false}, [&](const std::string& l) {
        std::lock_guard lock(m);
        log.push_back(l);
    });
    REQUIRE(!d->start());
    return d;
}

// One game of the toy from its start, "0 w 0".
GameResult play_toy(const MatchOptions& options, EngineDriver& white, EngineDriver& black) {
    Opening opening;
    opening.fen = "0 w 0";
    opening.startpos = false;
    std::atomic<bool> abort {false};
    return play_game(options, 1, opening, white, black, abort,
        [](const std::string&) { return std::make_unique<TwoMoveToy>(); });
}

} // namespace

TEST_CASE("an engine is asked again while its turn lasts, and its clock gets one increment "
          "per turn",
    "[match][turns]") {
    std::vector<std::string> log;
    std::mutex m;
    auto white = line_engine("W", log, m);
    auto black = line_engine("B", log, m);
    auto r = play_toy({}, *white, *black);

    // Ten single moves of 1: W W B B W W B B W W, White's tenth reaches 10.
    CHECK(r.result == Result::WHITE_WINS);
    CHECK(r.reason == "White reaches 10");
    REQUIRE(r.pgn.moves.size() == 10);
    const Color expected[] = {WHITE, WHITE, BLACK, BLACK, WHITE, WHITE, BLACK, BLACK, WHITE, WHITE};
    for (std::size_t i = 0; i < 10; ++i) CHECK(r.pgn.moves[i].side == expected[i]);
    std::string text = pgn_text(r.pgn);
    std::string movetext = std::regex_replace(text.substr(text.find("\n\n") + 2),
        std::regex(" \\{[^}]*\\}"), ""); // without the engines' comments
    auto words = split_words(movetext);
    CHECK(join_words(words, 0, words.size()) == "1. 1 1 1... 1 1 2. 1 1 2... 1 1 3. 1 1 1-0");

    // White's clock as sent with each go: within a turn it only goes down; from one of its
    // turns to the next it gains the one-second increment (less the little time it used).
    std::vector<int> wtime;
    std::regex go("W < go wtime (\\d+) .*");
    for (const auto& l : log) {
        std::smatch s;
        if (std::regex_match(l, s, go)) wtime.push_back(std::stoi(s[1]));
    }
    REQUIRE(wtime.size() == 6);
    CHECK(wtime[0] == 10000);
    CHECK(wtime[1] <= wtime[0]);
    CHECK(wtime[2] > wtime[1] + 900);
    CHECK(wtime[2] <= wtime[1] + 1000);
    CHECK(wtime[3] <= wtime[2]);
    CHECK(wtime[4] > wtime[3] + 900);
}

TEST_CASE("a clock beyond the longest one is kept at the longest, and nobody loses on time",
    "[match][turns][clock]") {
    // Options made in code skip the argument check (which refuses such times): the game
    // loop itself must not overflow. 1e20 s once made the clock 2^63 ms in the past, and
    // White lost on time at once.
    std::vector<std::string> log;
    std::mutex m;
    TimeControl huge;
    huge.infinite = false;
    huge.moves = 2;
    huge.base = 1e20;
    huge.increment = 1e20;
    auto white = line_engine("W", log, m, huge, 1e300);
    auto black = line_engine("B", log, m, huge);
    MatchOptions options;
    options.stallTimeout = 1e300;
    auto r = play_toy(options, *white, *black);
    CHECK(r.result == Result::WHITE_WINS);
    CHECK(r.reason == "White reaches 10");
    // The clocks and the move time as sent: at most 10^9 s, however many turns add to them.
    std::regex go(". < go wtime (\\d+) btime (\\d+) winc (\\d+) binc (\\d+) movestogo \\d+(.*)");
    int gos = 0;
    for (const auto& l : log) {
        std::smatch s;
        if (!std::regex_match(l, s, go)) continue;
        ++gos;
        INFO(l);
        for (int i = 1; i <= 4; ++i) CHECK(std::stoll(s[i]) <= 1000000000000LL);
        CHECK(std::stoll(s[3]) == 1000000000000LL);
        if (l[0] == 'W') CHECK(s[5] == " movetime 1000000000000");
    }
    CHECK(gos == 10);
}
