# Thin wrapper over CMake: `make run` (the main job) and `make test` both install
# what is missing, build, then run. See README.md.
BUILD   ?= build
JOBS    ?= $(shell nproc)
APT_PKGS = build-essential cmake pkg-config verilator yosys iverilog libjansson-dev libcurl4-openssl-dev \
           clang-19 libclang-rt-19-dev lld-19 qemu-user slurm-wlm munge zlib1g-dev gtkwave xvfb chromium \
           libsystemc-dev python3
SUDO    := $(if $(filter 0,$(shell id -u)),,sudo)

.PHONY: all deps build run test perf golden fuzz rvv-campaign vliw-campaign vliw-cosim-baselines vliw-synth clean

all: build

# Installs only when a package is missing, so repeated runs cost nothing.
deps:
	@missing=$$(for p in $(APT_PKGS); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release
	cmake --build $(BUILD) -j $(JOBS)

run: build
	./$(BUILD)/kc run

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# Figures, never assertions: kc perf (simulation speed on the busiest baselines,
# evaluation latency, the sweep) and the RTL-only speed of a synthetic DMA + vexp kernel.
perf: build
	./$(BUILD)/kc perf
	./$(BUILD)/tests/harness/test_npu_sim $(BUILD)/tests/harness --speed

# Rewrites the golden cycles files (tests/golden/<platform>.tsv: every baseline's
# cycles and counters, which ctest -R golden checks) from the RTL. Run it when a
# change of cycles is intended, and commit the files with the change.
GOLDEN_PLATFORMS ?= npu rvv vliw
golden: build
	@for p in $(GOLDEN_PLATFORMS); do \
	  ./$(BUILD)/tests/golden/golden_cycles --write tests/golden/$$p.tsv --platform $$p --jobs $(JOBS) || exit 1; \
	done

# Every libFuzzer target for FUZZ_SECONDS each (ctest runs them for 30 s); the
# corpora grow in $(BUILD)/fuzz/corpus, findings land in $(BUILD)/fuzz/artifacts.
FUZZ_SECONDS ?= 600
fuzz: deps
	tests/fuzz/run_fuzz.sh build $(CURDIR) $(CURDIR)/$(BUILD)/fuzz
	tests/fuzz/run_fuzz.sh run $(CURDIR) $(CURDIR)/$(BUILD)/fuzz all $(FUZZ_SECONDS)

# The rvv random co-simulation campaign (RVV_COUNT programs from RVV_SEED): on
# the RTL when the rvv model is built (kc cosim --platform rvv --random; prints
# divergences, then the summary and how often each isa/rvv.def row retired), else,
# or with RVV_SELF=1, QEMU against itself (tests/rvv_ref: the generator and the
# reference alone).
RVV_COUNT ?= 2000
RVV_SEED ?= 1
RVV_SELF ?= 0
rvv-campaign: build
	@if [ "$(RVV_SELF)" = 0 ] && ./$(BUILD)/kc cosim --platform rvv --help >/dev/null 2>&1; then \
	  nice -n 5 ./$(BUILD)/kc cosim --platform rvv --random --count $(RVV_COUNT) --seed $(RVV_SEED) -q --coverage; \
	else \
	  nice -n 5 ./$(BUILD)/tests/rvv_ref/rvv_ref_test self tests/rvv_ref $(RVV_SEED) $(RVV_COUNT); \
	fi

# The vliw array's 2,000-program RTL-vs-ISS campaign (isa/vliw_rgen.c, DMA
# included; ctest runs 25 of them: vliw_plat.cosim_random_dma).
VLIW_COUNT ?= 2000
VLIW_SEED ?= 1
vliw-campaign: build
	nice -n 5 ./$(BUILD)/kc cosim --platform vliw --random --count $(VLIW_COUNT) --seed $(VLIW_SEED) -q --coverage

# The 40 vliw template baselines (8 tasks x C1..C5, seed VLIW_SEED) in lock step
# on the RTL against the ISS (scripts/vliw_cosim_baselines.sh; exit 1 on any
# divergence). Minutes, not a ctest.
vliw-cosim-baselines: build
	scripts/vliw_cosim_baselines.sh -b $(BUILD) -s $(VLIW_SEED)

# Gate-level synthesis of one vliw tile, hierarchical (tests/vliw/synth_tile.sh):
# cells, flip-flops and logic levels per unit (rtl/vliw/vliw_core.md
# "Synthesis"). Tens of minutes with the SFU lane (KC_SYNTH_BLACKBOX= to keep
# it), so a target rather than a ctest; the units' flattened checks are ctests.
vliw-synth: deps
	KC_SYNTH_FAST=1 KC_SYNTH_BLACKBOX=$${KC_SYNTH_BLACKBOX-kc_sfu_lane} nice -n 5 tests/vliw/synth_tile.sh $(CURDIR) vliw_tile

clean:
	rm -rf $(BUILD)
