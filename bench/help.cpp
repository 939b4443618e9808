// SPDX-License-Identifier: GPL-3.0-or-later
#include "help.h"

#include <algorithm>
#include <fmt/format.h>

namespace hq {

namespace {

constexpr CommandHelp Helps[] = {
    {"perft", "count the leaf nodes of the legal move tree (move generator check)",
        "harlequin perft <depth> [--variant V] [--fen FEN] [--divide]",
        R"(  <depth>          0 to 64
  --variant V      a registered game (chess, chess960, mschess, multimove, control,
                   martian; aliases accepted); default chess
  --fen FEN        the position (all words up to the next --option); default the start
  --divide         the count under each legal move of the root
Prints 'Nodes searched: N' and the time.)"},
    {"bench", "search fixed positions of every game; the node count is the search's signature",
        "harlequin bench [depth] [game ...]",
        R"(  depth            1 to 64 (default 12); the first argument only
  game ...         only these games' positions (default: every game)
Searches the bench positions to the depth, one thread, 16 MB hash, and prints the build's
instruction set, each position's nodes and last '<nodes> nodes <nps> nps' (OpenBench reads it).)"},
    {"match", "engine-vs-engine games in every game, refereed by Harlequin's rules",
        "harlequin match -engine cmd=PATH [settings] -engine ... [options]\n"
        "       harlequin match -merge SHARD.pgn ... [-sprt ...]\n"
        "       harlequin match -checkpgn FILE\n"
        "       harlequin match -variants",
        R"(  -engine cmd=PATH [name=N] [arg=A]... [dir=D] [proto=uci|xboard] [option.NAME=V]...
           [tc=[MOVES/]TIME[+INC]|inf] [st=S] [depth=D] [nodes=N] [timemargin=MS]
                   one engine (at least two; each needs tc=, st=, depth= or nodes=)
  -each KEY=VALUE ...        settings for every engine
  -variant NAME              the game (default chess)
  -games N, -rounds N        games per encounter, encounters per pairing
  -repeat                    each opening twice, colours reversed (game pairs)
  -tournament round-robin|gauntlet
  -openings file=F [format=epd|pgn] [order=random|sequential] [plies=N]
  -concurrency N             games at once
  -pgnout FILE               append every game's PGN
  -draw movenumber=N movecount=M score=CP
  -resign movecount=M score=CP [twosided=true]
  -maxmoves N                draw after N moves of each side (a game whose rules do not
                             bound its length, Martian Chess, has a bound of its own)
  -sprt elo0=E0 elo1=E1 [alpha=A] [beta=B] [model=pentanomial|trinomial] [stop=true|false]
  -ratinginterval N          standings every N games
  -recover                   restart a crashed engine
  -seed N                    the random opening order's seed
  -shard K/N                 play only shard K of N of the match's game pairs (give every
                             shard the same arguments and -seed); its -pgnout is mergeable
  -merge FILE ...            the standings of shard PGNs together, as one run gives them
  -checkpgn FILE             replay a PGN's games with the rules
  -variants                  the registered games, one a line
  -event NAME, -stalltimeout S, -debug
See docs/match.md.)"},
    {"openings", "generate an opening file (random legal lines, optionally engine-checked)",
        "harlequin openings -variant V -count N -plies P [-seed S] [-starts FILE] [-out FILE]\n"
        "                          [-engine cmd=C [depth=D] ...] [-maxscore CP] [-bestplies K]",
        R"(  -variant V       the game (default chess)
  -count N         openings to write (default 100)
  -plies P         random legal plies from the start (default 8)
  -seed S          the random lines' seed (default 1)
  -starts FILE     start from random lines of this EPD file instead of the game's start
  -out FILE        the EPD file to write (default: standard output)
  -engine ...      an engine (as in `harlequin match`) that scores each opening
  -maxscore CP     keep openings the engine scores within CP of zero (default 100)
  -bestplies K     then K plies of the engine's own choice (default 0))"},
    {"serve", "play and analyse every game in the browser (HTTP server)",
        "harlequin serve [--host 127.0.0.1] [--port 8080] [--engine PATH] [--max-games 32]\n"
        "                       [--max-searches 8] [--idle 60] [--db PATH | --no-db]\n"
        "                       [--token VALUE]",
        R"(  --host H         the address to bind (default 127.0.0.1, this machine only); any
                   other than 127.0.0.1, localhost or ::1 needs a token
  --port P         the port (default 8080; 0: any free port)
  --engine PATH    a UCI engine the page may choose as a player
  --max-games N    games open at once (1 to 1000, default 32)
  --max-searches N searches at once (1 to 256, default 8)
  --idle S         seconds before an unused game is closed (1 to 86400, default 60)
  --db PATH        where games are stored (SQLite; default $XDG_DATA_HOME/harlequin/games.db,
                   else ~/.local/share/harlequin/games.db)
  --no-db          store nothing: games end with the server
  --token VALUE    the token every request must carry (A-Z a-z 0-9 . _ ~ -); without it, one
                   is made at start (128 random bits) when --host is not loopback
Prints the address to open: with ?token=... when a token is needed (the page keeps it).
Requests sent to another name than the server's (DNS rebinding), from another site's page
(Origin), or that change something without Content-Type: application/json are refused
(docs/serve.md). Built only when cpp-httplib, nlohmann-json and SQLite are found (`make
serve` installs them).)"},
    {"datagen", "self-play training data (FEN | score | result) for the network or the tuner",
        "harlequin datagen -variant NAME -out FILE (-games N | -positions N) (-nodes N | -depth "
        "D)\n"
        "                         [options]\n"
        "       harlequin datagen -variant NAME -convert TEXT -out FILE.bin\n"
        "       harlequin datagen -variant NAME -convert GAMES.games|- -out FILE[.bin]\n"
        "       harlequin datagen -variant NAME -convert GAMES.pgn|- -out FILE[.bin|.games]",
        R"(  -variant NAME    the game (default chess)
  -out FILE        appended, one 'FEN | score | result' line a position, or, for a name
                   ending in .bin, binary records of the network's inputs (HQTD:
                   bench/training_data.h) for bench/nnue/train.py, or, for a name
                   ending in .games, whole games with every ply's score (HQGAMES:
                   bench/game_records.h), the compact form the data is kept in
  -convert IN      turn a text file of datagen's into binary records (-out FILE.bin), or
                   a .games file (- : standard input, e.g. from xzcat) into positions,
                   text or binary, filtered by -maxscore and -noisy, or a PGN of engine
                   games with their scores in the comments (fastchess, cutechess-cli:
                   OpenBench's DATAGEN games) into the same, or into whole games
                   (-out FILE.games, the store's form; bench/pgn_games.h)
  -games N         games to play, or
  -positions N     positions to write
  -nodes N         each move's search by nodes, or
  -depth D         by depth
  -threads T       games at once (default 1)
  -seed S          the random openings' seed (default 1)
  -openings FILE   start positions (EPD)
  -randomplies N   random plies at the start of each game (default 8)
  -maxplies N      the longest game in plies (default 400)
  -adjudicate CP   end a game once the score passes CP (default 1000)
  -maxscore CP     skip positions scored at or beyond CP (default 1000)
  -hash MB         each search's hash table (default 16)
  -noisy keep|drop positions whose best move is a capture or promotion (default drop)
  -nnue on|off     the game's network or its hand-crafted evaluation (default on)
  -leaves K        after each searched position, K positions its search evaluated,
                   each searched to the same limit for its score (default 0; not with
                   -out FILE.games))"},
    {"tune-export", "a game's evaluation traces as sparse features, for bench/tune",
        "harlequin tune-export -variant NAME -in FILE[,FILE...] -out PREFIX [-limit N]",
        R"(  -variant NAME    the game (default chess)
  -in FILE,...     datagen output (FEN | score | result lines)
  -out PREFIX      writes PREFIX.weights, PREFIX.pos, PREFIX.ent (for bench/tune)
  -limit N         at most N positions)"},
    {"train", "fits a game's network to HQTD training data (the C++ trainer)",
        "harlequin train -data FILE.bin ... -out NET.nnue [-hidden H] [-epochs E]\n"
        "                         [-output-buckets B] [-init NET.nnue | -resume] [options]",
        R"(  -data FILE ...   HQTD files of one game (datagen -out FILE.bin, or -convert)
  -out NET.nnue    the network (HQNN), written after every epoch
  -hidden H        accumulator neurons (default 256; a multiple of 32 for the engine)
  -output-buckets B  output layers chosen by the pieces on the board (default 1)
  -epochs E        passes over the data (default 30; 0: write the starting network)
  -batch N         positions a step (default 16384)
  -lr X            Adam's learning rate, down to X / 30 by a cosine (default 0.001)
  -lambda X        the search score's share of the target, the result's 1 - X (0.75)
  -kh X            the network's K in the tuner's units (default 0.7652), or
  -kh-per-klabel R K = R times the K fitted to the scores (one scale across data)
  -holdout X       the share of positions held out to measure the loss (default 0.02)
  -threads T       threads (default 2)
  -seed S          the random weights', split's and batches' seed (default 1)
  -limit N         the first N positions only
  -init NET.nnue   start from that network (a larger -hidden widens it)
  -mirror          half of each batch seen mirrored left to right (chess)
  -checkpoint F    the checkpoint, written after every epoch (default NET.nnue.ckpt)
  -resume          continue from the checkpoint (the same data and settings)
  -stop-after E    stop after epoch E, to be resumed later (the schedule stays -epochs')
Options may also be written --name, as bench/nnue/train.py spells them. Ctrl-C stops
at the end of the batch; the last finished epoch's network and checkpoint stay.
See docs/tuning.md, section 4.)"},
    {"genfens", "opening FENs for OpenBench's workers ('info string genfens FEN' lines)",
        "harlequin genfens N seed S book FILE|None [variant NAME] [chess960|frc|dfrc]\n"
        "                         [plies P] [maxscore CP] [nodes N]",
        R"(  N                positions to write
  seed S           the seed (the same words and seed give the same FENs)
  book FILE|None   start from random lines of an EPD or PGN book, or the game's start
  variant NAME     the game (default chess)
  chess960, frc    random Chess960 arrays; dfrc: each side's array drawn on its own
  plies P          random legal plies after the start (default 8, 4 after a book line)
  maxscore CP      keep positions a short search scores within CP (default 200)
  nodes N          that search's nodes (default 5000)
OpenBench calls it as ./harlequin "genfens N seed S book B" quit.)"},
    {"tunables", "a tuning build's search numbers, as OpenBench's SPSA input", "harlequin tunables",
        R"(  (no options)     one line a number: NAME, int, DEFAULT, MIN, MAX, C_END, R_END
Only a tuning build (cmake -DHARLEQUIN_TUNE=ON) has them, each also a UCI option of
the same name; bench/tune/spsa.py tunes them with harlequin match (docs/tuning.md).)"},
};

} // namespace

std::span<const CommandHelp> command_helps() { return Helps; }

const CommandHelp* find_command_help(std::string_view name) {
    for (const CommandHelp& h : Helps)
        if (h.name == name) return &h;
    return nullptr;
}

std::string overview_text() {
    std::string s = "usage: harlequin                 the engine, UCI on stdin (XBoard if the "
                    "first command is 'xboard')\n"
                    "       harlequin COMMAND [ARGS]\n"
                    "       harlequin \"UCI COMMAND\" ...  run these protocol commands in order\n\n"
                    "commands:\n";
    for (const CommandHelp& h : Helps) s += fmt::format("  {:<12} {}\n", h.name, h.summary);
    s += "\n'harlequin COMMAND --help' (or 'harlequin help COMMAND') prints a command's "
         "options.";
    return s;
}

std::string command_help_text(const CommandHelp& help) {
    return fmt::format("usage: {}\n{}\n\n{}", help.usage, help.summary, help.options);
}

bool asks_for_help(std::span<const std::string> args) {
    if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) return true;
    return std::any_of(args.begin(), args.end(), [](const auto& a) { return a == "--help"; });
}

} // namespace hq
