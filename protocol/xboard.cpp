// SPDX-License-Identifier: GPL-3.0-or-later
#include "xboard.h"

#include "engine/io.h"
#include "engine/options.h"
#include "engine/text.h"
#include "game_switch.h"
#include "variants/registry.h"
#include "version.h"
#include "xboard_variants.h"

#include <algorithm>
#include <cctype>
#include <csignal>
#include <cstdlib>
#include <fmt/format.h>
#include <thread>

namespace hq {

namespace {

// A notice of several lines as one `telluser` each.
void tell_lines(std::string_view notice) {
    for (std::string_view line : split_lines(notice)) println("telluser {}", line);
}

// The engine options XBoard sets with commands of its own (`memory`, `cores`, `hard` and
// `easy`): not declared to it as a `feature option`.
bool xboard_sets_natively(std::string_view option) {
    return option == "Hash" || option == "Threads" || option == "Ponder";
}

// Whether a word reads as a move in XBoard's coordinate notation, so that a line holding
// only a move (XBoard without usermove=1, or a person typing) is taken as one.
bool looks_like_move(std::string_view w) {
    if (w == XBOARD_NULL_MOVE || w == "O-O" || w == "O-O-O" || w == "0-0" || w == "0-0-0")
        return true;
    return w.size() >= 4 && w[0] >= 'a' && w[0] <= 'z'
        && std::isdigit(static_cast<unsigned char>(w[1]));
}

// A decimal number at the start of `s` (XBoard may append characters after a time).
std::optional<double> leading_decimal(std::string_view s) {
    std::string text(s);
    char* end = nullptr;
    double v = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || !std::isfinite(v)) return std::nullopt;
    return v;
}

// Times are kept within a year either way, so that clock arithmetic cannot overflow on
// absurd input (`time 9223372036854775807`, `st 1e300`).
constexpr std::int64_t YearMs = 365LL * 24 * 60 * 60 * 1000;

std::int64_t clamp_ms(double ms) {
    return std::int64_t(std::llround(std::clamp<double>(ms, -double(YearMs), double(YearMs))));
}

// `level`'s BASE: minutes, or minutes:seconds.
std::optional<std::int64_t> parse_base_ms(std::string_view s) {
    auto colon = s.find(':');
    auto minutes = leading_decimal(s.substr(0, colon));
    if (!minutes) return std::nullopt;
    double seconds = 0;
    if (colon != std::string_view::npos) {
        auto sec = leading_decimal(s.substr(colon + 1));
        if (!sec) return std::nullopt;
        seconds = *sec;
    }
    return clamp_ms((*minutes * 60 + seconds) * 1000);
}

// The text after the command word, with its spacing kept.
std::string rest_of_line(const std::string& line) {
    std::size_t i = 0;
    auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
    while (i < line.size() && space(line[i])) ++i;
    while (i < line.size() && !space(line[i])) ++i;
    while (i < line.size() && space(line[i])) ++i;
    std::size_t end = line.size();
    while (end > i && space(line[end - 1])) --end;
    return line.substr(i, end - i);
}

// XBoard's score: centipawns, or 100000 + N for a mate in N moves (negative when mated).
int xboard_score(Value v) {
    if (!is_mate_value(v)) return v;
    int moves = (VALUE_MATE - std::abs(v) + 1) / 2;
    return v > 0 ? 100000 + moves : -100000 - moves;
}

} // namespace

XBoard::XBoard()
    : engine(make_engine(default_variant()))
    , game(std::make_unique<XBoardGame>(make_referee(default_variant()))) { }

XBoard::~XBoard() {
    if (engine) {
        engine->stop();
        engine->wait();
    }
}

// ---- Threads ------------------------------------------------------------------------

int XBoard::run(std::istream& in, const std::vector<std::string>& firstLines) {
    // XBoard may interrupt engines with SIGINT before it has read our features (which
    // turn that off): ignore it, input is read all the time anyway.
    std::signal(SIGINT, SIG_IGN);
    std::thread ctl([this] { controller(); });
    bool quit = false;
    auto take = [&](const std::string& line) {
        auto words = split_words(line);
        post({Event::LINE, line, {}, 0});
        quit = !words.empty() && words[0] == "quit";
    };
    for (const std::string& line : firstLines)
        if (!quit) take(line);
    std::string line;
    while (!quit && std::getline(in, line)) take(line);
    if (!quit) post({Event::END, {}, {}, 0});
    ctl.join();
    return 0;
}

void XBoard::post(Event e) {
    {
        std::lock_guard lock(queueMutex);
        queue.push_back(std::move(e));
    }
    queueCv.notify_one();
}

XBoard::Event XBoard::next_event() {
    std::unique_lock lock(queueMutex);
    queueCv.wait(lock, [&] { return !queue.empty(); });
    Event e = std::move(queue.front());
    queue.pop_front();
    return e;
}

void XBoard::controller() {
    for (;;) {
        Event e = next_event();
        if (e.kind == Event::END) {
            stop_search();
            return;
        }
        if (e.kind == Event::BESTMOVE) on_bestmove(e);
        else if (!handle(e.text)) return;
    }
}

// ---- Commands -----------------------------------------------------------------------

bool XBoard::handle(const std::string& line) {
    auto words = split_words(line);
    if (words.empty()) return true;
    const std::string& cmd = words[0];
    auto number = [&](std::size_t i) -> std::optional<std::int64_t> {
        return i < words.size() ? parse_number<std::int64_t>(words[i]) : std::nullopt;
    };
    auto bad_argument = [&] { println("Error (bad or missing argument): {}", line); };

    if (cmd == "xboard" || cmd == "accepted" || cmd == "rejected") return true;
    if (cmd == "protover") cmd_protover();
    else if (cmd == "new") cmd_new();
    else if (cmd == "variant") {
        if (words.size() < 2) bad_argument();
        else cmd_variant(words[1]);
    } else if (cmd == "force") {
        if (mode == Mode::THINKING || mode == Mode::PONDERING) stop_search();
        engineColor.reset();
    } else if (cmd == "go") {
        if (mode == Mode::PONDERING) stop_search();
        engineColor = game->side_to_move();
        position_changed(true);
    } else if (cmd == "playother") {
        if (mode == Mode::PONDERING) stop_search();
        engineColor = ~game->side_to_move();
    } else if (cmd == "level") cmd_level(words);
    else if (cmd == "st") {
        auto s = words.size() >= 2 ? leading_decimal(words[1]) : std::nullopt;
        if (!s || *s <= 0) bad_argument();
        else moveTimeMs = std::max<std::int64_t>(1, clamp_ms(*s * 1000));
    } else if (cmd == "sd") {
        auto d = number(1);
        if (!d || *d < 1) bad_argument();
        else depthLimit = int(std::min<std::int64_t>(*d, MAX_PLY - 1));
    } else if (cmd == "time" || cmd == "otim") {
        auto cs = number(1);
        if (!cs) bad_argument();
        else
            (cmd == "time" ? ownClockMs : opponentClockMs)
                = std::clamp<std::int64_t>(*cs, -YearMs / 10, YearMs / 10) * 10;
    } else if (cmd == "usermove") {
        if (words.size() < 2) bad_argument();
        else cmd_usermove(words[1]);
    } else if (cmd == "?") {
        if (mode == Mode::THINKING) engine->stop();
    } else if (cmd == "ping") cmd_ping(line);
    else if (cmd == "result") {
        // The game is over: stop thinking and pondering, play no more moves until told.
        stop_search();
        engineColor.reset();
    } else if (cmd == "setboard") cmd_setboard(rest_of_line(line));
    else if (cmd == "undo") cmd_undo(1, line);
    else if (cmd == "remove") cmd_undo(2, line);
    else if (cmd == "hard") ponderOn = true;
    else if (cmd == "easy") {
        ponderOn = false;
        if (mode == Mode::PONDERING) stop_search();
    } else if (cmd == "post") postOn = true;
    else if (cmd == "nopost") postOn = false;
    else if (cmd == "analyze") {
        analyzeMode = true;
        position_changed(false);
    } else if (cmd == "exit") {
        if (analyzeMode) {
            stop_search();
            analyzeMode = false;
        }
    } else if (cmd == ".") cmd_stat();
    else if (cmd == "hint") {
        if (mode == Mode::PONDERING && !ponderMove.empty())
            println("Hint: {}", xboard_text(ponderMove));
    } else if (cmd == "memory" || cmd == "cores") {
        auto n = number(1);
        if (!n || *n < 1) bad_argument();
        else {
            if (cmd == "memory") options.hashMb = std::size_t(std::min<std::int64_t>(*n, 65536));
            else options.threads = int(std::min<std::int64_t>(*n, 256));
            apply_options();
        }
    } else if (cmd == "option") cmd_option(rest_of_line(line));
    else if (cmd == "egtpath") cmd_egtpath(rest_of_line(line));
    else if (cmd == "draw" || cmd == "name" || cmd == "rating" || cmd == "computer"
        || cmd == "random" || cmd == "ics" || cmd == "bk" || cmd == "white" || cmd == "black") {
        // Draw offers are declined by ignoring them; the rest carries nothing we use.
    } else if (cmd == "quit") {
        stop_search();
        return false;
    } else if (words.size() == 1 && looks_like_move(cmd)) cmd_usermove(cmd);
    else println("Error (unknown command): {}", line);
    return true;
}

void XBoard::cmd_protover() {
    std::string variants;
    for (const VariantSpec& s : registered_variants()) {
        if (!xboard_offers(s)) continue;
        if (!variants.empty()) variants += ',';
        variants += xboard_variant_name(s);
    }
    println("feature ping=1 setboard=1 playother=1 san=0 usermove=1 time=1 draw=0 sigint=0 "
            "sigterm=0 reuse=1 analyze=1 colors=0 memory=1 smp=1 nps=0 debug=1 egt=\"syzygy\" "
            "myname=\"Harlequin {}\" variants=\"{}\"",
        HARLEQUIN_VERSION, variants);
    // The engine's options XBoard has no command of its own for (memory, cores, hard).
    for (const OptionDef& d : engine_options()) {
        if (xboard_sets_natively(d.name)) continue;
        switch (d.type) {
        case OptionType::SPIN:
            println("feature option=\"{} -spin {} {} {}\"", d.name, d.defaultValue, d.min, d.max);
            break;
        case OptionType::CHECK:
            println("feature option=\"{} -check {}\"", d.name, d.defaultValue);
            break;
        case OptionType::BUTTON: println("feature option=\"{} -button\"", d.name); break;
        case OptionType::STRING: // a folder list (SyzygyPath) or a file (EvalFile)
            println("feature option=\"{} {} {}\"", d.name,
                d.name.ends_with("Path") ? "-path" : "-file", d.defaultText);
            break;
        }
    }
    println("feature done=1");
}

void XBoard::cmd_new() {
    stop_search();
    if (engine->spec().name != default_variant()) select_variant(*find_game(default_variant()));
    [[maybe_unused]] auto err = game->reset({});
    engineColor = BLACK;
    depthLimit = 0;
    ownClockMs.reset();
    opponentClockMs.reset();
    engine->clear_hash();
    position_changed(false);
}

void XBoard::select_variant(const RegisteredGame& g) {
    stop_search();
    if (engine->spec().name != g.spec.name) {
        // The old engine's job stops first, and its tables' memory goes back before the
        // new engine takes its own.
        engine->halt();
        engine.reset();
        auto next = switch_game(g, options, false);
        engine = std::move(next.engine);
        if (!next.networkError.empty())
            println("telluser EvalFile: {}; {} uses its built-in network", next.networkError,
                g.spec.name);
        else if (!next.networkNotice.empty()) println("telluser EvalFile: {}", next.networkNotice);
        tell_lines(next.tablesNotice);
        game = std::make_unique<XBoardGame>(g.make.rules(g.spec, false));
    } else {
        [[maybe_unused]] auto err = game->reset({});
    }
}

void XBoard::cmd_variant(const std::string& name) {
    const RegisteredGame* g = game_from_xboard(name);
    if (!g) {
        println("Error (unknown variant): {}", name);
        return;
    }
    // A game XBoard cannot play is not offered, and refused if asked for: the old game stays.
    if (!xboard_offers(g->spec)) {
        println("Error (not offered over XBoard: {}; play it over UCI): variant {}",
            g->xboard.unplayable, name);
        return;
    }
    select_variant(*g);
    for (const std::string& l : xboard_setup_lines(engine->spec())) print_line(l);
    position_changed(false);
}

void XBoard::cmd_setboard(const std::string& fen) {
    // XBoard passes a null move on as the position after it; in a turn of several single
    // moves that is the null we emulate, not a new game.
    if (game->is_relayed_null(fen)) {
        cmd_usermove(std::string(XBOARD_NULL_MOVE));
        return;
    }
    // Such a relay while we play, but with a board unlike ours: XBoard's board went wrong
    // (it missed a capture it could not see). Say where, and play on from the game's
    // position, which the rules made: taking XBoard's as a new game would stop the game.
    if (auto differences = game->relayed_null_differences(fen); differences && engineColor) {
        std::string squares = join_words(*differences, 0, differences->size());
        if (squares != reportedDifferences)
            println("tellusererror XBoard's board differs from the game's on {}; Harlequin "
                    "plays on from the game's position: {}",
                squares, game->referee().fen());
        reportedDifferences = squares;
        cmd_usermove(std::string(XBOARD_NULL_MOVE));
        return;
    }
    bool wasThinking = mode == Mode::THINKING;
    stop_search();
    auto err = fen.empty() ? std::optional<std::string>("no FEN given") : game->reset(fen);
    if (err) {
        println("tellusererror Illegal position: {}", *err);
        // The old position stays; a search it interrupted is taken up again.
        position_changed(wasThinking);
        return;
    }
    position_changed(false);
}

void XBoard::cmd_usermove(const std::string& move) {
    if (mode == Mode::THINKING) stop_search(); // XBoard does not send moves while we think
    if (mode == Mode::PONDERING) {
        // The predicted reply turns the ponder search into the search for our move.
        auto text = game->to_engine(move);
        if (text && *text == ponderMove && !game->play_xboard(move)) {
            ponderMove.clear();
            if (!analyzeMode && engineColor && game->side_to_move() == *engineColor
                && !game->null_owed() && !game->outcome().over()) {
                engine->ponderhit();
                mode = Mode::THINKING;
                thinkStart = now();
                return;
            }
            stop_search();
            position_changed(true);
            return;
        }
        stop_search();
    }
    if (game->play_xboard(move)) {
        println("Illegal move: {}", move);
        return;
    }
    position_changed(true);
}

void XBoard::cmd_level(const std::vector<std::string>& words) {
    // level MPS BASE INC: moves per session (0: the whole game), BASE minutes or min:sec,
    // INC seconds added after each move.
    std::int64_t base = -1;
    double inc = -1;
    int mps = -1;
    if (words.size() >= 4) {
        mps = parse_number<int>(words[1]).value_or(-1);
        base = parse_base_ms(words[2]).value_or(-1);
        inc = leading_decimal(words[3]).value_or(-1);
    }
    if (mps < 0 || base < 0 || inc < 0) {
        println("Error (bad or missing argument): {}", join_words(words, 0, words.size()));
        return;
    }
    movesPerSession = mps;
    baseMs = base;
    incMs = clamp_ms(inc * 1000);
    moveTimeMs = 0;
    ownClockMs.reset();
    opponentClockMs.reset();
}

void XBoard::cmd_undo(int plies, const std::string& line) {
    stop_search();
    if (!game->undo(plies)) println("Error (command not legal now): {}", line);
    position_changed(false);
}

void XBoard::cmd_ping(const std::string& line) {
    // While we think on our move, earlier commands are not done: pong follows the move.
    std::string n = rest_of_line(line);
    if (mode == Mode::THINKING) pendingPongs.push_back(n);
    else println("pong {}", n);
}

// option NAME[=VALUE], for the engine's options (those our features declared, and also
// Hash, Threads and Ponder, which XBoard usually sets by memory, cores and hard/easy).
void XBoard::cmd_option(const std::string& setting) {
    auto eq = setting.find('=');
    auto nameWords = split_words(setting.substr(0, eq));
    std::string name = join_words(nameWords, 0, nameWords.size());
    std::string value = eq == std::string::npos ? "" : rest_of_line("= " + setting.substr(eq + 1));
    const OptionDef* def = find_option(name);
    if (!def) {
        println("Error (unknown option): {}", name);
        return;
    }
    if (def->type == OptionType::STRING) { // checked when the engine is free
        pendingText.emplace_back(def, value);
        apply_options();
        return;
    }
    // XBoard sends a check option's value as 1 or 0.
    if (def->type == OptionType::CHECK && (value == "1" || value == "0"))
        value = value == "1" ? "true" : "false";
    auto parsed = parse_option_value(*def, value);
    if (auto* message = std::get_if<std::string>(&parsed)) {
        println("Error ({}): option {}", *message, setting);
        return;
    }
    if (def->press) pendingButtons.push_back(def); // pressed when the engine is free
    else def->set(options, std::get<std::int64_t>(parsed));
    apply_options();
}

// egtpath TYPE PATH: the tables XBoard knows of (feature egt="syzygy"): Syzygy's folders
// become SyzygyPath; another kind is not read.
void XBoard::cmd_egtpath(const std::string& args) {
    auto words = split_words(args);
    if (words.size() < 2 || words[0] != "syzygy") {
        println("Error (only Syzygy tables are read, as egtpath syzygy PATH): egtpath {}", args);
        return;
    }
    pendingText.emplace_back(find_option("SyzygyPath"), rest_of_line(args));
    apply_options();
}

void XBoard::cmd_stat() {
    if (mode != Mode::ANALYZING) return;
    SearchInfo info;
    {
        std::lock_guard lock(infoMutex);
        info = lastInfo;
    }
    std::size_t total = game->referee().legal_moves().size();
    println("stat01: {} {} {} {} {}", info.timeMs / 10, info.nodes, info.depth, 0, total);
}

// ---- Searches -----------------------------------------------------------------------

void XBoard::print_thinking(const SearchInfo& info, unsigned id) {
    if (id != searchId.load()) return;
    {
        std::lock_guard lock(infoMutex);
        lastInfo = info;
    }
    if (!postOn && !analyzing) return;
    // A line without moves says nothing (a finished position has none to show).
    if (info.pv.empty()) return;
    std::string pv = join_words(info.pv, 0, info.pv.size());
    // A fail low ends the PV with '?', a fail high with '!'.
    if (info.bound == BOUND_UPPER) pv += '?';
    else if (info.bound == BOUND_LOWER) pv += '!';
    println(
        "{} {} {} {} {}", info.depth, xboard_score(info.value), info.timeMs / 10, info.nodes, pv);
}

bool XBoard::start_search(Mode m, const std::vector<std::string>& moves, SearchLimits limits) {
    if (auto err = engine->set_position(game->start_fen(), moves)) {
        if (m != Mode::PONDERING) println("Error (internal): {}", *err);
        return false;
    }
    unsigned id = ++searchId;
    mode = m;
    analyzing = m == Mode::ANALYZING;
    limits.start = now();
    engine->go(limits,
        {[this, id](const SearchInfo& info) { print_thinking(info, id); },
            [this, id](const std::string& best, const std::string& ponder) {
                post({Event::BESTMOVE, best, ponder, id});
            }});
    return true;
}

void XBoard::stop_search() {
    if (mode == Mode::IDLE) return;
    ++searchId; // whatever the stopped search still reports is ignored
    engine->stop();
    engine->wait();
    mode = Mode::IDLE;
    analyzing = false;
    ponderMove.clear();
    flush_pongs();
    if (optionsPending) commit_options();
}

// After the position or the engine's role changed: restart the analysis, or, when the
// engine is on move (and `mayThink`), claim a finished game, pass with an owed null move,
// or think.
void XBoard::position_changed(bool mayThink) {
    if (analyzeMode) {
        stop_search();
        SearchLimits limits;
        limits.infinite = true;
        start_search(Mode::ANALYZING, game->engine_moves(), limits);
        return;
    }
    if (!mayThink || !engineColor || game->side_to_move() != *engineColor) return;
    if (Outcome o = game->outcome(); o.over()) {
        claim(o);
        return;
    }
    if (game->null_owed()) {
        for (const std::string& t : game->play_engine(XBOARD_NULL_MOVE)) println("move {}", t);
        return;
    }
    thinkStart = now();
    start_search(Mode::THINKING, game->engine_moves(), clock_limits(*engineColor));
}

void XBoard::on_bestmove(const Event& e) {
    if (e.searchId != searchId.load() || mode != Mode::THINKING) return;
    mode = Mode::IDLE;
    engine->wait();
    if (e.text == "(none)") {
        // No legal move: the rules have ended the game (or, failing that, we give up).
        if (Outcome o = game->outcome(); o.over()) claim(o);
        else println("resign");
        flush_pongs();
        return;
    }
    auto texts = game->play_engine(e.text);
    if (texts.empty()) println("Error (internal): the engine chose an illegal move {}", e.text);
    for (const std::string& t : texts) println("move {}", t);
    if (ownClockMs) *ownClockMs += incMs - elapsed_ms(thinkStart);
    flush_pongs();
    if (optionsPending) commit_options();
    if (Outcome o = game->outcome(); o.over()) {
        claim(o);
        return;
    }
    // Nothing to ponder on when the expected reply ends the game.
    if (ponderOn && !e.ponder.empty() && engineColor && !game->null_owed()
        && !game->over_after(e.ponder))
        start_pondering(e.ponder);
}

void XBoard::start_pondering(const std::string& move) {
    auto moves = game->engine_moves();
    moves.push_back(move);
    SearchLimits limits = clock_limits(*engineColor);
    limits.ponder = true;
    // The ponder search's lines start after the expected reply: name it first, as CECP asks.
    if (postOn) println("Hint: {}", xboard_text(move));
    if (start_search(Mode::PONDERING, moves, limits)) ponderMove = move;
}

SearchLimits XBoard::clock_limits(Color us) const {
    SearchLimits limits;
    limits.depth = depthLimit;
    if (moveTimeMs > 0) {
        limits.moveTime = moveTimeMs;
        return limits;
    }
    limits.time[us] = ownClockMs.value_or(baseMs);
    limits.time[~us] = opponentClockMs.value_or(baseMs);
    limits.inc[us] = limits.inc[~us] = incMs;
    // Moves left in this session: XBoard counts every move it sees, ours since the start.
    if (movesPerSession > 0)
        limits.movesToGo = movesPerSession - game->plies_by(us) % movesPerSession;
    return limits;
}

// An engine move as one XBoard text (the legs of a multi-leg move joined).
std::string XBoard::xboard_text(const std::string& move) const {
    std::string out;
    for (const std::string& t : game->to_xboard(move)) out += t;
    return out;
}

void XBoard::claim(const Outcome& o) { println("{} {{{}}}", result_text(o.result), o.reason); }

void XBoard::flush_pongs() {
    for (const std::string& n : pendingPongs) println("pong {}", n);
    pendingPongs.clear();
}

// Options wait while we think on our move (cores may arrive mid-game); a ponder search
// or an analysis is stopped for them (the analysis starts again).
void XBoard::apply_options() {
    optionsPending = true;
    if (mode == Mode::THINKING) return;
    bool wasAnalyzing = mode == Mode::ANALYZING;
    stop_search();
    commit_options();
    if (wasAnalyzing) position_changed(false);
}

void XBoard::commit_options() {
    for (const auto& [def, value] : pendingText)
        if (auto r = set_text_option(*def, value, options, *engine); !r.error.empty())
            println("telluser {}", r.error);
        else tell_lines(r.notice);
    pendingText.clear();
    if (std::size_t mb = engine->set_options(options); mb < options.hashMb)
        println("telluser not enough memory for a {} MB hash; using {} MB", options.hashMb, mb);
    for (const OptionDef* d : pendingButtons) d->press(*engine);
    pendingButtons.clear();
    optionsPending = false;
}

} // namespace hq
