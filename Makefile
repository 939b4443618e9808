# SPDX-License-Identifier: GPL-3.0-or-later
# The README's two commands: `make bench` and `make test`. Both install the Debian build
# dependencies when missing, configure a Release build and build it; CMake does the rest.
BUILD ?= build
JOBS ?= 2
# OpenBench builds with `make EXE=<path>`: the engine is copied to that path.
EXE ?=
CMAKE_FLAGS ?=
ifeq ($(CI),true)
CMAKE_FLAGS += -DHARLEQUIN_WERROR=ON
endif

.PHONY: all deps build bench test serve perft-speed format clean

all: build

deps:
	@./.ci/deps

build: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)
ifneq ($(EXE),)
	cp $(BUILD)/harlequin $(EXE)
endif

bench: build
	./$(BUILD)/harlequin bench

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The browser page for every game (README: Playing in the browser).
serve: build
	./$(BUILD)/harlequin serve

# Perft speed against Debian's stockfish, back to back (bench/perft_speed.py).
perft-speed: build
	python3 bench/perft_speed.py --harlequin ./$(BUILD)/harlequin

format:
	clang-format -i $$(git ls-files '*.h' '*.cpp')

clean:
	rm -rf $(BUILD)
