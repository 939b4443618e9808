// SPDX-License-Identifier: GPL-3.0-or-later
#include "xboard_variants.h"

#include "engine/text.h"
#include "variants/registry.h"

#include <cctype>
#include <fmt/format.h>

namespace hq {

namespace {

// XBoard's piece-to-letter table for games played with the six chess pieces: White's
// pawn, knight, bishop, rook, queen (XBoard's first five piece types) and king (the table's
// last letter), then Black's.
constexpr std::string_view ChessPieceTable = "PNBRQKpnbrqk";

// The first six FEN fields: XBoard reads standard FEN, not a game's own extra fields. A
// six-field FEN that XBoard sends back is completed by the game from its variant name.
std::string standard_fen(std::string_view fen) { return join_words(split_words(fen), 0, 6); }

// Whether a FEN's board names its pieces with the chess letters only (PNBRQK, pnbrqk):
// then XBoard's own piece table shows them.
bool chess_pieces_only(std::string_view fen) {
    auto fields = split_words(fen);
    if (fields.empty()) return false;
    for (char c : fields[0])
        if (std::isalpha(static_cast<unsigned char>(c))
            && ChessPieceTable.find(c) == std::string_view::npos)
            return false;
    return true;
}

} // namespace

std::string xboard_variant_name(const VariantSpec& spec) {
    const XBoardProfile& x = xboard_profile(spec.name);
    return x.name.empty() ? spec.name : x.name;
}

const RegisteredGame* game_from_xboard(std::string_view name) {
    for (const RegisteredGame& g : registered_games())
        if (!g.xboard.name.empty() && to_lower(name) == g.xboard.name) return &g;
    return find_game(name);
}

bool xboard_knows(const VariantSpec& spec) { return !xboard_profile(spec.name).name.empty(); }

bool xboard_fen_lists_unmoved(const VariantSpec& spec) {
    for (const std::string& piece : xboard_profile(spec.name).pieceBetza)
        if (piece.rfind("K ", 0) == 0)
            return piece.find('i') != std::string::npos && piece.find('O') == std::string::npos;
    return false;
}

bool xboard_offers(const VariantSpec& spec) { return xboard_profile(spec.name).unplayable.empty(); }

std::vector<std::string> xboard_setup_lines(const VariantSpec& spec) {
    if (xboard_knows(spec) || !xboard_offers(spec)) return {};
    const XBoardProfile& x = xboard_profile(spec.name);
    std::string table = x.pieces;
    if (table.empty()) {
        if (!chess_pieces_only(spec.startFen)) return {};
        table = ChessPieceTable;
    }
    std::vector<std::string> lines;
    lines.push_back(fmt::format(
        "setup ({}) {}x{}+0_fairy {}", table, spec.files, spec.ranks, standard_fen(spec.startFen)));
    for (const std::string& piece : x.pieceBetza) lines.push_back("piece " + piece);
    return lines;
}

} // namespace hq
