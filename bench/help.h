// SPDX-License-Identifier: GPL-3.0-or-later
// What `harlequin --help`, `harlequin help [COMMAND]` and `harlequin COMMAND --help` print:
// each command-line run's one-line summary, usage and options. The table of commands and
// the functions that run them is bench/main.cpp's; this is their text, in one place so
// that a command and its help are found together.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace hq {

struct CommandHelp {
    std::string_view name;
    std::string_view summary; // one line, for the list of commands
    std::string_view usage;   // "harlequin perft <depth> [--variant V] ..."
    std::string_view options; // one option a line, then notes
};

// Every command, in the order `harlequin --help` lists them.
std::span<const CommandHelp> command_helps();
// A command's help, or nullptr when there is no such command.
const CommandHelp* find_command_help(std::string_view name);

// The list of commands with one line each, and how to get more.
std::string overview_text();
// A command's usage and options.
std::string command_help_text(const CommandHelp& help);

// Whether the words after a command ask for its help: the first is `--help` or `-h`, or
// any is `--help`.
bool asks_for_help(std::span<const std::string> args);

} // namespace hq
