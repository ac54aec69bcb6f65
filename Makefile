# mst-suite: build everything into bin/.  `make CI=1` turns warnings into errors.
CC      ?= gcc
OPT     ?= -O3 -march=native
CFLAGS  ?= $(OPT) -g
COMMON_INC := -Icommon/core -Icommon/io -Icommon/harness
CFLAGS  += -std=c11 -D_GNU_SOURCE -Wall -Wextra -Wstrict-prototypes -Wshadow $(COMMON_INC)
ifeq ($(CI),1)
CFLAGS  += -Werror
endif
LDLIBS  += -lz -lm

BUILD   := build
BIN     := bin

COMMON_SRC := $(filter-out common/harness/main.c,$(wildcard common/*/*.c))
COMMON_OBJ := $(COMMON_SRC:%.c=$(BUILD)/%.o)
LIBMST     := $(BUILD)/libmst.a

SEQ_SRC    := $(wildcard seq/*.c)
SEQ_OBJ    := $(SEQ_SRC:%.c=$(BUILD)/%.o)

UNIT_SRC   := $(wildcard tests/unit/*.c)
UNIT_OBJ   := $(UNIT_SRC:%.c=$(BUILD)/%.o)

OMP_SRC    := $(wildcard openmp/*.c)
OMP_OBJ    := $(OMP_SRC:%.c=$(BUILD)/%.o)
GEN_SRC    := $(wildcard gen/*.c)
GEN_OBJ    := $(GEN_SRC:%.c=$(BUILD)/%.o)
OPENMP     ?= -fopenmp

MPI_SRC    := $(wildcard mpi/*.c)
MPI_OBJ    := $(MPI_SRC:%.c=$(BUILD)/%.o)
MPICC      ?= mpicc
CUDA_SRC   := $(wildcard cuda/*.cu)
CUDA_CSRC  := $(wildcard cuda/*.c)
CUDA_OBJ   := $(CUDA_SRC:%.cu=$(BUILD)/%.o) $(CUDA_CSRC:%.c=$(BUILD)/%.o)
NVCC       ?= $(shell command -v nvcc || echo /usr/local/cuda/bin/nvcc)
CUDA_ARCH  ?= -gencode arch=compute_90,code=sm_90 -gencode arch=compute_90,code=compute_90
NVCCFLAGS  ?= -O3 -std=c++17 $(CUDA_ARCH) $(COMMON_INC) -Xcompiler -Wall,-Wextra
HAVE_NVCC  := $(if $(wildcard $(NVCC)),1,)

SOLVERS := $(BIN)/mst-seq $(if $(OMP_SRC),$(BIN)/mst-omp) $(if $(MPI_SRC),$(BIN)/mst-mpi) \
           $(if $(and $(CUDA_SRC),$(HAVE_NVCC)),$(BIN)/mst-cuda)
TOOLS   := $(BIN)/mst-verify $(if $(wildcard tools/convert.c),$(BIN)/mst-convert) \
           $(if $(GEN_SRC),$(BIN)/mst-gen)

.PHONY: all run test unit e2e bench report graphs clean setup tsan
all: $(SOLVERS) $(TOOLS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(LIBMST): $(COMMON_OBJ)
	@rm -f $@
	ar rcs $@ $^

# Every solver executable is the shared harness (common/harness/main.c) plus one solver folder.
$(BIN)/mst-seq: $(BUILD)/common/harness/main.o $(SEQ_OBJ) $(LIBMST)
	@mkdir -p $(BIN)
	$(CC) $(CFLAGS) $^ -o $@ $(LDLIBS)

$(OMP_OBJ) $(GEN_OBJ): CFLAGS += $(OPENMP)

$(BIN)/mst-omp: $(BUILD)/common/harness/main.o $(OMP_OBJ) $(LIBMST)
	@mkdir -p $(BIN)
	$(CC) $(CFLAGS) $(OPENMP) $^ -o $@ $(LDLIBS)

# MPI: the solver's files compile with mpicc; the link goes through mpicc too.
$(MPI_OBJ): $(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(MPICC) $(CFLAGS) -MMD -MP -c $< -o $@

$(BIN)/mst-mpi: $(BUILD)/common/harness/main.o $(MPI_OBJ) $(LIBMST)
	@mkdir -p $(BIN)
	$(MPICC) $(CFLAGS) $^ -o $@ $(LDLIBS)

# CUDA: .cu files through nvcc (host flags apart, TOOLCHAIN.md), linked by nvcc.
$(BUILD)/cuda/%.o: cuda/%.cu
	@mkdir -p $(dir $@)
	$(NVCC) $(NVCCFLAGS) -MMD -MP -c $< -o $@

$(BIN)/mst-cuda: $(BUILD)/common/harness/main.o $(CUDA_OBJ) $(LIBMST)
	@mkdir -p $(BIN)
	$(NVCC) $(NVCCFLAGS) $^ -o $@ -lz -lm

$(BIN)/mst-gen: $(GEN_OBJ) $(LIBMST)
	@mkdir -p $(BIN)
	$(CC) $(CFLAGS) $(OPENMP) $^ -o $@ $(LDLIBS)

$(BIN)/mst-convert: $(BUILD)/tools/convert.o $(LIBMST)
	@mkdir -p $(BIN)
	$(CC) $(CFLAGS) $^ -o $@ $(LDLIBS)

$(BIN)/mst-verify: $(BUILD)/tools/verify.o $(LIBMST)
	@mkdir -p $(BIN)
	$(CC) $(CFLAGS) $^ -o $@ $(LDLIBS)

$(BIN)/unit-tests: $(UNIT_OBJ) $(SEQ_OBJ) $(LIBMST)
	@mkdir -p $(BIN)
	$(CC) $(CFLAGS) $^ -o $@ $(LDLIBS) -lcriterion

# The main job: every built solver on the USA-road NY graph, one comparison table.
run:
	scripts/setup.sh run
	$(MAKE) all
	/usr/bin/python3 scripts/main_job.py

setup:
	scripts/setup.sh

unit: $(BIN)/unit-tests
	$(BIN)/unit-tests

e2e: all
	/usr/bin/python3 tests/e2e/test_e2e.py

# Installs what is missing, builds, runs unit then end-to-end tests; the last line is one
# "N passed, M failed" summary.
test:
	scripts/setup.sh test
	$(MAKE) all $(BIN)/unit-tests
	$(if $(OMP_SRC),$(MAKE) tsan)
	tests/run.sh

# Benchmarks (report/): `make bench` runs a matrix of report/matrices.py (MATRIX=tiny|quick|full,
# default quick; GRAPHS=name,file,... replaces its graphs) and appends one JSON line per run to
# RESULTS (default report/results/MATRIX.jsonl), skipping the runs already there for this machine
# and code. `make report` writes report/REPORT.md and report/plots/ from report/results/*.jsonl
# (or RESULTS). report/device.sh does both in one call on the device machine.
MATRIX        ?= quick
GRAPHS        ?=
RESULTS       ?=
BENCH_ARGS    ?=
BENCH_PYTHON  ?= $(if $(wildcard /usr/bin/python3),/usr/bin/python3,python3)
# The first Python with matplotlib (Debian's here, the one on PATH on the device); without one
# the report has its tables and no plots.
REPORT_PYTHON ?= $(or $(firstword $(foreach p,/usr/bin/python3 python3,$(if $(shell $(p) -c \
                 'import matplotlib' 2>/dev/null && echo y),$(p)))),$(BENCH_PYTHON))
# A solver that does not build is skipped by bench.py (with the reason), not the whole bench.
bench:
	@$(MAKE) -k all || echo "bench: some targets did not build" >&2
	$(BENCH_PYTHON) report/bench.py --matrix $(MATRIX) $(if $(RESULTS),--results $(RESULTS)) \
	    $(if $(GRAPHS),--graphs "$(GRAPHS)") $(BENCH_ARGS)

report:
	$(REPORT_PYTHON) report/make_report.py $(RESULTS)

# The benchmark graph collection (graphs/build.sh) into data/gen with a manifest: `make graphs`
# (SIZE=small, seconds here) or `make graphs SIZE=full` (the seed papers' sizes, for the device).
graphs: $(BIN)/mst-gen
	graphs/build.sh $(or $(SIZE),small)

# mst-omp under ThreadSanitizer: clang + libomp, whose Archer tool makes OpenMP's own
# synchronization visible to TSan (TOOLCHAIN.md). Run with TSAN_OPTIONS=ignore_noninstrumented_modules=1.
tsan:
	$(MAKE) BUILD=build/tsan BIN=bin/tsan CC=clang OPT="-O1 -fno-omit-frame-pointer -fsanitize=thread" \
	        LDLIBS="-lz -lm -fsanitize=thread" bin/tsan/mst-omp

clean:
	rm -rf $(BUILD) $(BIN)

-include $(COMMON_OBJ:.o=.d) $(SEQ_OBJ:.o=.d) $(UNIT_OBJ:.o=.d) $(OMP_OBJ:.o=.d) $(GEN_OBJ:.o=.d) \
         $(MPI_OBJ:.o=.d) $(CUDA_OBJ:.o=.d) \
         $(BUILD)/common/harness/main.d $(wildcard $(BUILD)/tools/*.d)
