// SPDX-License-Identifier: GPL-3.0-or-later
// The search, written once for every game: iterative deepening with aspiration windows
// over a principal variation search (negamax alpha-beta with zero-window re-searches),
// quiescence search, a shared transposition table and Lazy SMP threads. A game may key a
// correction history (engine/history.h): the static evaluation, corrected by how far the
// searches of positions with the same key found it wrong.
//
// Games whose turns do not alternate (several single moves a turn) need one idea only:
// the value is negated across a move exactly when the side to move changed. Everything
// else (mate distances, the TT, the picker) counts single moves (plies).
#pragma once

#include "leaf_sampler.h"
#include "limits.h"
#include "movepick.h"
#include "tt.h"
#include "tunable.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <functional>
#include <iterator>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

namespace hq {

// Every tuning number of the search, named (Ethereal's habit: margins live here, not in
// expressions), so that a reader sees them together and a tuner can reach them. Values
// are centipawns and plies unless a comment says otherwise. Where a value came from is
// written beside it; "hand-set" means a first choice in the range such engines use, kept
// with the step it belongs to (that step's match is cited) but never tuned on its own.
// The matches are in docs/log/strength.md and docs/log/2026-12-07-search.md.
// "SPSA 1" marks the fourteen numbers of the first SPSA run (1,400 pairs at 1+0.01,
// bench/tune/spsa.py; the old value beside each), accepted together against the old values
// at 2+0.02: +36.5 +/- 17.4, 774 games, SPRT [0, 10] H1 (docs/log/2026-12-07-spsa.md).
namespace params {
// Iterative deepening and aspiration windows: hand-set with the first search (2026-11-29).
constexpr int AspirationDepth = 5;       // first depth searched with a window around the last value
HQ_TUNABLE(AspirationWindow, 22, 6, 50); // its initial half-width; SPSA 1, was 18
constexpr int AspirationGrowthAdd = 5;   // a failed window grows by half plus this
constexpr std::int64_t FailLineAfterMs = 2000; // report fail-high/low lines after this long
// Time: no new iteration past a share of the optimum, scaled up while the best value falls
// or the best move keeps changing, and by how little of the search the best move took.
// Hand-set; accepted as one bundle, 2+0.02, 400 games (strength log, "Time management by
// best-move stability and node share", 2026-12-04); the 30-moves-to-go change was not kept.
constexpr int TimeFallMargin = 30;         // "falling a lot": more than this since the last depth
constexpr double TimeFallScaleBig = 1.6;   // optimum scale when falling a lot
constexpr double TimeFallScaleSmall = 1.2; // ... when falling a little
constexpr double TimeNextIterationShare = 0.6; // no new iteration past this share of optimum
// ... scaled by how many iterations in a row the best move has stayed the same (0 to 4+),
constexpr double TimeStabilityScale[] = {1.5, 1.25, 1.05, 0.95, 0.85};
// ... and by (base - the best move's share of the nodes) * scale, from TimeNodeDepth on.
constexpr double TimeNodeShareBase = 1.6;
constexpr double TimeNodeShareScale = 1.25;
constexpr int TimeNodeDepth = 6;
// Reverse futility pruning, null move, futility, SEE pruning and LMR: hand-set with the
// first search (2026-11-29), measured only as the whole search against other engines.
// Reverse futility pruning.
HQ_TUNABLE(ReverseFutilityDepth, 8, 4, 12);
HQ_TUNABLE(ReverseFutilityMargin, 58, 30, 150); // per ply of depth; SPSA 1, was 75
// Null move pruning: reduction R = base + depth / divisor + min(max, (eval - beta) / scale).
constexpr int NullMoveDepth = 3;
HQ_TUNABLE(NullMoveBaseReduction, 3, 2, 5);
HQ_TUNABLE(NullMoveDepthDivisor, 3, 2, 6);
HQ_TUNABLE(NullMoveEvalScale, 175, 80, 400); // SPSA 1, was 200
constexpr int NullMoveMaxEvalReduction = 3;
constexpr int NullMoveVerifyDepth = 12; // from this depth a null-move cutoff is verified
// ProbCut: a good capture whose shallow search beats beta by a margin cuts the node.
// Hand-set; 2+0.02, 400 games, +5.2 +/- 26.2 (strength log, session 6), kept as neutral.
constexpr int ProbCutDepth = 5;
HQ_TUNABLE(ProbCutMargin, 168, 80, 350); // SPSA 1, was 200
constexpr int ProbCutReduction = 4;      // the capture is searched this much shallower
// Internal iterative reduction.
constexpr int IirDepth = 4;
// Singular extensions: hand-set; 2+0.02, 400 games, +20.0 +/- 26.0 (strength log, session 6).
constexpr int SingularDepth = 8;
constexpr int SingularTtDepthMargin = 3; // the TT entry is at most this much shallower
HQ_TUNABLE(SingularMargin, 15, 4, 40);   // eighths of a centipawn per ply of depth; SPSA 1, was 16
HQ_TUNABLE(DoubleExtensionMargin, 20, 5, 60); // below the singular bound by this: two plies
constexpr int MaxDoubleExtensions = 6;        // per line
// Futility and late move pruning of quiet moves.
HQ_TUNABLE(FutilityDepth, 6, 3, 10);
HQ_TUNABLE(FutilityMargin, 83, 40, 180); // per ply of depth; SPSA 1, was 90
HQ_TUNABLE(FutilityBase, 57, 0, 200);    // SPSA 1, was 60
HQ_TUNABLE(LateMovePruningDepth, 7, 3, 12);
HQ_TUNABLE(LateMoveCountBase, 3, 1, 8); // quiets looked at: (base + depth^2) / (2 - improving)
// (Futility at the reduced depth with history pruning: +27.9 at 20k nodes, -2.3 +/- 22.0 at
// 2+0.02, 600 games; not kept: docs/log/2026-12-07-search.md.)
// (Deciding it before the move is made: +88.7 +/- 24.5, 400 games, strength log, session 7.)
// Static exchange pruning of captures.
HQ_TUNABLE(SeePruningDepth, 6, 3, 10);
HQ_TUNABLE(SeePruningMargin, 104, 30, 180); // per ply of depth; SPSA 1, was 90
// Late move reductions: table[d][m] = base + ln(d) ln(m) / divisor, then adjusted.
constexpr int LmrMinDepth = 3;
HQ_TUNABLE(LmrBaseCenti, 67, 20, 150); // hundredths of a ply; SPSA 1, was 70
// hundredths; SPSA 1, was 230 (2.0 alone: +2.1 +/- 14.7, undecided; 2026-12-07, test 5)
HQ_TUNABLE(LmrDivisorCenti, 215, 150, 350);
// One ply less (more) per this much history; SPSA 1, was 8000.
HQ_TUNABLE(LmrHistoryDivisor, 7378, 3000, 16000);
// Extensions.
constexpr int MaxCheckExtensions = 16; // per line; reducing checks instead: -4.0 (2026-12-07)
// History: a cutoff's bonus is min(scale * depth^2, max). Hand-set with the first search.
// A bonus linear in depth, min(300 d - 250, 2500), scored +24.2 on 201 distinct games at
// 12k nodes but lost at 2+0.02 together with root reductions (-20.9 +/- 24.2, 400 games;
// docs/log/2026-12-07-search.md): not kept.
HQ_TUNABLE(HistoryBonusScale, 22, 4, 64);     // SPSA 1, was 16
HQ_TUNABLE(HistoryBonusMax, 1832, 400, 4000); // SPSA 1, was 1600
constexpr int MaxQuietsRemembered = 64;       // quiets tried before a cutoff that lose history
// Endgame tables: a probed value is stored this much deeper than the node (it is exact
// however deep one searched; Stockfish's choice).
constexpr int TableDepthBonus = 6;
// Quiescence search: hand-set with the first search.
HQ_TUNABLE(QsDeltaMargin, 286, 50, 400); // SPSA 1, was 200
constexpr int MaxQsearchPlies = 12;
constexpr int MaxQsearchPliesTurns = 6; // games with several moves a turn
} // namespace params

// The share of the time plan's optimum after which no new iteration starts (params):
// longer while the best value falls, while the best move is new (bestMoveStreak: the
// iterations in a row it has stayed the same), and while the best move took a small
// share of the nodes (the alternatives needed a close look; below 0: not known yet).
inline double soft_time_scale(
    Value best, Value previous, int bestMoveStreak, double bestMoveShare) {
    double scale = best < previous - params::TimeFallMargin ? params::TimeFallScaleBig
        : best < previous                                   ? params::TimeFallScaleSmall
                                                            : 1.0;
    constexpr int streaks = int(std::size(params::TimeStabilityScale));
    scale *= params::TimeStabilityScale[std::clamp(bestMoveStreak, 0, streaks - 1)];
    if (bestMoveShare >= 0.0)
        scale *= (params::TimeNodeShareBase - std::min(bestMoveShare, 1.0))
            * params::TimeNodeShareScale;
    return scale * params::TimeNextIterationShare;
}

template <SearchGame G> class SearchWorker {
public:
    using Position = typename G::Position;
    using Move = typename G::Move;

    struct RootMove {
        Move move;
        Value value = -VALUE_INFINITE;
        Value previousValue = -VALUE_INFINITE;
        int selDepth = 0;
        std::uint64_t nodes = 0; // spent on this move's subtree in this search
        std::vector<Move> pv;
        // The endgame tables' value of the move (the root is in the tables), reported
        // while the search finds no mate.
        std::optional<Value> tableValue;
    };

    SearchWorker(int id_, SharedSearch& s, const Position& root, std::vector<RootMove> rm)
        : id(id_)
        , shared(s)
        , pos(root)
        , rootMoves(std::move(rm))
        , rootPieces(G::hooks.wdl ? fen_pieces(root.fen()) : 0)
        , rootWhite(root.side_to_move() == WHITE) {
        // Late move reductions grow with the logarithms of depth and move number.
        for (int d = 1; d < 64; ++d)
            for (int m = 1; m < 64; ++m)
                reductions[d][m] = int(params::LmrBaseCenti / 100.0
                    + std::log(double(d)) * std::log(double(m))
                        / (params::LmrDivisorCenti / 100.0));
    }

    // Iterative deepening; the main worker (id 0) also reports and decides when to stop.
    void iterate(const SearchCallbacks* report) {
        const SearchLimits& limits = shared.limits;
        int maxDepth = limits.depth > 0 ? std::min(limits.depth, MAX_PLY - 1) : MAX_PLY - 1;
        int multiPv = std::min<int>(shared.options.multiPv, int(rootMoves.size()));
        Value previous = VALUE_ZERO;
        Move lastBest = Move();
        int bestMoveStreak = 0; // iterations in a row that ended with the same best move

        for (int depth = 1; depth <= maxDepth; ++depth) {
            // Helpers search some iterations one ply deeper, to diversify (Lazy SMP).
            int searchDepth = depth + (id > 0 && depth > 2 ? (id & 1) : 0);
            for (auto& rm : rootMoves) rm.previousValue = rm.value;

            for (pvIndex = 0; pvIndex < multiPv; ++pvIndex) {
                Value alpha = -VALUE_INFINITE, beta = VALUE_INFINITE,
                      delta = params::AspirationWindow;
                Value center = rootMoves[pvIndex].previousValue;
                if (depth >= params::AspirationDepth && std::abs(center) < VALUE_MATE_IN_MAX_PLY) {
                    alpha = std::max(center - delta, -VALUE_INFINITE);
                    beta = std::min(center + delta, VALUE_INFINITE);
                }
                // Aspiration loop: widen the failing side until the value fits the window.
                for (;;) {
                    Value v = root_search(alpha, beta, searchDepth);
                    std::stable_sort(rootMoves.begin() + pvIndex, rootMoves.end(),
                        [](const RootMove& a, const RootMove& b) { return a.value > b.value; });
                    if (stopped()) break;
                    if (v <= alpha) {
                        beta = (alpha + beta) / 2;
                        alpha = std::max(v - delta, -VALUE_INFINITE);
                    } else if (v >= beta) {
                        beta = std::min(v + delta, VALUE_INFINITE);
                    } else break;
                    delta += delta / 2 + params::AspirationGrowthAdd;
                    if (report && elapsed_ms(limits.start) > params::FailLineAfterMs)
                        report_line(report, depth, pvIndex, v <= alpha ? BOUND_UPPER : BOUND_LOWER);
                }
                std::stable_sort(rootMoves.begin(), rootMoves.begin() + pvIndex + 1,
                    [](const RootMove& a, const RootMove& b) { return a.value > b.value; });
                if (stopped()) break;
            }
            if (stopped()) break;
            completedDepth = depth;
            if (report)
                for (int i = 0; i < multiPv; ++i) report_line(report, depth, i, BOUND_EXACT);
            if (id != 0) continue;

            // Stop when the time plan says another iteration would not finish, or when a
            // requested mate is found.
            Value best = rootMoves[0].value;
            if (limits.mate && best >= VALUE_MATE_IN_MAX_PLY
                && VALUE_MATE - best <= 2 * limits.mate)
                break;
            bestMoveStreak = rootMoves[0].move == lastBest ? bestMoveStreak + 1 : 0;
            lastBest = rootMoves[0].move;
            if (shared.plan.optimum && !pondering()
                && elapsed_ms(limits.start)
                    > soft_time_limit(depth, best, previous, bestMoveStreak))
                break;
            previous = best;
        }
    }

    // The time after which no new iteration starts: the optimum scaled (soft_time_scale).
    double soft_time_limit(int depth, Value best, Value previous, int bestMoveStreak) const {
        const std::uint64_t searched = node_count();
        const double share = depth >= params::TimeNodeDepth && searched > 0
            ? double(rootMoves[0].nodes) / double(searched)
            : -1.0;
        return double(shared.plan.optimum) * soft_time_scale(best, previous, bestMoveStreak, share);
    }

    std::uint64_t node_count() const { return nodes.load(std::memory_order_relaxed); }
    std::uint64_t table_hits() const { return tbHits.load(std::memory_order_relaxed); }
    void add_table_hits(std::uint64_t n) { tbHits.fetch_add(n, std::memory_order_relaxed); }
    const std::vector<RootMove>& root_moves() const { return rootMoves; }
    // Below full strength: the drawn move (Skill::choose) goes first, to be reported and played.
    void play_skill_choice(std::uint64_t key) {
        std::vector<int> values;
        for (const RootMove& rm : rootMoves) values.push_back(rm.value);
        const int chosen = shared.skill.choose(values, key);
        std::rotate(rootMoves.begin(), rootMoves.begin() + chosen, rootMoves.begin() + chosen + 1);
    }
    int completed_depth() const { return completedDepth; }
    std::vector<SearchWorker*>* peers = nullptr; // all workers, for node totals

    std::uint64_t total_nodes() const {
        if (!peers) return node_count();
        std::uint64_t n = 0;
        for (auto* w : *peers) n += w->node_count();
        return n;
    }
    std::uint64_t total_table_hits() const {
        if (!peers) return table_hits();
        std::uint64_t n = 0;
        for (auto* w : *peers) n += w->table_hits();
        return n;
    }

    void report_line(const SearchCallbacks* report, int depth, int index, Bound bound) {
        const RootMove& rm = rootMoves[index];
        SearchInfo info;
        info.depth = depth;
        info.selDepth = std::max(rm.selDepth, depth);
        info.multiPv = index + 1;
        info.value = rm.value == -VALUE_INFINITE ? rm.previousValue : rm.value;
        if (info.value == -VALUE_INFINITE) info.value = VALUE_ZERO;
        if (rm.tableValue && !is_mate_value(info.value)) info.value = *rm.tableValue;
        if constexpr (G::hooks.wdl)
            if (shared.options.showWdl)
                info.wdl = wdl_of(G::wdlModel, info.value, rootPieces, rootWhite);
        info.bound = bound;
        info.nodes = total_nodes();
        info.timeMs = elapsed_ms(shared.limits.start);
        info.hashfull = shared.tt->hashfull();
        info.tbHits = total_table_hits();
        Position p = pos;
        for (Move m : rm.pv) {
            info.pv.push_back(p.move_text(m));
            p.do_move(m);
        }
        report->info(info);
    }

    SearchMemory memory;

private:
    struct Stack {
        Move move;     // the move played from this ply (none for a null move)
        Move excluded; // the move a singular-extension search leaves out
        Move killers[2];
        Value staticEval = VALUE_NONE;
        int checkExtensions = 0;
        int doubleExtensions = 0; // in the line up to this ply
    };

    bool pondering() const {
        return shared.ponder && shared.ponder->load(std::memory_order_relaxed);
    }
    bool stopped() const { return shared.stop->load(std::memory_order_relaxed); }

    // Every 1024 nodes (SharedSearch::nodeCheckMask) the main worker checks the clock and
    // the node limit.
    void check_limits() {
        if (id != 0 || (node_count() & shared.nodeCheckMask) != 0) return;
        if (shared.limits.nodes && total_nodes() >= shared.limits.nodes
            && completedDepth >= shared.minDepth)
            shared.stop->store(true);
        if (shared.plan.maximum && !pondering()
            && elapsed_ms(shared.limits.start) >= shared.plan.maximum)
            shared.stop->store(true);
    }

    // A child's value from this node's point of view.
    template <typename F> Value child(Color us, F&& search, Value alpha, Value beta) {
        return pos.side_to_move() != us ? -search(-beta, -alpha) : search(alpha, beta);
    }

    // What search and qsearch do first at every node: the limits (and the abort), the
    // deepest ply reached, a game decided by a rule, the maximal depth. A value ends the
    // node; otherwise `inCheck` says whether the side to move is in check.
    std::optional<Value> enter_node(int ply, bool& inCheck) {
        check_limits();
        if (stopped()) return VALUE_ZERO;
        selDepth = std::max(selDepth, ply);
        if (auto v = G::rule_value(pos, ply)) return v;
        inCheck = pos.in_check();
        if (ply >= MAX_PLY - 2) return inCheck ? VALUE_DRAW : G::evaluate(pos);
        return std::nullopt;
    }

    // A searched move's value against the node's best so far: a new best value, and above
    // alpha also the best move, the PV (at PV nodes) and a raised alpha. Returns whether it
    // raised alpha (the caller then tests beta).
    bool raise_best(
        Value v, Move m, int ply, bool pvNode, Value& best, Move& bestMove, Value& alpha) {
        if (v <= best) return false;
        best = v;
        if (v <= alpha) return false;
        bestMove = m;
        if (pvNode) update_pv(ply, m);
        alpha = v;
        return true;
    }

    void update_pv(int ply, Move m) {
        pvTable[ply][0] = m;
        int len = pvLength[ply + 1];
        for (int i = 0; i < len; ++i) pvTable[ply][i + 1] = pvTable[ply + 1][i];
        pvLength[ply] = len + 1;
    }

    // Searches the root moves from pvIndex on; stores each one's value and line.
    Value root_search(Value alpha, Value beta, int depth) {
        Color us = pos.side_to_move();
        Value best = -VALUE_INFINITE;
        stack[0].checkExtensions = 0;
        stack[0].doubleExtensions = 0;
        selDepth = 0;
        for (int i = pvIndex; i < int(rootMoves.size()); ++i) {
            RootMove& rm = rootMoves[i];
            Move m = rm.move;
            const std::uint64_t nodesBefore = node_count();
            nodes.fetch_add(1, std::memory_order_relaxed);
            pos.do_move(m);
            stack[0].move = m;
            pvLength[1] = 0;
            // Every root move at full depth. Reducing the late quiet ones (from the fourth,
            // as at PV nodes) scored +22.5 on 201 distinct games at 12k nodes, but the
            // history bonus and it together lost at 2+0.02 (-20.9 +/- 24.2, 400 games,
            // docs/log/2026-12-07-search.md): taken out until a timed test accepts it.
            const int newDepth = depth - 1;
            Value v;
            auto pvs = [&](Value a, Value b) { return search(a, b, newDepth, 1, true, false); };
            auto zws = [&](Value a, Value b) { return search(a, b, newDepth, 1, false, true); };
            if (i == pvIndex) v = child(us, pvs, alpha, beta);
            else {
                v = child(us, zws, alpha, alpha + 1);
                if (v > alpha && v < beta) v = child(us, pvs, alpha, beta);
            }
            pos.undo_move(m);
            rm.nodes += node_count() - nodesBefore;
            // A move whose search was cut short keeps its old value (or none yet).
            if (stopped()) return best;

            if (i == pvIndex || v > alpha) {
                rm.value = v;
                rm.selDepth = selDepth;
                rm.pv.assign(1, m);
                for (int k = 0; k < pvLength[1]; ++k) rm.pv.push_back(pvTable[1][k]);
            } else rm.value = -VALUE_INFINITE; // only an upper bound: sorts after the others
            if (v > best) best = v;
            if (v > alpha) {
                alpha = v;
                if (v >= beta) break;
            }
        }
        return best;
    }

    // The search of an inner node, step by step (the root is root_search's). Each step that
    // needs more than a few lines is a function of its own below, given the node's Node.
    Value search(Value alpha, Value beta, int depth, int ply, bool pvNode, bool cutNode) {
        pvLength[ply] = 0;

        // Step 1. Quiescence search at the horizon.
        if (depth <= 0) return qsearch(alpha, beta, ply, pvNode);

        // Steps 2 and 3. Abort and limits; games decided by a rule (repetition, fifty
        // moves, a score), and the maximal depth.
        Node n {alpha, beta, depth, ply, pvNode, cutNode};
        if (auto v = enter_node(ply, n.inCheck)) return *v;

        // Step 4. Mate distance pruning: no line from here can beat a mate found closer
        // to the root.
        n.alpha = std::max(mated_in(ply), n.alpha);
        n.beta = std::min(mate_in(ply + 1), n.beta);
        if (n.alpha >= n.beta) return n.alpha;

        // Step 5. Transposition table: a deep enough entry with a fitting bound answers
        // a zero-window node outright.
        n.key = pos.key();
        n.tt = probe_tt(n.key, ply);
        n.excluded = bool(stack[ply].excluded);
        if (!pvNode && !n.excluded && n.tt.cuts(depth, n.beta)) return n.tt.value;

        // Step 5a. Endgame tables: a position they hold has a known value.
        if constexpr (G::hooks.tables)
            if (!n.excluded && shared.tables.cardinality)
                if (auto v = apply_tables(n)) return *v;

        // Step 6. Static evaluation (none in check: every move is forced to matter).
        evaluate_node(n);

        // Steps 7 to 8a. Pruning before any move is searched: reverse futility, the null
        // move, ProbCut.
        if (!pvNode && !n.inCheck && !n.excluded && std::abs(n.beta) < VALUE_MATE_IN_MAX_PLY)
            if (auto v = prune_node(n)) return *v;

        // Step 9. Internal iterative reduction: without a TT move this node was not
        // searched before; search it shallower first.
        if (n.depth >= params::IirDepth && !n.tt.move && (pvNode || cutNode)) --n.depth;

        // Step 9a. Singular extension: when the TT move is much better than every
        // alternative (a search without it, at half depth, fails low against a margin
        // below the TT value), it is searched one ply deeper, two when they fall far
        // short (outside PV nodes, a few times a line). When even the alternatives beat
        // beta, several moves fail high and this node is cut at once (multi-cut); when
        // only the TT value does, the TT move is searched a ply shallower.
        const TTData& tte = n.tt.data;
        if (G::alternating && n.depth >= params::SingularDepth && n.tt.move && !n.excluded
            && tte.depth >= n.depth - params::SingularTtDepthMargin && (tte.bound & BOUND_LOWER)
            && std::abs(n.tt.value) < VALUE_MATE_IN_MAX_PLY && G::is_legal(pos, n.tt.move)) {
            auto singular
                = singular_test(n.tt.move, n.tt.value, n.beta, n.depth, ply, pvNode, cutNode);
            if (singular.cutoff) return *singular.cutoff;
            n.singularExtension = singular.extension;
        }

        // Steps 10 to 14. The move loop.
        n.originalAlpha = n.alpha;
        const std::optional<MoveLoop> loop = search_moves(n);
        if (!loop) return VALUE_ZERO; // stopped

        // Step 15. No legal move: mate, stalemate, or whatever the game says.
        if (loop->moveCount == 0) return n.excluded ? n.alpha : G::no_moves_value(pos, ply);

        if (n.excluded) return loop->best; // a partial search: nothing to remember
        const Value best = std::min(loop->best, n.tableCeiling);
        // Step 16. The evaluation's error, learnt from the result.
        if constexpr (G::hooks.correction) learn_correction(n, best, loop->bestMove);
        store_result(n.key, best, loop->bestMove, n.originalAlpha, n.beta, n.rawEval, n.depth, ply);
        return best;
    }

    // Step 5a of search(): the endgame tables' value of this position and its bound, when
    // the position has few enough pieces (exactly the most the tables hold: only from the
    // probe depth on), was just reached by a capture or pawn move, and the tables know it.
    struct TableProbe {
        Value value;
        Bound bound;
    };
    std::optional<TableProbe> probe_tables(int depth, int ply) {
        if constexpr (G::hooks.tables) {
            const TableSettings& t = shared.tables;
            const int pieces = G::table_pieces(pos);
            if (pieces > t.cardinality || (pieces == t.cardinality && depth < t.probeDepth))
                return std::nullopt;
            const std::optional<int> wdl = G::table_wdl(pos);
            if (!wdl) return std::nullopt;
            tbHits.fetch_add(1, std::memory_order_relaxed);
            // Without the fifty-move rule a spoilt win is a win; with it, a draw that
            // leans (by a centipawn a step) towards the side that would have won.
            const int drawn = t.rule50 ? 1 : 0;
            if (*wdl < -drawn) return TableProbe {table_loss_in(ply), BOUND_UPPER};
            if (*wdl > drawn) return TableProbe {table_win_in(ply), BOUND_LOWER};
            return TableProbe {Value(VALUE_DRAW + 2 * *wdl * drawn), BOUND_EXACT};
        } else return std::nullopt;
    }

    // A static evaluation corrected by what searches of positions of the same
    // correction key found (engine/history.h), kept clear of the mate range.
    Value correct(Value raw) const {
        if constexpr (G::hooks.correction) {
            const int c = memory.correction.get(pos.side_to_move(), G::correction_key(pos));
            return Value(std::clamp(
                int(raw) + c, int(VALUE_MATED_IN_MAX_PLY) + 1, int(VALUE_MATE_IN_MAX_PLY) - 1));
        } else return raw;
    }

    // The TT entry of a node, with its value made relative to this ply.
    struct TTProbe {
        TTData data;
        Value value;
        Move move;
        // A deep enough entry whose bound settles a zero-window search against beta.
        bool cuts(int depth, Value beta) const {
            return data.hit && data.depth >= depth && value != VALUE_NONE
                && (data.bound & (value >= beta ? BOUND_LOWER : BOUND_UPPER));
        }
    };
    TTProbe probe_tt(Key key, int ply) const {
        TTData d = shared.tt->probe(key);
        return {
            d, TranspositionTable::from_tt(d.value, ply), d.hit ? Move::from_raw(d.move) : Move()};
    }

    // Stores a node's result: a lower bound when it failed high, exact when it raised
    // alpha, an upper bound otherwise.
    void store_result(Key key, Value best, Move bestMove, Value originalAlpha, Value beta,
        Value staticEval, int depth, int ply) {
        Bound bound = best >= beta ? BOUND_LOWER : best > originalAlpha ? BOUND_EXACT : BOUND_UPPER;
        shared.tt->store(key, bestMove ? std::uint32_t(bestMove.raw()) : 0,
            TranspositionTable::to_tt(best, ply), staticEval, depth, bound);
    }

    // What search() knows of its node, handed to the steps it calls. alpha, depth and the
    // table bounds change as the steps go; the rest is set once.
    struct Node {
        Value alpha, beta;
        int depth, ply;
        bool pvNode, cutNode;
        bool inCheck = false;
        bool excluded = false; // a singular-extension search without the TT move
        bool improving = false;
        Key key = 0;
        TTProbe tt {};
        Value rawEval = VALUE_NONE; // the evaluation as the TT keeps it
        Value eval = VALUE_NONE;    // corrected, or the TT's value when its bound fits
        // Bounds on the node's value from the endgame tables (PV nodes).
        Value tableFloor = -VALUE_INFINITE, tableCeiling = VALUE_INFINITE;
        Value originalAlpha = VALUE_NONE; // alpha as the move loop begins
        int singularExtension = 0;        // of the TT move
        // The move loop's context: the side that moves, the continuation history after the
        // previous move and the follow-up history after the move two plies back.
        Color us = WHITE;
        const std::int16_t* cont = nullptr;
        const std::int16_t* followUp = nullptr;
    };

    // A move of the move loop, made on the board.
    struct Tried {
        Move move;
        int number; // its place in the loop, 1 for the first
        bool noisy, givesCheck;
        bool turnPassed; // the opponent moves next (always, in alternating games)
    };

    // What the move loop found.
    struct MoveLoop {
        Value best;
        Move bestMove;
        int moveCount;
    };

    // Step 5a of search(): the endgame tables' verdict. It ends the node when exact or
    // when its bound settles the window; otherwise (PV nodes) it bounds the search's value
    // from below (a win) or above (a loss).
    std::optional<Value> apply_tables(Node& n) {
        const auto t = probe_tables(n.depth, n.ply);
        if (!t) return std::nullopt;
        if (t->bound == BOUND_EXACT
            || (t->bound == BOUND_LOWER ? t->value >= n.beta : t->value <= n.alpha)) {
            shared.tt->store(n.key, 0, TranspositionTable::to_tt(t->value, n.ply), VALUE_NONE,
                std::min(n.depth + params::TableDepthBonus, MAX_PLY - 1), t->bound);
            return t->value;
        }
        if (n.pvNode && t->bound == BOUND_LOWER) {
            n.tableFloor = t->value;
            n.alpha = std::max(n.alpha, t->value);
        } else if (n.pvNode) n.tableCeiling = t->value;
        return std::nullopt;
    }

    // A static evaluation is being made: datagen's sampler may keep the position.
    void offer_leaf() {
        if (shared.leaves && id == 0) [[unlikely]]
            if (shared.leaves->draw()) shared.leaves->fens.push_back(pos.fen());
    }

    // Step 6 of search(): the static evaluation, and whether it improves on ours two plies
    // back. The TT keeps the raw evaluation; the search uses it corrected (correct()).
    void evaluate_node(Node& n) {
        Stack& ss = stack[n.ply];
        if (!n.inCheck) {
            const TTData& tte = n.tt.data;
            n.rawEval = tte.hit && tte.eval != VALUE_NONE ? tte.eval : G::evaluate(pos);
            offer_leaf();
            n.eval = ss.staticEval = correct(n.rawEval);
            // A TT value with the right bound is a better estimate than the evaluation.
            if (tte.hit && n.tt.value != VALUE_NONE
                && (tte.bound & (n.tt.value > n.eval ? BOUND_LOWER : BOUND_UPPER)))
                n.eval = n.tt.value;
            n.improving = G::alternating && n.ply >= 2 && stack[n.ply - 2].staticEval != VALUE_NONE
                && ss.staticEval > stack[n.ply - 2].staticEval;
        } else ss.staticEval = VALUE_NONE;
        stack[n.ply + 1].killers[0] = stack[n.ply + 1].killers[1] = Move();
        stack[n.ply + 1].checkExtensions = ss.checkExtensions;
    }

    // Steps 7 to 8a of search(), at non-PV nodes out of check: a value that cuts the node
    // before any move is searched.
    std::optional<Value> prune_node(const Node& n) {
        // Step 7. Reverse futility pruning: far above beta at low depth, assume a quiet
        // move keeps us there.
        if (n.depth <= params::ReverseFutilityDepth
            && n.eval - params::ReverseFutilityMargin * (n.depth - n.improving) >= n.beta)
            return n.eval;

        // Step 8. Null move pruning: if passing still fails high, a real move will too
        // (unsound in zugzwang; the game says when passing is allowed).
        if (n.depth >= params::NullMoveDepth && n.eval >= n.beta
            && stack[n.ply].staticEval >= n.beta && G::null_move_allowed(pos)
            && n.ply >= nullMinPly)
            if (auto v = null_move_cutoff(n.beta, n.depth, n.ply, n.cutNode, n.eval)) return *v;

        // Step 8a. ProbCut: a capture that wins enough by static exchange and whose
        // reduced search beats beta by a margin says that this node fails high too (unless
        // the TT already knows, at nearly this depth, that it does not).
        if constexpr (G::alternating && G::hooks.see) {
            const TTData& tte = n.tt.data;
            if (n.depth >= params::ProbCutDepth
                && !(tte.hit && n.tt.value != VALUE_NONE
                    && tte.depth >= n.depth - params::ProbCutReduction + 1
                    && n.tt.value < n.beta + params::ProbCutMargin))
                if (auto v
                    = probcut(n.key, n.beta, n.depth, n.ply, n.cutNode, n.tt.move, n.rawEval))
                    return *v;
        }
        return std::nullopt;
    }

    // Steps 10 to 14 of search(): every move in the picker's order, pruned, searched by
    // search_move, the best kept; a cutoff rewards the move. Nothing when stopped.
    std::optional<MoveLoop> search_moves(Node& n) {
        const int ply = n.ply, depth = n.depth;
        Stack& ss = stack[ply];
        n.us = pos.side_to_move();
        const Move previous = stack[ply - 1].move;
        const Move counter = previous
            ? Move::from_raw(memory.counterMoves[previous.from()][previous.to()])
            : Move();
        n.cont = previous ? memory.continuation.row(previous.to()) : nullptr;
        // The move two plies back (ours, in alternating games) and its follow-up history.
        const Move earlier = ply >= 2 ? stack[ply - 2].move : Move();
        n.followUp = earlier ? memory.followUp.row(earlier.to()) : nullptr;
        MovePicker<G> picker(pos, n.tt.move, ss.killers[0], ss.killers[1], counter, &memory.history,
            n.cont, n.followUp, &memory.captures);
        MoveLoop loop {n.tableFloor, Move(), 0};
        Move quietsTried[params::MaxQuietsRemembered];
        int quietCount = 0;
        Move noisiesTried[params::MaxQuietsRemembered];
        int noisyCount = 0;

        for (Move m = picker.next(); m; m = picker.next()) {
            if (m == ss.excluded) continue;
            const int number = ++loop.moveCount;
            const bool noisy = G::is_noisy(pos, m);
            const bool notLost = loop.best > VALUE_MATED_IN_MAX_PLY;

            // Step 10a. Captures that lose too much material by static exchange are not
            // worth a look at low depth.
            if constexpr (G::hooks.see)
                if (!n.pvNode && !n.inCheck && noisy && depth <= params::SeePruningDepth && notLost
                    && !G::see_ge(pos, m, -params::SeePruningMargin * depth))
                    continue;

            // Step 10b. Late move pruning: at low depth only the first few quiets get a
            // look; the picker skips the rest (quiet checks included) without making them.
            if (G::alternating && !n.pvNode && !n.inCheck && !noisy && notLost
                && depth <= params::LateMovePruningDepth
                && number > (params::LateMoveCountBase + depth * depth) / (2 - n.improving)) {
                picker.skip_quiets();
                continue;
            }

            pos.do_move(m);
            shared.tt->prefetch(pos.key());
            // Did the turn pass to the opponent? (Always, in alternating games.) Checks and
            // node types are judged from the side that moves next.
            const bool turnPassed = G::alternating || pos.side_to_move() != n.us;
            const bool givesCheck = turnPassed && pos.in_check();

            // Step 11. Futility pruning of quiet moves that do not give check, once a line
            // that is not lost exists: the static value is so far below alpha that a quiet
            // move cannot raise it enough.
            if (G::alternating && !n.pvNode && !n.inCheck && !givesCheck && !noisy && notLost
                && depth <= params::FutilityDepth
                && ss.staticEval + params::FutilityBase + params::FutilityMargin * depth
                    <= n.alpha) {
                pos.undo_move(m);
                continue;
            }

            nodes.fetch_add(1, std::memory_order_relaxed);
            ss.move = m;
            const Value v = search_move(n, Tried {m, number, noisy, givesCheck, turnPassed});
            pos.undo_move(m);

            if (stopped()) return std::nullopt;

            if (raise_best(v, m, ply, n.pvNode, loop.best, loop.bestMove, n.alpha) && v >= n.beta) {
                // Step 14. A quiet cutoff move becomes a killer and gains history; the
                // quiets tried before it lose some. A noisy one gains capture history.
                // Either way the noisy moves tried before it lose capture history.
                if (!noisy)
                    reward_quiet_cutoff(ss, n.us, m, previous, earlier, depth,
                        std::span<const Move>(quietsTried, quietCount));
                reward_capture_cutoff(n.us, noisy ? m : Move(), depth,
                    std::span<const Move>(noisiesTried, noisyCount));
                break;
            }
            if (!noisy && quietCount < params::MaxQuietsRemembered) quietsTried[quietCount++] = m;
            if (noisy && noisyCount < params::MaxQuietsRemembered) noisiesTried[noisyCount++] = m;
        }
        return loop;
    }

    // Steps 12 and 13 of search(): the value of a move made on the board, searched at its
    // extended or reduced depth.
    Value search_move(const Node& n, const Tried& t) {
        const int ply = n.ply, depth = n.depth;
        Stack& ss = stack[ply];

        // Step 12. Check extension, bounded per line.
        int extension = 0;
        if (t.givesCheck && ss.checkExtensions < params::MaxCheckExtensions) {
            extension = 1;
            stack[ply + 1].checkExtensions = ss.checkExtensions + 1;
        } else stack[ply + 1].checkExtensions = ss.checkExtensions;
        // A checking TT move keeps its check extension over a negative one.
        if (t.move == n.tt.move && (n.singularExtension > 0 || extension == 0))
            extension = std::max(extension, n.singularExtension);
        stack[ply + 1].doubleExtensions = ss.doubleExtensions + (extension >= 2);
        const int newDepth = depth - 1 + extension;

        // Step 13. Late move reductions for quiet moves after the first few, then principal
        // variation search: zero window first, full window on a surprise.
        auto childCut
            = [&](bool alternatingCut) { return t.turnPassed ? alternatingCut : !alternatingCut; };
        auto zws = [&](Value a, Value b) {
            return search(a, b, newDepth, ply + 1, false, childCut(!n.cutNode));
        };
        auto pvs = [&](Value a, Value b) { return search(a, b, newDepth, ply + 1, true, false); };
        Value v;
        if (depth >= params::LmrMinDepth && t.number > 1 + n.pvNode && !t.noisy && !t.givesCheck) {
            int r = reductions[std::min(depth, 63)][std::min(t.number, 63)];
            r += !n.pvNode + n.cutNode - n.improving;
            r -= quiet_history(
                     &memory.history, n.cont, n.followUp, n.us, t.move.from(), t.move.to())
                / params::LmrHistoryDivisor;
            if (t.move == ss.killers[0] || t.move == ss.killers[1]) --r;
            const int reduced = std::clamp(newDepth - r, 1, newDepth);
            auto zwsReduced = [&](Value a, Value b) {
                return search(a, b, reduced, ply + 1, false, childCut(true));
            };
            v = child(n.us, zwsReduced, n.alpha, n.alpha + 1);
            if (v > n.alpha && reduced < newDepth) v = child(n.us, zws, n.alpha, n.alpha + 1);
        } else if (!n.pvNode || t.number > 1) v = child(n.us, zws, n.alpha, n.alpha + 1);
        else v = n.alpha + 1; // force the full-window search of the first PV move
        if (n.pvNode && (t.number == 1 || (v > n.alpha && v < n.beta)))
            v = child(n.us, pvs, n.alpha, n.beta);
        return v;
    }

    // Step 16 of search(): the evaluation's error, learnt where the result says more than
    // a bound on the wrong side of it and no capture decided it.
    void learn_correction(const Node& n, Value best, Move bestMove) {
        const Value staticEval = stack[n.ply].staticEval;
        if (!n.inCheck && !(bestMove && G::is_noisy(pos, bestMove))
            && std::abs(best) < VALUE_MATE_IN_MAX_PLY && !(best >= n.beta && best <= staticEval)
            && !(best <= n.originalAlpha && best >= staticEval))
            memory.correction.update(n.us, G::correction_key(pos), best - staticEval, n.depth);
    }

    // Step 8 of search(): the null move search. Its value when the node can be cut.
    std::optional<Value> null_move_cutoff(
        Value beta, int depth, int ply, bool cutNode, Value eval) {
        int r = params::NullMoveBaseReduction + depth / params::NullMoveDepthDivisor
            + std::min(params::NullMoveMaxEvalReduction, (eval - beta) / params::NullMoveEvalScale);
        Color us = pos.side_to_move();
        pos.do_null_move();
        stack[ply].move = Move();
        nodes.fetch_add(1, std::memory_order_relaxed);
        auto zws
            = [&](Value a, Value b) { return search(a, b, depth - r, ply + 1, false, !cutNode); };
        Value v = child(us, zws, beta - 1, beta);
        pos.undo_null_move();
        if (stopped()) return VALUE_ZERO;
        if (v < beta) return std::nullopt;
        if (v >= VALUE_MATE_IN_MAX_PLY) v = beta; // an unproven mate
        if (depth < params::NullMoveVerifyDepth) return v;
        // Verification at high depth, with null moves off for our side.
        nullMinPly = ply + 3 * (depth - r) / 4;
        Value verified = search(beta - 1, beta, depth - r, ply, false, false);
        nullMinPly = 0;
        if (verified >= beta) return v;
        return std::nullopt;
    }

    // Step 8a of search(): ProbCut. The good noisy moves that win at least the margin
    // over beta by static exchange, each checked by quiescence search first, then by a
    // reduced search; the first to beat the raised bound cuts the node (and is stored).
    std::optional<Value> probcut(
        Key key, Value beta, int depth, int ply, bool cutNode, Move ttMove, Value rawEval) {
        const Value probBeta = beta + params::ProbCutMargin;
        const Color us = pos.side_to_move();
        const int reduced = depth - params::ProbCutReduction;
        MovePicker<G> picker(pos, ttMove, &memory.captures); // good noisy moves only
        for (Move m = picker.next(); m; m = picker.next()) {
            if (!G::see_ge(pos, m, probBeta - stack[ply].staticEval)) continue;
            nodes.fetch_add(1, std::memory_order_relaxed);
            pos.do_move(m);
            shared.tt->prefetch(pos.key());
            stack[ply].move = m;
            auto qs = [&](Value a, Value b) { return qsearch(a, b, ply + 1, false); };
            Value v = child(us, qs, probBeta - 1, probBeta);
            if (v >= probBeta) {
                auto zws = [&](Value a, Value b) {
                    return search(a, b, reduced, ply + 1, false, !cutNode);
                };
                v = child(us, zws, probBeta - 1, probBeta);
            }
            pos.undo_move(m);
            if (stopped()) return VALUE_ZERO;
            if (v >= probBeta) {
                store_result(key, v, m, probBeta - 1, probBeta, rawEval, reduced + 1, ply);
                return v;
            }
        }
        return std::nullopt;
    }

    // Step 9a of search(): is the TT move singular? A search of the other moves at half
    // depth against a margin below the TT value says. The extension it earns, or the value
    // to cut the node with (multi-cut) when the others beat beta too.
    struct Singular {
        int extension = 0;
        std::optional<Value> cutoff;
    };
    Singular singular_test(
        Move ttMove, Value ttValue, Value beta, int depth, int ply, bool pvNode, bool cutNode) {
        Value singularBeta = ttValue - params::SingularMargin * depth / 8;
        stack[ply].excluded = ttMove;
        Value v = search(singularBeta - 1, singularBeta, (depth - 1) / 2, ply, false, cutNode);
        stack[ply].excluded = Move();
        if (stopped()) return {0, VALUE_ZERO};
        if (v < singularBeta) {
            bool twoPlies = !pvNode && v < singularBeta - params::DoubleExtensionMargin
                && stack[ply].doubleExtensions < params::MaxDoubleExtensions;
            return {twoPlies ? 2 : 1, std::nullopt};
        }
        if (singularBeta >= beta) return {0, singularBeta};
        if (ttValue >= beta) return {-1, std::nullopt};
        return {};
    }

    // A cutoff's history bonus (and the malus of the moves tried before it) at this depth
    // (16 at depth 1, up to 1600 from depth 10).
    static int history_bonus(int depth) {
        return std::min(depth * depth * params::HistoryBonusScale, params::HistoryBonusMax);
    }

    // Step 14 of search(): a quiet move that cut becomes a killer and the counter move of
    // the previous one, and gains history; the quiets tried before it lose as much.
    void reward_quiet_cutoff(Stack& ss, Color us, Move m, Move previous, Move earlier, int depth,
        std::span<const Move> quietsBefore) {
        if (ss.killers[0] != m) {
            ss.killers[1] = ss.killers[0];
            ss.killers[0] = m;
        }
        if (previous) memory.counterMoves[previous.from()][previous.to()] = m.raw();
        const int bonus = history_bonus(depth);
        memory.history.update(us, m.from(), m.to(), bonus);
        if (previous) memory.continuation.update(previous.to(), m.from(), m.to(), bonus);
        if (earlier) memory.followUp.update(earlier.to(), m.from(), m.to(), bonus);
        for (Move q : quietsBefore) {
            memory.history.update(us, q.from(), q.to(), -bonus);
            if (previous) memory.continuation.update(previous.to(), q.from(), q.to(), -bonus);
            if (earlier) memory.followUp.update(earlier.to(), q.from(), q.to(), -bonus);
        }
    }

    // Step 14 of search(): the noisy move that cut (if any) gains capture history and the
    // noisy moves tried before the cutoff lose as much (games that use capture history).
    void reward_capture_cutoff(Color us, Move m, int depth, std::span<const Move> noisiesBefore) {
        if constexpr (G::hooks.captureHistoryDivisor > 0) {
            const int bonus = history_bonus(depth);
            if (m) memory.captures.update(us, m.from(), m.to(), bonus);
            for (Move q : noisiesBefore) memory.captures.update(us, q.from(), q.to(), -bonus);
        }
    }

    // Quiescence search: only noisy moves (all evasions in check) until the position is
    // quiet, standing pat on the static evaluation. Its TT entries have depth 0.
    Value qsearch(Value alpha, Value beta, int ply, bool pvNode, int qsPly = 0) {
        pvLength[ply] = 0;

        // Steps Q1 and Q2. Abort and limits; games decided by a rule, the maximal depth,
        // and the bound on capture sequences (games with several moves a turn can chain
        // many captures before the position calms down).
        bool inCheck = false;
        if (auto v = enter_node(ply, inCheck)) return *v;
        if (qsPly >= (G::alternating ? params::MaxQsearchPlies : params::MaxQsearchPliesTurns))
            return G::evaluate(pos);

        // Step Q3. Transposition table: any entry (every depth is at least 0) with a fitting
        // bound answers a zero-window node.
        const Key key = pos.key();
        const TTProbe tt = probe_tt(key, ply);
        if (!pvNode && tt.cuts(0, beta)) return tt.value;

        // Step Q4. Stand pat: out of check, the side to move may decline every capture.
        Value best = -VALUE_INFINITE, rawEval = VALUE_NONE, standPat = VALUE_NONE;
        if (!inCheck) {
            rawEval = tt.data.hit && tt.data.eval != VALUE_NONE ? tt.data.eval : G::evaluate(pos);
            offer_leaf();
            best = standPat = correct(rawEval);
            if (best >= beta) return best;
            alpha = std::max(alpha, best);
        }

        // Step Q5. The noisy moves (every evasion in check), best first.
        const Color us = pos.side_to_move();
        MovePicker<G> picker(pos, tt.move, &memory.captures);
        Move bestMove = Move();
        int moveCount = 0;
        const Value originalAlpha = alpha;
        for (Move m = picker.next(); m; m = picker.next()) {
            ++moveCount;
            // Step Q6. Delta pruning: even winning this capture's victim cannot reach alpha
            // (for games that can tell what a noisy move gains).
            if constexpr (G::hooks.noisyGain)
                if (!inCheck && standPat + params::QsDeltaMargin + G::noisy_gain(pos, m) <= alpha)
                    continue;
            nodes.fetch_add(1, std::memory_order_relaxed);
            pos.do_move(m);
            shared.tt->prefetch(pos.key());
            auto qs = [&](Value a, Value b) { return qsearch(a, b, ply + 1, pvNode, qsPly + 1); };
            Value v = child(us, qs, alpha, beta);
            pos.undo_move(m);
            if (stopped()) return VALUE_ZERO;
            if (raise_best(v, m, ply, pvNode, best, bestMove, alpha) && v >= beta) break;
        }
        // Step Q7. In check with no evasion: mated (or what the game says).
        if (inCheck && moveCount == 0) return G::no_moves_value(pos, ply);

        store_result(key, best, bestMove, originalAlpha, beta, rawEval, 0, ply);
        return best;
    }

    int id;
    SharedSearch& shared;
    Position pos;
    std::vector<RootMove> rootMoves;
    int rootPieces; // for the win/draw/loss model, with the side to move's colour
    bool rootWhite;
    int pvIndex = 0;
    int selDepth = 0;
    int completedDepth = 0;
    int nullMinPly = 0;
    std::atomic<std::uint64_t> nodes {0};
    std::atomic<std::uint64_t> tbHits {0};
    Stack stack[MAX_PLY + 4] = {};
    Move pvTable[MAX_PLY + 2][MAX_PLY + 2];
    int pvLength[MAX_PLY + 2] = {};
    int reductions[64][64] = {};
};

// A root the endgame tables hold: only the root moves of the best rank are searched (they
// keep the tables' verdict; by distance to zeroing when `exact`, so a win is converted
// within the fifty-move rule), each with the tables' value to report. With that ranking
// the search itself probes no further (its own mates come out better than a sea of equal
// table wins), except to find the way into a won ending when only win/draw/loss ranked
// the moves. Returns the probes made.
template <SearchGame G>
std::uint64_t rank_root_by_tables(const typename G::Position& root, SharedSearch& shared,
    std::vector<typename SearchWorker<G>::RootMove>& rootMoves) {
    if constexpr (G::hooks.tables) {
        TableSettings& t = shared.tables;
        if (!t.cardinality || rootMoves.empty() || G::table_pieces(root) > t.cardinality) return 0;
        const auto ranked = G::table_root(root, t.rule50);
        if (!ranked) return 0;
        int bestRank = std::numeric_limits<int>::min();
        for (auto& rm : rootMoves)
            for (const auto& r : ranked->moves)
                if (r.move == rm.move) {
                    rm.tableValue = r.value;
                    bestRank = std::max(bestRank, r.rank);
                }
        if (bestRank == std::numeric_limits<int>::min()) return 0; // the tables' moves differ
        std::erase_if(rootMoves, [&](const auto& rm) {
            return std::none_of(ranked->moves.begin(), ranked->moves.end(),
                [&](const auto& r) { return r.move == rm.move && r.rank == bestRank; });
        });
        if (ranked->exact || rootMoves.empty() || *rootMoves[0].tableValue <= VALUE_DRAW)
            t.cardinality = 0;
        return ranked->moves.size();
    } else return 0;
}

// Runs one search to completion (limits, `stop`, or a ponderhit-ended ponder) and
// reports the best move. Blocking: the Engine runs it on its worker thread.
template <SearchGame G>
void think(const typename G::Position& root, SharedSearch& shared, const SearchCallbacks& report) {
    using Worker = SearchWorker<G>;
    using Move = typename G::Move;

    // Root moves: every legal move, or those `searchmoves` names. Without `searchmoves`
    // the moves the game's search skips are left out, unless that would leave none.
    typename G::MoveList legal;
    G::generate_legal(root, legal);
    std::vector<typename Worker::RootMove> rootMoves;
    const auto& wanted = shared.limits.searchMoves;
    for (int pass = 0; pass < 2 && rootMoves.empty(); ++pass)
        for (Move m : legal) {
            if (!wanted.empty()
                && std::find(wanted.begin(), wanted.end(), root.move_text(m)) == wanted.end())
                continue;
            if constexpr (G::hooks.searchSkips)
                if (pass == 0 && wanted.empty() && G::search_skips(root, m)) continue;
            typename Worker::RootMove rm;
            rm.move = m;
            rm.pv.push_back(m);
            rootMoves.push_back(rm);
        }

    auto wait_for_release = [&] {
        // In infinite and ponder mode the best move waits for `stop` or `ponderhit`.
        while (!shared.stop->load() && (shared.limits.infinite || shared.ponder->load()))
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    };

    const std::uint64_t rootTableHits = rank_root_by_tables<G>(root, shared, rootMoves);

    if (rootMoves.empty()) {
        SearchInfo info;
        info.value = G::no_moves_value(root, 0);
        info.timeMs = elapsed_ms(shared.limits.start);
        report.info(info);
        wait_for_release();
        report.bestmove("(none)", "");
        return;
    }

    shared.tt->new_search();
    int threads = std::max(1, shared.options.threads);
    std::vector<std::unique_ptr<Worker>> workers;
    std::vector<Worker*> peers;
    for (int i = 0; i < threads; ++i) {
        workers.push_back(std::make_unique<Worker>(i, shared, root, rootMoves));
        peers.push_back(workers.back().get());
    }
    for (auto* w : peers) {
        w->peers = &peers;
        if (shared.memory) w->memory = *shared.memory;
    }
    workers[0]->add_table_hits(rootTableHits);

    std::vector<std::thread> helpers;
    for (int i = 1; i < threads; ++i)
        helpers.emplace_back([&, i] { workers[i]->iterate(nullptr); });
    workers[0]->iterate(&report);
    wait_for_release();
    shared.stop->store(true);
    for (auto& t : helpers) t.join();

    Worker& main = *workers[0];
    if (shared.memory) *shared.memory = main.memory;
    if (shared.skill.limited()) main.play_skill_choice(root.key());
    const auto& best = main.root_moves()[0];
    // The final line right before bestmove, as GUIs take the move's score from it.
    main.report_line(&report, std::max(1, main.completed_depth()), 0, BOUND_EXACT);
    std::string ponder;
    if (best.pv.size() >= 2) {
        typename G::Position p = root;
        p.do_move(best.pv[0]);
        ponder = p.move_text(best.pv[1]);
    }
    report.bestmove(root.move_text(best.move), ponder);
}

} // namespace hq
