# SPDX-License-Identifier: GPL-3.0-or-later
# The README's commands: `make bench` and `make test` install the Debian packages they need
# when missing (.ci/deps), configure a Release build and build it; CMake does the rest.
#
# Plain `make` (OpenBench's workers run `make -j EXE=<name> CXX=<compiler> [EVALFILE=<net>]`
# on an unpacked zipball, as a user without root) installs nothing and builds the engine
# alone: no tests, no web server. It needs cmake, a C++20 compiler and fmt, and names the
# one missing.
#   EXE=path        copy the engine there
#   CXX=compiler    build with it (passed to CMake)
#   EVALFILE=net    build that chess network in instead of variants/chess/nnue/default.nnue
#   ARCH=level      native (default), x86-64 (any x86-64 CPU: SSE2), x86-64-sse41-popcnt,
#                   x86-64-avx2, x86-64-bmi2, x86-64-avx512, generic (docs/building.md)
#   TUNE=1          a tuning build: the search's numbers as UCI options (docs/tuning.md,
#                   section 5; for OpenBench's SPSA, a branch sets TUNE ?= 1 here)
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
EXE ?=
EVALFILE ?=
ARCH ?=
TUNE ?=
CMAKE_FLAGS ?=
CTEST_FLAGS ?=
ifeq ($(CI),true)
CMAKE_FLAGS += -DHARLEQUIN_WERROR=ON
endif
ifneq ($(origin CXX),default)
CMAKE_FLAGS += -DCMAKE_CXX_COMPILER=$(CXX)
endif
ifneq ($(EVALFILE),)
CMAKE_FLAGS += -DHARLEQUIN_EVALFILE=$(abspath $(EVALFILE))
else
CMAKE_FLAGS += -DHARLEQUIN_EVALFILE=$(CURDIR)/variants/chess/nnue/default.nnue
endif
ifneq ($(ARCH),)
CMAKE_FLAGS += -DHARLEQUIN_ARCH=$(ARCH)
endif
# Always given, so that a build folder configured once as a tuning build does not stay one.
ifeq ($(TUNE),1)
CMAKE_FLAGS += -DHARLEQUIN_TUNE=ON
else
CMAKE_FLAGS += -DHARLEQUIN_TUNE=OFF
endif
CONFIGURE = cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

.PHONY: all engine tools bench test serve perft-speed format clean

all: engine

# Names what the plain build needs when it is missing, instead of a shell error.
tools:
	@command -v cmake >/dev/null || { echo "error: cmake is missing (Debian: apt-get install cmake; make bench installs it)"; exit 1; }
	@command -v $(CXX) >/dev/null || { echo "error: the C++ compiler '$(CXX)' is missing (Debian: apt-get install g++)"; exit 1; }

engine: tools
	$(CONFIGURE) -DHARLEQUIN_SERVE=OFF -DHARLEQUIN_TESTS=OFF
	cmake --build $(BUILD) -j $(JOBS) --target harlequin
ifneq ($(EXE),)
	cp $(BUILD)/harlequin $(EXE)
endif

bench:
	bash .ci/deps engine
	$(MAKE) --no-print-directory engine
	./$(BUILD)/harlequin bench

test:
	bash .ci/deps test
	$(CONFIGURE) -DHARLEQUIN_SERVE=ON -DHARLEQUIN_TESTS=ON
	cmake --build $(BUILD) -j $(JOBS)
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) $(CTEST_FLAGS)

# The browser page for every game (docs/serve.md).
serve:
	bash .ci/deps serve
	$(CONFIGURE) -DHARLEQUIN_SERVE=ON
	cmake --build $(BUILD) -j $(JOBS) --target harlequin
	./$(BUILD)/harlequin serve

# Perft speed against Debian's stockfish, back to back (bench/perft_speed.py).
perft-speed: engine
	python3 bench/perft_speed.py --harlequin ./$(BUILD)/harlequin

format:
	clang-format -i $$(git ls-files '*.h' '*.cpp')

clean:
	rm -rf $(BUILD)
