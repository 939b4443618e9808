// SPDX-License-Identifier: GPL-3.0-or-later
#include "pgn.h"

#include "engine/text.h"

#include <cctype>
#include <fmt/format.h>
#include <optional>

namespace hq {

namespace {

constexpr std::size_t LineWidth = 79;

const char* const SevenTagRoster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

std::string escape_tag(const std::string& v) {
    std::string out;
    for (char c : v) {
        if (c == '"' || c == '\\') out += '\\';
        if (c == '\n' || c == '\r') c = ' ';
        out += c;
    }
    return out;
}

// A comment may not contain its closing brace.
std::string comment_token(const std::string& text) {
    std::string out = "{";
    for (char c : text) out += c == '}' ? ')' : (c == '\n' || c == '\r' ? ' ' : c);
    return out + "}";
}

// Appends tokens to lines no longer than LineWidth (a token longer than that, a long
// comment, is split at its spaces).
class Wrapper {
public:
    void add(const std::string& token) {
        for (const auto& word : split_words(token)) add_word(word);
    }
    std::string finish() {
        if (!line.empty()) text += line + "\n";
        line.clear();
        return text;
    }

private:
    void add_word(const std::string& w) {
        if (!line.empty() && line.size() + 1 + w.size() > LineWidth) {
            text += line + "\n";
            line.clear();
        }
        if (!line.empty()) line += ' ';
        line += w;
    }
    std::string text, line;
};

// SAN without check marks and annotations, castling with letters.
std::string plain_san(std::string_view s) {
    std::string out(s);
    while (!out.empty() && std::string_view("+#!?").find(out.back()) != std::string_view::npos)
        out.pop_back();
    if (out == "0-0") out = "O-O";
    if (out == "0-0-0") out = "O-O-O";
    return out;
}

} // namespace

int fen_fullmove(const std::string& fen) {
    auto words = split_words(fen);
    for (std::size_t i = words.size(); i-- > 1;)
        if (auto n = parse_number<int>(words[i])) return *n > 0 ? *n : 1;
    return 1;
}

void PgnGame::set_tag(const std::string& name, const std::string& value) {
    for (auto& [k, v] : tags)
        if (k == name) {
            v = value;
            return;
        }
    tags.emplace_back(name, value);
}

std::optional<std::string> PgnGame::tag(const std::string& name) const {
    for (const auto& [k, v] : tags)
        if (k == name) return v;
    return std::nullopt;
}

std::string pgn_text(const PgnGame& game) {
    std::string out;
    for (const char* name : SevenTagRoster) {
        std::string v = name == std::string("Result") ? result_text(game.result)
                                                      : game.tag(name).value_or("?");
        out += fmt::format("[{} \"{}\"]\n", name, escape_tag(v));
    }
    for (const auto& [k, v] : game.tags) {
        bool roster = false;
        for (const char* name : SevenTagRoster) roster |= k == name;
        if (!roster) out += fmt::format("[{} \"{}\"]\n", k, escape_tag(v));
    }
    out += "\n";

    Wrapper w;
    // The numbering state of a line: the move number, who moved last, how many single moves
    // the current turn has so far, and whether the next move needs its number written (the
    // first of a line, after a comment or a variation).
    struct Numbering {
        int number;
        std::optional<Color> last;
        std::size_t turnLength = 0;
        bool force = true;
        bool afterVariation = false; // within a turn, a Black single move then shows "N..."
    };
    auto writeLine = [&](auto& self, const std::vector<PgnMove>& moves,
                         const std::vector<PgnVariation>& variations, Numbering n) -> void {
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const PgnMove& m = moves[i];
            const Numbering before = n;
            bool newTurn = !n.last || m.side != *n.last;
            if (newTurn) {
                if (n.last && m.side == WHITE) ++n.number;
                if (m.side == WHITE) w.add(fmt::format("{}.", n.number));
                else if (n.force || n.turnLength > 1) w.add(fmt::format("{}...", n.number));
                n.turnLength = 0;
            } else if (n.afterVariation && m.side == BLACK) w.add(fmt::format("{}...", n.number));
            n.force = n.afterVariation = false;
            n.last = m.side;
            ++n.turnLength;
            w.add(m.san);
            if (!m.comment.empty()) {
                w.add(comment_token(m.comment));
                n.force = true;
            }
            for (const auto& v : variations) {
                if (v.at != i) continue;
                w.add("(");
                Numbering inner = before;
                inner.force = true;
                self(self, v.moves, v.variations, inner);
                w.add(")");
                n.force = n.afterVariation = true;
            }
        }
    };
    writeLine(writeLine, game.moves, game.variations, {fen_fullmove(game.fen), {}, 0, true, false});
    if (!game.finalComment.empty()) w.add(comment_token(game.finalComment));
    w.add(result_text(game.result));
    return out + w.finish() + "\n";
}

namespace {

// The PGN reader's state over one text: where it is, the line (for messages), the game being
// read and the games done. Each method reads one kind of token at `i` and returns false
// with `error` set on a syntax error.
struct PgnReader {
    const std::string& text;
    PgnReadResult out;
    PgnRecord cur;
    bool inGame = false; // tags or moves seen since the last result
    int line = 1;
    std::size_t i = 0;

    bool fail(const std::string& what) {
        out.error = fmt::format("line {}: {}", line, what);
        return false;
    }
    void finish() {
        out.games.push_back(std::move(cur));
        cur = PgnRecord {};
        inGame = false;
    }
    bool space(char c) const { return std::isspace(static_cast<unsigned char>(c)) != 0; }

    // [Name "value"]
    bool tag() {
        const std::size_t n = text.size();
        if (!cur.moves.empty()) return fail("tag after the movetext (missing result?)");
        std::size_t j = i + 1;
        while (j < n && space(text[j])) ++j;
        std::size_t k = j;
        while (k < n && (std::isalnum(static_cast<unsigned char>(text[k])) || text[k] == '_')) ++k;
        std::string name = text.substr(j, k - j);
        while (k < n && space(text[k])) ++k;
        if (name.empty() || k >= n || text[k] != '"') return fail("malformed tag");
        std::string value;
        for (++k; k < n && text[k] != '"'; ++k) {
            if (text[k] == '\\' && k + 1 < n) ++k;
            if (text[k] == '\n') return fail("unterminated tag value");
            value += text[k];
        }
        if (k >= n) return fail("unterminated tag value");
        ++k;
        while (k < n && text[k] != ']' && text[k] != '\n') ++k;
        if (k >= n || text[k] != ']') return fail("tag without ']'");
        cur.tags[name] = value;
        inGame = true;
        i = k + 1;
        return true;
    }

    // {comment}: kept in order, and after the move it follows.
    bool brace_comment() {
        std::size_t j = text.find('}', i);
        if (j == std::string::npos) return fail("unterminated comment");
        std::string body = text.substr(i + 1, j - i - 1);
        for (char b : body) line += b == '\n';
        auto w = split_words(body); // a comment's line breaks are only the writer's wrapping
        cur.comments.push_back(join_words(w, 0, w.size()));
        if (!cur.moves.empty()) {
            std::string& after = cur.moveComments.back();
            after += (after.empty() ? "" : " ") + cur.comments.back();
        }
        i = j + 1;
        return true;
    }

    // (variation), nested ones too: skipped.
    bool variation() {
        const std::size_t n = text.size();
        int depth = 0;
        for (; i < n; ++i) {
            if (text[i] == '\n') ++line;
            if (text[i] == '{') {
                std::size_t j = text.find('}', i);
                if (j == std::string::npos) return fail("unterminated comment");
                for (std::size_t k = i; k < j; ++k) line += text[k] == '\n';
                i = j;
            } else if (text[i] == '(') ++depth;
            else if (text[i] == ')' && --depth == 0) break;
        }
        if (i >= n) return fail("unterminated variation");
        ++i;
        return true;
    }

    // A move, a move number, a NAG or the result.
    bool token() {
        std::size_t j = i;
        while (j < text.size() && !space(text[j])
            && std::string_view("{}()[];").find(text[j]) == std::string_view::npos)
            ++j;
        std::string tok = text.substr(i, j - i);
        i = j;
        if (tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*") {
            cur.resultToken = tok;
            finish();
            return true;
        }
        inGame = true;
        if (tok[0] == '$') return true; // NAG
        // Move number indications: "12." "12..." or glued "12.e4".
        std::size_t k = 0;
        while (k < tok.size() && std::isdigit(static_cast<unsigned char>(tok[k]))) ++k;
        if (k > 0 && k < tok.size() && tok[k] == '.') {
            while (k < tok.size() && tok[k] == '.') ++k;
            tok = tok.substr(k);
        } else if (k == tok.size()) return fail(fmt::format("unexpected number '{}'", tok));
        while (!tok.empty() && tok[0] == '.') tok.erase(0, 1);
        if (tok.empty()) return true;
        cur.moves.push_back(tok);
        cur.moveComments.emplace_back();
        return true;
    }

    bool step() {
        const char c = text[i];
        if (c == '\n') return ++line, ++i, true;
        if (space(c)) return ++i, true;
        if (c == '%' && (i == 0 || text[i - 1] == '\n')) { // escape line
            while (i < text.size() && text[i] != '\n') ++i;
            return true;
        }
        if (c == ';') { // comment to end of line
            std::size_t j = text.find('\n', i);
            cur.comments.push_back(text.substr(i + 1, j == std::string::npos ? j : j - i - 1));
            i = j == std::string::npos ? text.size() : j;
            return true;
        }
        if (c == '[') return tag();
        if (c == '{') return brace_comment();
        if (c == '(') return variation();
        if (c == ')') return fail("unmatched ')'");
        return token();
    }
};

} // namespace

PgnReadResult read_pgn(const std::string& text) {
    PgnReader r {text, {}, {}};
    while (r.i < text.size())
        if (!r.step()) return r.out;
    if (r.inGame) r.finish(); // a last game without result token
    return r.out;
}

std::optional<Referee::MoveNames> resolve_move(const Referee& referee, std::string_view token) {
    if (auto names = referee.describe(token)) return names;
    std::string want = plain_san(token);
    if (want.empty()) return std::nullopt;
    for (const auto& m : referee.legal_moves()) {
        auto names = referee.describe(m);
        if (names && plain_san(names->san) == want) return names;
    }
    return std::nullopt;
}

} // namespace hq
