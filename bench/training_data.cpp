// SPDX-License-Identifier: GPL-3.0-or-later
#include "training_data.h"

#include "engine/text.h"
#include "variants/registry.h"

#include <algorithm>
#include <fmt/format.h>
#include <fstream>
#include <vector>

namespace hq::training {

namespace {

void put_u16(std::string& s, unsigned v) {
    s += char(v & 0xFF);
    s += char((v >> 8) & 0xFF);
}
void put_u32(std::string& s, std::uint32_t v) {
    put_u16(s, v & 0xFFFF);
    put_u16(s, v >> 16);
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

// The '|'-separated fields of a line, trimmed.
std::vector<std::string_view> fields_of(std::string_view line) {
    std::vector<std::string_view> out;
    for (std::size_t at = 0;;) {
        std::size_t bar = line.find('|', at);
        out.push_back(trimmed(line.substr(at, bar == line.npos ? line.npos : bar - at)));
        if (bar == line.npos) return out;
        at = bar + 1;
    }
}

} // namespace

std::string header(std::string_view game, const GameProbe& probe) {
    const int inputs = probe.network_inputs();
    std::string s = "HQTD";
    put_u32(s, Version);
    put_u32(s, std::uint32_t(inputs));
    std::string name(game.substr(0, GameNameBytes));
    name.resize(GameNameBytes, '\0');
    s += name;
    for (int f = 0; f < inputs; ++f) put_u16(s, unsigned(probe.mirror(f)));
    return s;
}

AppendCheck check_for_append(
    const std::string& path, std::string_view game, const GameProbe& probe) {
    AppendCheck r;
    if (probe.network_inputs() == 0) {
        r.error = fmt::format("{} has no network features, so no binary training data: "
                              "write text (an -out name not ending in .bin)",
            game);
        return r;
    }
    const std::string want = header(game, probe);
    std::ifstream in(path, std::ios::binary);
    std::string have(want.size(), '\0');
    if (!in || !in.read(have.data(), std::streamsize(have.size()))) {
        if (in.gcount() == 0) { // missing or empty: a new file
            r.writeHeader = true;
            return r;
        }
        have.resize(std::size_t(in.gcount()));
    }
    if (have != want) {
        std::string theirs = have.size() >= 28 && have.starts_with("HQTD")
            ? have.substr(12, GameNameBytes).c_str()
            : std::string();
        const bool older = have.size() >= 8 && have.starts_with("HQTD") && have[4] == 1;
        r.error = older ? fmt::format("{} is HQTD v1 training data (no piece counts), which is not "
                                      "appended to; give a new file (the trainer reads both)",
                      path)
            : theirs.empty()
            ? fmt::format(
                "{} is not {} training data (HQTD v{}); give a new file", path, game, Version)
            : fmt::format("{} holds {} training data with other inputs, not {}'s; give a new "
                          "file",
                path, theirs, game);
    }
    return r;
}

void append_record(std::string& out, const GameProbe& probe, int whiteScore, double whiteResult) {
    std::vector<int> features(std::size_t(probe.max_features()));
    const int n = probe.features(WHITE, features.data());
    const int result = whiteResult > 0.75 ? 2 : whiteResult > 0.25 ? 1 : 0;
    out += char(n);
    out += char((probe.side_to_move() == BLACK ? 1 : 0) | result << 1);
    put_u16(out, unsigned(std::uint16_t(std::int16_t(std::clamp(whiteScore, -32767, 32767)))));
    out += char(std::min(probe.board_pieces(), 255));
    for (int i = 0; i < n; ++i) put_u16(out, unsigned(features[std::size_t(i)]));
}

ConvertStats convert_text(const std::string& in, const std::string& out, std::string_view game) {
    ConvertStats st;
    auto probe = make_probe(std::string(game));
    std::ifstream text(in);
    if (!text) {
        st.error = in + ": cannot be read";
        return st;
    }
    AppendCheck check = check_for_append(out, game, *probe);
    if (!check.error.empty()) {
        st.error = check.error;
        return st;
    }
    std::string bytes = check.writeHeader ? header(game, *probe) : std::string();
    std::string line;
    for (std::int64_t number = 1; std::getline(text, line); ++number) {
        if (trimmed(line).empty()) continue;
        auto fail = [&](std::string why) {
            st.error = fmt::format("{}:{}: {}", in, number, why);
            st.positions = 0;
            return st;
        };
        auto fields = fields_of(line);
        if (fields.size() < 3 || fields[0].empty()) return fail("not 'FEN | score | result'");
        auto score = parse_number<int>(fields[1]);
        const std::string res(fields[2]);
        if (!score) return fail(fmt::format("score '{}' is not a whole number", fields[1]));
        if (res != "1.0" && res != "0.5" && res != "0.0" && res != "1" && res != "0")
            return fail(fmt::format("result '{}' is not 1.0, 0.5 or 0.0", res));
        if (auto err = probe->set_position(fields[0])) return fail("bad FEN: " + *err);
        append_record(bytes, *probe, *score, std::stod(res));
        ++st.positions;
    }
    std::ofstream o(out, std::ios::binary | std::ios::app);
    if (!(o << bytes) || !o.flush()) {
        st.error = "cannot write " + out;
        st.positions = 0;
    }
    return st;
}

} // namespace hq::training
