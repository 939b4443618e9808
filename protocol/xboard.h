// SPDX-License-Identifier: GPL-3.0-or-later
// The XBoard / CECP v2 front-end. Selected by main() when the first command is `xboard`.
//
// Threads: the caller's thread only reads input lines; a controller thread owns all state
// and handles, one at a time and in order, the input lines and the ends of searches (the
// Engine facade searches on its own worker thread and reports its best move as an event).
// So `ping` is answered once every earlier command is done, `?` stops a search at once,
// and input is read while the engine thinks. The search's thinking lines are printed from
// the worker thread directly.
//
// The game itself (history, notation, the emulated null moves of games with several moves
// a turn) is an XBoardGame over the game's Referee; each search gets the position as the
// start FEN plus the single moves played since.
#pragma once

#include "engine/engine.h"
#include "xboard_game.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <istream>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace hq {

struct RegisteredGame;

struct OptionDef;

class XBoard {
public:
    XBoard();
    ~XBoard();
    XBoard(const XBoard&) = delete;
    XBoard& operator=(const XBoard&) = delete;

    // Handles `firstLines` (commands the caller already read, such as the `xboard` that
    // selected this front-end), then reads `in` until `quit` or end of input. Returns the
    // process exit code.
    int run(std::istream& in, const std::vector<std::string>& firstLines = {});

private:
    struct Event {
        enum Kind { LINE, BESTMOVE, END } kind = LINE;
        std::string text;   // the input line, or the best move
        std::string ponder; // the expected reply, with BESTMOVE
        unsigned searchId = 0;
    };
    // What the engine's worker is doing for us.
    enum class Mode { IDLE, THINKING, PONDERING, ANALYZING };

    void post(Event e);
    Event next_event();
    void controller();
    bool handle(const std::string& line); // false once `quit` was handled

    // Commands.
    void cmd_protover();
    void cmd_new();
    void cmd_variant(const std::string& name);
    void cmd_setboard(const std::string& fen);
    void cmd_usermove(const std::string& move);
    void cmd_level(const std::vector<std::string>& words);
    void cmd_undo(int plies, const std::string& line);
    void cmd_ping(const std::string& line);
    void cmd_egtpath(const std::string& args);
    void cmd_option(const std::string& setting);
    void cmd_stat();

    // Searches.
    void on_bestmove(const Event& e);
    bool start_search(Mode m, const std::vector<std::string>& moves, SearchLimits limits);
    void stop_search(); // stops and forgets the running search
    void position_changed(bool mayThink);
    void start_pondering(const std::string& ponderMove);
    SearchLimits clock_limits(Color us) const;
    void claim(const Outcome& o);
    std::string xboard_text(const std::string& move) const;
    void flush_pongs();
    void apply_options();
    void commit_options();
    void select_variant(const RegisteredGame& game);
    void print_thinking(const SearchInfo& info, unsigned id);

    std::unique_ptr<Engine> engine;
    std::unique_ptr<XBoardGame> game;
    Engine::Options options;
    bool optionsPending = false;
    std::vector<const OptionDef*> pendingButtons; // pressed at commit_options()
    // String options (EvalFile) and their values, checked and set at commit_options().
    std::vector<std::pair<const OptionDef*, std::string>> pendingText;

    Mode mode = Mode::IDLE;
    std::optional<Color> engineColor = BLACK; // nothing in force mode
    bool analyzeMode = false;
    bool ponderOn = false;
    std::string ponderMove; // engine notation, while pondering
    std::vector<std::string> pendingPongs;
    std::string reportedDifferences; // XBoard's wrong squares, once told (cmd_setboard)

    // Time control: `level MPS BASE INC` or `st`, `sd`; clocks from `time`/`otim`.
    int movesPerSession = 40;
    std::int64_t baseMs = 5 * 60 * 1000, incMs = 0, moveTimeMs = 0;
    int depthLimit = 0;
    std::optional<std::int64_t> ownClockMs, opponentClockMs;
    TimePoint thinkStart = now();

    std::atomic<unsigned> searchId {0};
    std::atomic<bool> postOn {false};
    std::atomic<bool> analyzing {false};
    std::mutex infoMutex;
    SearchInfo lastInfo; // for `.` in analyze mode

    std::mutex queueMutex;
    std::condition_variable queueCv;
    std::deque<Event> queue;
};

} // namespace hq
