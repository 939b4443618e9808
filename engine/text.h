// SPDX-License-Identifier: GPL-3.0-or-later
// Small text helpers shared by the games' FEN readers, the protocol front-ends and the
// command line.
#pragma once

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hq {

// The words of `s`, split on any run of whitespace (spaces, tabs, a trailing '\r'), as
// views into `s`.
[[nodiscard]] inline std::vector<std::string_view> split_views(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
    while (i < s.size()) {
        while (i < s.size() && space(s[i])) ++i;
        std::size_t j = i;
        while (j < s.size() && !space(s[j])) ++j;
        if (j > i) out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

// The same words as strings.
[[nodiscard]] inline std::vector<std::string> split_words(std::string_view s) {
    auto views = split_views(s);
    return {views.begin(), views.end()};
}

// The lines of a text of several (a notice to show: each becomes its own `info string` or
// `telluser`), as views into `s`; none for an empty text.
[[nodiscard]] inline std::vector<std::string_view> split_lines(std::string_view s) {
    std::vector<std::string_view> out;
    while (!s.empty()) {
        const std::size_t end = std::min(s.find('\n'), s.size());
        out.push_back(s.substr(0, end));
        s.remove_prefix(std::min(end + 1, s.size()));
    }
    return out;
}

[[nodiscard]] inline std::string to_lower(std::string_view s) {
    std::string out(s);
    std::transform(
        out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

// Joins words[from, to) with single spaces.
inline std::string join_words(
    const std::vector<std::string>& words, std::size_t from, std::size_t to) {
    std::string out;
    for (std::size_t i = from; i < to && i < words.size(); ++i) {
        if (!out.empty()) out += ' ';
        out += words[i];
    }
    return out;
}

// A whole-string integer, or nothing.
template <typename Int> [[nodiscard]] std::optional<Int> parse_number(std::string_view t) {
    Int v {};
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc() || p != t.data() + t.size()) return std::nullopt;
    return v;
}

// A whole-string integer; one too large for Int (`go depth 99999999999999999999`) is taken
// as Int's largest (or, negative, its smallest) value: for a search limit that is what the
// user meant, and the caller clamps it to its own range.
template <typename Int> [[nodiscard]] std::optional<Int> parse_saturating(std::string_view t) {
    Int v {};
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (p != t.data() + t.size()) return std::nullopt;
    if (ec == std::errc::result_out_of_range)
        return t.starts_with('-') ? std::numeric_limits<Int>::min()
                                  : std::numeric_limits<Int>::max();
    if (ec != std::errc()) return std::nullopt;
    return v;
}

} // namespace hq
