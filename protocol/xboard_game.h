// SPDX-License-Identifier: GPL-3.0-or-later
// The game as XBoard sees it, kept by the XBoard front-end over a Referee (which knows the
// rules). Two jobs:
//
// 1. Move text both ways. XBoard writes Chess960 castling `O-O`/`O-O-O` where the engine
//    writes king-takes-own-rook (`g1h1`); a multi-leg move such as Ms. Chess's capture in
//    passing arrives as one `e2d3,d3e3` but leaves the engine as one `move` command per leg
//    (`e2d3,` then `d3e3`); a pass is XBoard's null move `@@@@` and the engine's `0000`.
//
// 2. Several single moves a turn (Multiple Move Chess). XBoard only knows alternating
//    moves, so whenever a single move leaves the same side to move, XBoard is shown the
//    other side "playing" a null move `@@@@` before the turn goes on. The rule is generic:
//    it asks the Referee whose turn it is after every single move, so any game whose turns
//    are several moves long gets it. In XBoard's history a turn of three single moves is
//    `m1 @@@@ m2 @@@@ m3`; the side XBoard has on move during a null is said to owe it.
//
// The history is kept as XBoard's plies, so `undo` and `remove` take back what XBoard
// counts (a single move or an emulated null).
#pragma once

#include "engine/referee.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hq {

inline constexpr std::string_view XBOARD_NULL_MOVE = "@@@@";

class XBoardGame {
public:
    explicit XBoardGame(std::unique_ptr<Referee> referee);

    const Referee& referee() const { return *ref; }
    const VariantSpec& spec() const { return ref->spec(); }
    void set_chess960(bool on);

    // Starts again from a FEN (empty: the game's start position) with no moves played. On
    // a bad FEN, the reason, and the game is unchanged. The FEN is read as UCI's `position
    // fen` reads it (the game's one reading, Referee::set_position): what it accepts, it
    // accepts alike, and what it refuses, it refuses with the same reason; but for one
    // translation: a castling field that is XBoard's list of unmoved pieces
    // (lists_unmoved_pieces) stands for the castling rights the board allows
    // (Referee::castling_readings), and that FEN is read instead.
    std::optional<std::string> reset(std::string_view fen);

    // Whether a FEN's castling field is one XBoard writes as a list of unmoved pieces
    // (xboard_fen_lists_unmoved: Ms. Chess with the woman as White) and could have written
    // for this board: in a FEN of at most six fields (XBoard writes no game's own fields),
    // file letters, each naming a piece on its side's first rank whose XBoard description
    // has an initial move (her king on e1: `E`). `-` is not one: XBoard's empty list reads
    // as the standard field, no rights.
    bool lists_unmoved_pieces(std::string_view fen) const;

    // The side XBoard believes is on move: the game's side to move, or the other side
    // while that one owes an emulated null move.
    Color side_to_move() const { return nullOwed ? ~ref->side_to_move() : ref->side_to_move(); }
    bool null_owed() const { return nullOwed; }

    // A move from XBoard. On an illegal or unreadable move the reason, game unchanged.
    std::optional<std::string> play_xboard(std::string_view text);
    // A move the engine chose, in the engine's notation, or XBOARD_NULL_MOVE when a null is
    // owed. Returns the texts to send, one per `move` command (empty if the move was
    // illegal, which would be an engine bug; the game is then unchanged).
    std::vector<std::string> play_engine(std::string_view move);
    // Takes back XBoard plies; false (and nothing changes) if fewer were played.
    bool undo(int count);

    // Whether a `setboard` FEN is XBoard relaying an owed null move: XBoard sends a null
    // move to an engine as `setboard` with the position after it (the same board, the
    // same side to move as the game's, as the mover goes on with its turn).
    bool is_relayed_null(std::string_view fen) const;
    // The squares (`e5`) where a `setboard` FEN's board differs from the game's, when the
    // FEN could be such a relayed null but for its board (a null is owed, the FEN has the
    // game's side to move): XBoard's board went wrong, say by missing a capture it could
    // not see. Nothing when the FEN cannot be a relayed null; empty when it is one.
    std::optional<std::vector<std::string>> relayed_null_differences(std::string_view fen) const;

    // Whether the game would be over after a legal single move (nothing to ponder on then).
    bool over_after(std::string_view engineMove) const;

    // Notation for the current position: XBoard's text for an engine move (one text per
    // leg), and the engine's text for an XBoard move (nothing if it names no legal move).
    // In a game XBoard does not know, a capture of a piece that does not stand on the
    // destination (en passant) goes out as two legs through the victim's square, `d5e5,`
    // `e5e6`, because XBoard's own en passant state may miss it (after emulated null
    // moves; a Ms. Chess pawn that XBoard does not see as a pawn), and comes in the same way.
    std::vector<std::string> to_xboard(std::string_view engineMove) const;
    std::optional<std::string> to_engine(std::string_view xboardMove) const;

    // What the Engine facade needs: the start FEN ("" for the game's start position) and
    // the single moves played since, without the emulated nulls.
    const std::string& start_fen() const { return startFen; }
    std::vector<std::string> engine_moves() const;
    // XBoard plies played, and how many of them `side` made (time controls count these).
    int ply_count() const { return int(plies.size()); }
    int plies_by(Color side) const;

    Outcome outcome() const { return ref->outcome(); }

private:
    void replay();
    std::optional<std::string> castling_move(bool kingSide) const;
    // The game after a legal single move, on a referee of its own (nothing if illegal).
    std::unique_ptr<Referee> after(std::string_view engineMove) const;
    // The square of the enemy piece a one-leg move removes elsewhere than on its
    // destination (an en passant capture), if there is one.
    std::optional<std::string> capture_elsewhere(std::string_view engineMove) const;

    std::unique_ptr<Referee> ref;
    std::string startFen;
    Color startSide = WHITE;        // XBoard's side on move at the start
    std::vector<std::string> plies; // engine notation; XBOARD_NULL_MOVE for emulated nulls
    bool nullOwed = false;
    bool chess960 = false;
};

} // namespace hq
