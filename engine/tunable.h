// SPDX-License-Identifier: GPL-3.0-or-later
// Search numbers a tuner can reach. `HQ_TUNABLE(Name, value, min, max)` declares an int:
// a constant in every normal build, and in a tuning build (CMake -DHARLEQUIN_TUNE=ON) a
// variable that the UCI option of the same name sets (engine/options.cpp lists them after
// the ordinary options, as spins from min to max). The ranges are the tuner's bounds
// (bench/tune/spsa.py; docs/tuning.md, "SPSA"): wide enough for a tuner to move, narrow
// enough that no value breaks the search.
//
// A tuning build is for tuning only: its options are set between searches (as
// `harlequin match` and OpenBench's SPSA do), and a constant the compiler can no longer
// fold costs it a little speed. Normal builds do not declare the options.
#pragma once

#include <string_view>
#include <vector>

namespace hq {

struct Tunable {
    std::string_view name;
    int* value;
    int defaultValue, min, max;
};

#ifdef HARLEQUIN_TUNE
// Every tunable of the program, in the order their declarations ran (within a header,
// their order in it).
inline std::vector<Tunable>& tunables() {
    static std::vector<Tunable> all;
    return all;
}
inline bool register_tunable(Tunable t) {
    tunables().push_back(t);
    return true;
}
#define HQ_TUNABLE(NAME, VALUE, MIN, MAX)                                                          \
    static_assert((MIN) <= (VALUE) && (VALUE) <= (MAX), #NAME " lies outside its range");          \
    inline int NAME = VALUE;                                                                       \
    inline const bool NAME##Registered = ::hq::register_tunable({#NAME, &NAME, VALUE, MIN, MAX})
#else
inline std::vector<Tunable>& tunables() {
    static std::vector<Tunable> none;
    return none;
}
#define HQ_TUNABLE(NAME, VALUE, MIN, MAX)                                                          \
    static_assert((MIN) <= (VALUE) && (VALUE) <= (MAX), #NAME " lies outside its range");          \
    constexpr int NAME = VALUE
#endif

} // namespace hq
