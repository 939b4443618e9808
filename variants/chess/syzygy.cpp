// SPDX-License-Identifier: GPL-3.0-or-later
#include "syzygy.h"

#include "movegen.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

#ifdef HARLEQUIN_SYZYGY
#include <tbprobe.h>
#endif

namespace hq::chess::syzygy {

namespace fs = std::filesystem;

namespace {

// The loaded set: the paths it came from, and the private folder of links when some
// file had to be left out (removed when the set is replaced or the process ends).
struct Loaded {
    std::string paths;
    int largest = 0;
    fs::path linkFolder;
    ~Loaded() { remove_links(); }
    void remove_links() {
        std::error_code ec;
        if (!linkFolder.empty()) fs::remove_all(linkFolder, ec);
        linkFolder.clear();
    }
};

std::shared_mutex tablesMutex; // load: exclusive; probes: shared
std::mutex rootMutex;          // Fathom's root ranking is not reentrant
Loaded loaded;

// The two file kinds the engine reads, with the first four bytes of each (little-endian
// magic numbers of the format).
struct FileKind {
    std::string_view suffix;
    std::array<unsigned char, 4> magic;
};
constexpr FileKind WdlFile {".rtbw", {0x71, 0xE8, 0x23, 0x5D}};
constexpr FileKind DtzFile {".rtbz", {0xD7, 0x66, 0x0C, 0xA5}};

std::vector<std::string> split_paths(std::string_view paths) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= paths.size()) {
        std::size_t end = paths.find(':', start);
        if (end == std::string_view::npos) end = paths.size();
        if (end > start) out.emplace_back(paths.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

// Why a table file cannot be used, or nothing when it can. A Syzygy file is its data
// padded to 64 bytes and a 16-byte checksum, so its size is 16 past a multiple of 64: any
// other size is a truncated (or padded) copy, which Fathom would read past its end.
std::optional<std::string> file_problem(const fs::path& file, const FileKind& kind) {
    std::error_code ec;
    const auto size = fs::file_size(file, ec);
    if (ec) return fmt::format("{} cannot be read ({})", file.string(), ec.message());
    std::ifstream in(file, std::ios::binary);
    std::array<unsigned char, 4> head {};
    if (!in.read(reinterpret_cast<char*>(head.data()), head.size()))
        return fmt::format("{} cannot be read", file.string());
    if (head != kind.magic) return fmt::format("{} is not a Syzygy table", file.string());
    if (size % 64 != 16)
        return fmt::format(
            "{} is truncated ({} bytes: a table is 16 past a multiple of 64)", file.string(), size);
    return std::nullopt;
}

// The table files of the folders, the first of each name kept, and what was wrong.
struct Scan {
    std::map<std::string, fs::path> good; // file name -> file
    std::vector<std::string> problems;
    int wdl = 0, dtz = 0;
    bool leftOut = false; // a table file was left out: Fathom gets a folder of links
};

Scan scan(const std::vector<std::string>& folders) {
    Scan s;
    for (const std::string& folder : folders) {
        std::error_code ec;
        if (!fs::is_directory(folder, ec)) {
            s.problems.push_back(fmt::format("no folder {}", folder));
            s.leftOut = true; // Fathom must not be handed the path either
            continue;
        }
        std::vector<fs::path> files;
        for (const auto& entry : fs::directory_iterator(folder, ec)) files.push_back(entry.path());
        std::sort(files.begin(), files.end());
        for (const fs::path& file : files) {
            const std::string ext = file.extension().string();
            const FileKind* kind = ext == WdlFile.suffix ? &WdlFile
                : ext == DtzFile.suffix                  ? &DtzFile
                                                         : nullptr;
            if (!kind || s.good.count(file.filename().string())) continue;
            if (auto problem = file_problem(file, *kind)) {
                s.problems.push_back(*problem + ": left out");
                s.leftOut = true;
                continue;
            }
            s.good.emplace(file.filename().string(), file);
            ++(kind == &WdlFile ? s.wdl : s.dtz);
        }
    }
    return s;
}

// A private folder holding a link to each good file: what Fathom reads when some file or
// folder of the user's paths had to be left out.
std::optional<fs::path> link_folder(const Scan& s, std::string& problem) {
    std::string pattern = (fs::temp_directory_path() / "harlequin-syzygy-XXXXXX").string();
    if (!mkdtemp(pattern.data())) {
        problem = "cannot make a folder for the good tables in the temporary folder";
        return std::nullopt;
    }
    const fs::path folder = pattern;
    for (const auto& [name, file] : s.good) {
        std::error_code ec;
        fs::create_symlink(fs::absolute(file), folder / name, ec);
        if (ec) {
            problem = fmt::format("cannot link {}: {}", file.string(), ec.message());
            fs::remove_all(folder, ec);
            return std::nullopt;
        }
    }
    return folder;
}

#ifdef HARLEQUIN_SYZYGY
struct Bitboards {
    std::uint64_t white, black, kings, queens, rooks, bishops, knights, pawns;
    unsigned rule50, ep;
    bool whiteToMove;
};
Bitboards bitboards(const Position& pos) {
    return {pos.pieces(WHITE), pos.pieces(BLACK), pos.pieces(KING), pos.pieces(QUEEN),
        pos.pieces(ROOK), pos.pieces(BISHOP), pos.pieces(KNIGHT), pos.pieces(PAWN),
        unsigned(pos.rule50()), pos.ep_square() == SQ_NONE ? 0u : unsigned(pos.ep_square()),
        pos.side_to_move() == WHITE};
}

// Fathom's move as one of ours: the legal move of the same squares and promotion.
std::optional<Move> our_move(const Position& pos, TbMove tbMove) {
    static constexpr PieceType promotions[]
        = {NO_PIECE_TYPE, QUEEN, ROOK, BISHOP, KNIGHT}; // TB_PROMOTES_NONE, QUEEN, ...
    const Square from = Square(TB_MOVE_FROM(tbMove)), to = Square(TB_MOVE_TO(tbMove));
    const unsigned promotes = TB_MOVE_PROMOTES(tbMove);
    const PieceType promotion = promotes < 5 ? promotions[promotes] : NO_PIECE_TYPE;
    ChessMoveList list;
    generate<LEGAL>(pos, list);
    for (Move m : list) {
        const PieceType p = m.kind() == PROMOTION ? m.promotion() : NO_PIECE_TYPE;
        if (m.from() == from && m.to() == to && p == promotion) return m;
    }
    return std::nullopt;
}

// Fathom's root value (its own scale: a table win is TB_VALUE_MATE - TB_MAX_MATE_PLY - 1)
// as ours: a table win one ply away, or the few centipawns it gives cursed wins.
Value our_value(std::int32_t tbScore) {
    constexpr std::int32_t win = TB_VALUE_MATE - TB_MAX_MATE_PLY - 1;
    if (tbScore >= win) return table_win_in(1);
    if (tbScore <= -win) return table_loss_in(1);
    return Value(tbScore);
}
#endif

} // namespace

bool available() {
#ifdef HARLEQUIN_SYZYGY
    return true;
#else
    return false;
#endif
}

int largest() {
    std::shared_lock lock(tablesMutex);
    return loaded.largest;
}

TablesLoad load(std::string_view paths) {
    const bool none = paths.empty() || paths == "<empty>";
    std::unique_lock lock(tablesMutex);
    if (paths == loaded.paths) return {loaded.largest, {}};
#ifndef HARLEQUIN_SYZYGY
    if (none) return {};
    return {0, "this build has no tablebase prober (built without libfathom-dev): no tables"};
#else
    loaded.remove_links();
    loaded.paths = std::string(paths);
    loaded.largest = 0;
    if (none) {
        tb_init("");
        return {};
    }
    const Scan s = scan(split_paths(paths));
    std::string notice;
    for (const std::string& p : s.problems) notice += p + "\n";
    std::string fathomPath(paths);
    if (s.leftOut) {
        std::string problem;
        auto folder = link_folder(s, problem);
        if (!folder) {
            tb_init("");
            return {0, notice + problem + ": no tables"};
        }
        loaded.linkFolder = *folder;
        fathomPath = folder->string();
    }
    if (!tb_init(fathomPath.c_str())) {
        tb_init("");
        return {0, notice + "the tables could not be loaded"};
    }
    loaded.largest = int(TB_LARGEST);
    notice
        += fmt::format("{} WDL and {} DTZ tables, up to {} pieces", s.wdl, s.dtz, loaded.largest);
    return {loaded.largest, notice};
#endif
}

std::optional<int> probe_wdl([[maybe_unused]] const Position& pos) {
#ifdef HARLEQUIN_SYZYGY
    if (pos.castling_rights() || pos.rule50() != 0) return std::nullopt;
    std::shared_lock lock(tablesMutex);
    if (popcount(pos.pieces()) > loaded.largest) return std::nullopt;
    const Bitboards b = bitboards(pos);
    const unsigned r = tb_probe_wdl(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops,
        b.knights, b.pawns, 0, 0, b.ep, b.whiteToMove);
    if (r == TB_RESULT_FAILED) return std::nullopt;
    return int(r) - 2; // TB_LOSS 0 ... TB_WIN 4
#else
    return std::nullopt;
#endif
}

std::optional<TableRoot<Move>> rank_root(
    [[maybe_unused]] const Position& pos, [[maybe_unused]] bool rule50) {
#ifdef HARLEQUIN_SYZYGY
    if (pos.castling_rights()) return std::nullopt;
    std::shared_lock lock(tablesMutex);
    if (popcount(pos.pieces()) > loaded.largest) return std::nullopt;
    std::lock_guard rootLock(rootMutex);
    const Bitboards b = bitboards(pos);
    static TbRootMoves results; // large (every move's line): one, under rootMutex
    TableRoot<Move> out;
    out.exact = tb_probe_root_dtz(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops,
        b.knights, b.pawns, b.rule50, 0, b.ep, b.whiteToMove, pos.repeated_since_irreversible(),
        rule50, &results);
    if (!out.exact
        && !tb_probe_root_wdl(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights,
            b.pawns, b.rule50, 0, b.ep, b.whiteToMove, rule50, &results))
        return std::nullopt;
    for (unsigned i = 0; i < results.size; ++i) {
        const TbRootMove& r = results.moves[i];
        auto m = our_move(pos, r.move);
        if (!m) return std::nullopt; // cannot happen: both generate the legal moves
        out.moves.push_back({*m, r.tbRank, our_value(r.tbScore)});
    }
    return out;
#else
    return std::nullopt;
#endif
}

} // namespace hq::chess::syzygy
