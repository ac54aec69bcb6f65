# mst-suite: build everything into bin/.  `make CI=1` turns warnings into errors.
# CFLAGS, CPPFLAGS, LDFLAGS and LDLIBS are the user's, as usual (`make CFLAGS='-O1 -g
# -fsanitize=address' LDFLAGS=-fsanitize=address`): what the build itself needs is kept apart in
# MST_CPPFLAGS, MST_CFLAGS and MST_LDLIBS, which a command-line CFLAGS cannot replace.
CC      ?= gcc
OPT     ?= -O3 -march=native
CFLAGS  ?= $(OPT) -g
COMMON_INC   := -Icommon/core -Icommon/io -Icommon/harness
MST_CPPFLAGS := -D_GNU_SOURCE $(COMMON_INC)
MST_CFLAGS   := -std=c11 -Wall -Wextra -Wstrict-prototypes -Wshadow $(if $(filter 1,$(CI)),-Werror)
MST_LDLIBS   := -lz -lm
ALL_LDLIBS    = $(LDLIBS) $(MST_LDLIBS)

BUILD   := build
BIN     := bin

# The executables' main() (common/harness/main.c) is compiled once per solver, not archived.
MAIN_SRC   := common/harness/main.c
COMMON_SRC := $(filter-out $(MAIN_SRC),$(wildcard common/*/*.c))
COMMON_OBJ := $(COMMON_SRC:%.c=$(BUILD)/%.o)
# The common code as a static archive for the executables; "libmst" is the public library.
LIBMST     := $(BUILD)/libmstcore.a

OPENMP     ?= -fopenmp
MPICC      ?= mpicc
NVCC       ?= $(shell command -v nvcc || echo /usr/local/cuda/bin/nvcc)
CUDA_ARCH  ?= -gencode arch=compute_90,code=sm_90 -gencode arch=compute_90,code=compute_90
NVCCFLAGS  ?= -O3 -std=c++17 $(CUDA_ARCH) -Xcompiler -Wall,-Wextra,-Wno-missing-field-initializers
MST_NVCCFLAGS := $(COMMON_INC)
HAVE_NVCC  := $(if $(wildcard $(NVCC)),1,)

# The solvers: executable:folder:toolchain. Each folder's solver.c (or .cu) defines the solver's
# descriptor, the public symbol mst_solver_<folder>; the executable's main() is MAIN_SRC compiled
# with -DMST_SOLVER=mst_solver_<folder>. Adding a solver is a folder and a word here. A toolchain
# says how its files compile and link (c, omp, mpi, cuda); cuda solvers are built only where nvcc
# exists.
SOLVER_LIST := mst-seq:seq:c mst-omp:openmp:omp mst-mpi:mpi:mpi mst-cuda:cuda:cuda

comma := ,
COMPILE_c    = $(CC) $(MST_CPPFLAGS) $(CPPFLAGS) $(MST_CFLAGS) $(CFLAGS)
COMPILE_omp  = $(COMPILE_c) $(OPENMP)
COMPILE_mpi  = $(MPICC) $(MST_CPPFLAGS) $(CPPFLAGS) $(MST_CFLAGS) $(CFLAGS) $(OPENMP)
# mst-cuda's host side (cuda/*.c: the hybrid's k-core peeling and its CPU parts) uses OpenMP
# and runs mst-omp's Borůvka (openmp/boruvka.h).
COMPILE_cuda = $(COMPILE_omp) -Iopenmp -Iseq
# The loaders (common/io) parse and read with OpenMP threads, so every link takes $(OPENMP).
LINK_c       = $(CC) $(MST_CFLAGS) $(CFLAGS) $(LDFLAGS) $(OPENMP)
LINK_omp     = $(LINK_c)
LINK_mpi     = $(MPICC) $(MST_CFLAGS) $(CFLAGS) $(LDFLAGS) $(OPENMP)
# nvcc links through the host compiler, which must see the flags the C objects were built with
# (a sanitizer's runtime); nvcc splits -Xcompiler values at commas unless they are escaped.
LINK_cuda    = $(NVCC) $(MST_NVCCFLAGS) $(NVCCFLAGS) \
               $(foreach f,$(CFLAGS) $(LDFLAGS) $(OPENMP),'-Xcompiler=$(subst $(comma),\$(comma),$(f))')
BUILDS_c     := 1
BUILDS_omp   := 1
BUILDS_mpi   := 1
BUILDS_cuda  := $(HAVE_NVCC)

# solver_rules(executable, folder, toolchain): objects of the folder and the executable's main,
# compiled and linked with the toolchain, and the executable in $(BIN); FOLDER_LINK_OBJ are other
# folders' objects it links too (before the common archive).
define solver_rules
$(2)_OBJ := $$(patsubst %,$$(BUILD)/%.o,$$(basename $$(wildcard $(2)/*.c $(2)/*.cu)))
$$($(2)_OBJ): TOOLCHAIN := $(3)
$$(BUILD)/main/$(2).o: $$(MAIN_SRC)
	@mkdir -p $$(dir $$@)
	$$(COMPILE_$(3)) -DMST_SOLVER=mst_solver_$(2) -MMD -MP -c $$< -o $$@
$$(BIN)/$(1): $$(BUILD)/main/$(2).o $$($(2)_OBJ) $$($(2)_LINK_OBJ) $$(LIBMST)
	@mkdir -p $$(BIN)
	$$(LINK_$(3)) $$^ -o $$@ $$(ALL_LDLIBS)
SOLVERS += $$(if $$(BUILDS_$(3)),$$(BIN)/$(1))
ALL_OBJ += $$(BUILD)/main/$(2).o $$($(2)_OBJ)
endef
# mst-mpi --generate makes mst-gen's graphs with gen/'s code (its main and writers aside).
mpi_LINK_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(filter-out gen/main.c gen/write.c,\
                  $(wildcard gen/*.c)))
$(BUILD)/mpi/load.o: MST_CPPFLAGS += -Igen
# The distributed Borůvka's local pass unites through mst-omp's wait-free union-find.
$(BUILD)/mpi/dboruvka_narrow.o $(BUILD)/mpi/dboruvka_wide.o: MST_CPPFLAGS += -Iopenmp
# The sequential and openmp algorithms without their descriptors (recursive: seq_OBJ and
# openmp_OBJ are set by the solver_rules below, before cuda's rules read them): mst-cuda --algo
# hybrid runs their Kruskal and Borůvka on the host, and the tests link them.
SEQ_ALGO_OBJ  = $(filter-out $(BUILD)/seq/solver.o,$(seq_OBJ))
OMP_ALGO_OBJ  = $(filter-out $(BUILD)/openmp/solver.o,$(openmp_OBJ))
cuda_LINK_OBJ = $(OMP_ALGO_OBJ) $(SEQ_ALGO_OBJ)
$(foreach s,$(SOLVER_LIST),$(eval $(call solver_rules,$(word 1,$(subst :, ,$(s))),$\
    $(word 2,$(subst :, ,$(s))),$(word 3,$(subst :, ,$(s))))))

GEN_OBJ    := $(patsubst %.c,$(BUILD)/%.o,$(wildcard gen/*.c))
$(GEN_OBJ): TOOLCHAIN := omp
UNIT_OBJ   := $(patsubst %.c,$(BUILD)/%.o,$(wildcard tests/unit/*.c))
TOOLS      := $(BIN)/mst-verify $(BIN)/mst-convert $(BIN)/mst-gen $(BIN)/mst-trace

.PHONY: all run test unit e2e bench report graphs clean setup tsan fuzz sanitize-gcc \
        sanitize-clang lib install uninstall check-solver
all: $(SOLVERS) $(TOOLS) lib

$(BUILD)/common/io/%.o $(BUILD)/common/core/verify.o $(BUILD)/common/core/graph.o: TOOLCHAIN := omp

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(COMPILE_$(or $(TOOLCHAIN),c)) -MMD -MP -c $< -o $@

$(BUILD)/%.o: %.cu
	@mkdir -p $(dir $@)
	$(NVCC) $(MST_NVCCFLAGS) $(NVCCFLAGS) -MMD -MP -c $< -o $@

$(LIBMST): $(COMMON_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BIN)/mst-gen: $(GEN_OBJ) $(LIBMST)
	@mkdir -p $(BIN)
	$(LINK_omp) $^ -o $@ $(ALL_LDLIBS)

# mst-convert writes graphs with mst-gen's writers (gen/write.c), mst-verify reads forest files
# with tools/msf_read.c; objects link before the archive.
$(BUILD)/tools/convert.o $(UNIT_OBJ): MST_CPPFLAGS += -Igen
# mst-omp's tests run its union-finds on several threads themselves.
$(BUILD)/tests/unit/test_omp.o: TOOLCHAIN := omp
$(BIN)/mst-convert: $(BUILD)/gen/write.o
$(BIN)/mst-verify: $(BUILD)/tools/msf_read.o
$(BIN)/mst-%: $(BUILD)/tools/%.o $(LIBMST)
	@mkdir -p $(BIN)
	$(LINK_c) $(filter %.o,$^) $(LIBMST) -o $@ $(ALL_LDLIBS)

# mst-trace is a Python script over mstsuite and libmst (lib): a link in $(BIN), from which it
# finds python/ and build/libmst.so.1 of this tree.
$(BIN)/mst-trace: tools/mst-trace
	@mkdir -p $(BIN)
	ln -sf "$$(realpath --relative-to=$(BIN) $<)" $@

$(BIN)/unit-tests: $(UNIT_OBJ) $(BUILD)/gen/write.o $(SEQ_ALGO_OBJ) $(OMP_ALGO_OBJ) $(LIBMST)
	@mkdir -p $(BIN)
	$(LINK_omp) $^ -o $@ $(ALL_LDLIBS) -lcriterion

# The GPU test of mst-cuda's transfer path and prepared topology against the sequential Kruskal
# (tests/cuda/; run by tests/e2e/test_cuda.py), built where nvcc is.
CUDA_TEST_OBJ := $(patsubst %.cu,$(BUILD)/%.o,$(wildcard tests/cuda/*.cu))
$(CUDA_TEST_OBJ): MST_NVCCFLAGS += -Icuda -Iseq
CUDA_TESTS := $(if $(HAVE_NVCC),$(BIN)/test-cuda-prepared)
$(BIN)/test-cuda-prepared: $(CUDA_TEST_OBJ) $(filter-out $(BUILD)/cuda/solver.o,$(cuda_OBJ)) \
                           $(SEQ_ALGO_OBJ) $(OMP_ALGO_OBJ) $(LIBMST)
	@mkdir -p $(BIN)
	$(LINK_cuda) $^ -o $@ $(ALL_LDLIBS)

# The hybrid's whole pipeline on the host, host solvers in the GPU kinds' place, against Kruskal
# (tests/cuda/*.c; run by tests/e2e/test_cuda_hybrid.py): needs no nvcc.
HYBRID_HOST_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard tests/cuda/*.c))
HYBRID_OBJ      := $(BUILD)/cuda/hybrid.o
$(HYBRID_HOST_OBJ): TOOLCHAIN := cuda
$(HYBRID_HOST_OBJ): MST_CPPFLAGS += -Icuda -Iseq
$(BIN)/test-hybrid-host: $(HYBRID_HOST_OBJ) $(HYBRID_OBJ) $(SEQ_ALGO_OBJ) $(OMP_ALGO_OBJ) $(LIBMST)
	@mkdir -p $(BIN)
	$(LINK_omp) $^ -o $@ $(ALL_LDLIBS)

# The message layer's unit tests (tests/e2e/msg_layer.c), run under mpirun at 1 to 4 ranks by
# tests/e2e/test_msg_layer.py.
MSG_LAYER_OBJ := $(patsubst %,$(BUILD)/mpi/%.o,msg comm)
$(BUILD)/tests/e2e/msg_layer.o: TOOLCHAIN := mpi
$(BUILD)/tests/e2e/msg_layer.o: MST_CPPFLAGS += -Impi
$(MSG_LAYER_OBJ): TOOLCHAIN := mpi
$(BIN)/msg-layer-test: $(BUILD)/tests/e2e/msg_layer.o $(MSG_LAYER_OBJ) $(LIBMST)
	@mkdir -p $(BIN)
	$(LINK_mpi) $^ -o $@ $(ALL_LDLIBS)

# Assignments (docs/assignments.md): `make check-solver SOLVER=NAME` builds the solver folder
# SOLVER_DIR (default assignments/NAME: its .c and .cu files, whose descriptor is
# mst_solver_NAME) with the shared harness and the toolchain SOLVER_KIND (omp, the default; c,
# mpi or cuda) into bin/assignments/mst-NAME, then runs tests/check_solver.py on it: the same
# edge ids as mst-seq and the verifier on graphs with ties, parallel edges, several components
# and both objectives. CHECK_ARGS go to the script (--launch 'mpirun -np 2' for MPI, --algo A).
# mst-omp's concurrent union-finds (openmp/dsu.h) are on the folder's include path.
SOLVER       ?= template
SOLVER_DIR   ?= assignments/$(SOLVER)
SOLVER_KIND  ?= omp
CHECK_ARGS   ?=
SOLVER_BUILD := $(BUILD)/assignments/$(SOLVER)
SOLVER_EXE   := $(BIN)/assignments/mst-$(SOLVER)
SOLVER_OBJ   := $(patsubst $(SOLVER_DIR)/%,$(SOLVER_BUILD)/%.o,$(basename $(wildcard \
                $(SOLVER_DIR)/*.c $(SOLVER_DIR)/*.cu)))
$(SOLVER_BUILD)/%.o: $(SOLVER_DIR)/%.c
	@mkdir -p $(dir $@)
	$(COMPILE_$(SOLVER_KIND)) -Iopenmp -MMD -MP -c $< -o $@
$(SOLVER_BUILD)/%.o: $(SOLVER_DIR)/%.cu
	@mkdir -p $(dir $@)
	$(NVCC) $(MST_NVCCFLAGS) $(NVCCFLAGS) -MMD -MP -c $< -o $@
$(SOLVER_BUILD)/harness-main.o: $(MAIN_SRC)
	@mkdir -p $(dir $@)
	$(COMPILE_$(SOLVER_KIND)) -DMST_SOLVER=mst_solver_$(SOLVER) -MMD -MP -c $< -o $@
$(SOLVER_EXE): $(SOLVER_BUILD)/harness-main.o $(SOLVER_OBJ) $(LIBMST)
	@mkdir -p $(dir $@)
	$(LINK_$(SOLVER_KIND)) $^ -o $@ $(ALL_LDLIBS)
check-solver: $(SOLVER_EXE) $(BIN)/mst-seq $(BIN)/mst-verify $(BIN)/mst-gen
	$(BENCH_PYTHON) tests/check_solver.py $(CHECK_ARGS) $(SOLVER_EXE)

# The main job: every built solver on the USA-road NY graph, one comparison table.
run:
	scripts/setup.sh run
	$(MAKE) all
	/usr/bin/python3 scripts/main_job.py

setup:
	scripts/setup.sh

unit: $(BIN)/unit-tests
	$(BIN)/unit-tests

e2e: all $(CUDA_TESTS) $(BIN)/test-hybrid-host
	/usr/bin/python3 tests/e2e/test_e2e.py

# Installs what is missing, builds, then tests/run.sh: unit and end-to-end tests, the sanitizer
# job (sanitize-gcc, sanitize-clang) and the fuzzing smoke test (fuzz); the last line is one
# "N passed, M failed, K skipped" summary.
test:
	scripts/setup.sh test
	$(MAKE) all $(BIN)/unit-tests $(CUDA_TESTS) $(BIN)/test-hybrid-host
	$(MAKE) tsan
	tests/run.sh

# Benchmarks (report/): `make bench` runs a matrix of report/matrices.py (MATRIX=tiny|quick|full,
# default quick; GRAPHS=name,file,... replaces its graphs) and appends one JSON line per run to
# RESULTS (default report/local/MATRIX.jsonl), skipping the runs already there for this machine
# and code. `make report RESULTS="FILE..."` writes the report of those files alone into
# REPORT_DIR (default report/local/); `make report` alone rewrites the repository's
# report/REPORT.md, its plots and the README's results block from report/results/*.jsonl.
# report/device.sh does both in one call on the device machine.
MATRIX        ?= quick
GRAPHS        ?=
RESULTS       ?=
REPORT_DIR    ?= report/local
BENCH_ARGS    ?=
BENCH_PYTHON  ?= $(if $(wildcard /usr/bin/python3),/usr/bin/python3,python3)
# The first Python with matplotlib (Debian's here, the one on PATH on the device); without one
# the report has its tables and no plots.
REPORT_PYTHON ?= $(or $(firstword $(foreach p,/usr/bin/python3 python3,$(if $(shell $(p) -c \
                 'import matplotlib' 2>/dev/null && echo y),$(p)))),$(BENCH_PYTHON))
# A solver that does not build is skipped by bench.py (with the reason), not the whole bench.
bench:
	@$(MAKE) -k all || echo "bench: some targets did not build" >&2
	$(BENCH_PYTHON) report/bench.py --matrix $(MATRIX) \
	    --results $(or $(RESULTS),report/local/$(MATRIX).jsonl) \
	    $(if $(GRAPHS),--graphs "$(GRAPHS)") $(BENCH_ARGS)

report:
	$(REPORT_PYTHON) report/make_report.py $(if $(RESULTS),--out $(REPORT_DIR)/REPORT.md $(RESULTS))

# The benchmark graph collection (graphs/build.sh) into data/gen with a manifest: `make graphs`
# (SIZE=small, seconds here) or `make graphs SIZE=full` (the source papers' sizes, for the device).
graphs: $(BIN)/mst-gen
	graphs/build.sh $(or $(SIZE),small)

# The peers beside the suite (docs/peers.md): `make peers ECL=DIR PBBS=DIR GBBS=DIR` (any of
# them) builds them from those checkouts and runs them with the suite's solvers on GRAPHS.
.PHONY: peers
peers:
	@$(MAKE) -k all || echo "peers: some targets did not build" >&2
	$(BENCH_PYTHON) report/peers/run.py $(if $(ECL),--ecl $(ECL)) $(if $(PBBS),--pbbs $(PBBS)) \
	    $(if $(GBBS),--gbbs $(GBBS)) $(if $(GRAPHS),--graphs "$(GRAPHS)") $(PEERS_ARGS)

# mst-omp and libmst under ThreadSanitizer: clang + libomp, whose Archer tool makes OpenMP's own
# synchronization visible to TSan (gcc's libgomp gives false reports). Run with
# TSAN_OPTIONS=ignore_noninstrumented_modules=1; test_python.py runs the C API's program
# (tests/e2e/capi.c, eight threads solving at once) against build/tsan/libmst.so.
tsan:
	$(MAKE) BUILD=build/tsan BIN=bin/tsan CC=clang CFLAGS="-O1 -g -fno-omit-frame-pointer \
	        -fsanitize=thread" LDFLAGS=-fsanitize=thread bin/tsan/mst-omp lib

# The sanitizer job of make test (tests/sanitize.sh): the unit tests, mst-seq and mst-verify under
# AddressSanitizer + UndefinedBehaviorSanitizer, built by CC=gcc or clang (`make sanitize-gcc`,
# `make sanitize-clang`) into build/asan-CC and bin/asan-CC. Undefined behaviour aborts the run
# instead of printing and going on, so that a test sees it.
SAN_CFLAGS := -O1 -g -fno-omit-frame-pointer -fno-sanitize-recover=undefined
sanitize-gcc sanitize-clang: sanitize-%:
	$(MAKE) BUILD=build/asan-$* BIN=bin/asan-$* CC=$* LDFLAGS=-fsanitize=address,undefined \
	        CFLAGS="$(SAN_CFLAGS) -fsanitize=address,undefined" \
	        $(addprefix bin/asan-$*/,unit-tests mst-seq mst-verify)

# The libFuzzer harnesses of tests/fuzz/ (clang only; tests/fuzz/run.sh runs them in make test):
# bin/fuzz/fuzz-FORMAT for each loader, compiled from load.c with -DFUZZ_FORMAT=FORMAT,
# bin/fuzz/fuzz-msf for the certificate reader and its '#' line's claims, fuzz-reader for the
# file reader (plain and gzip) and fuzz-rounds for the weights files of --rounds.
FUZZ_FORMATS := edgelist dimacs mtx metis egr msb
FUZZ_NAMES   := $(FUZZ_FORMATS) msf reader rounds
FUZZ_OBJ     := $(patsubst %,$(BUILD)/tests/fuzz/%.o,$(FUZZ_NAMES))
fuzz:
	$(MAKE) BUILD=build/fuzz BIN=bin/fuzz CC=clang CFLAGS="$(SAN_CFLAGS) \
	        -fsanitize=fuzzer-no-link,address,undefined" LDFLAGS=-fsanitize=fuzzer,address,undefined \
	        $(patsubst %,bin/fuzz/fuzz-%,$(FUZZ_NAMES))

$(patsubst %,$(BUILD)/tests/fuzz/%.o,$(FUZZ_FORMATS)): $(BUILD)/tests/fuzz/%.o: tests/fuzz/load.c
	@mkdir -p $(dir $@)
	$(COMPILE_c) -DFUZZ_FORMAT='"$*"' -MMD -MP -c $< -o $@

# Objects reached only through a pattern rule would be deleted after the link, and with them the
# header dependencies their .d files record.
.SECONDARY: $(FUZZ_OBJ) $(patsubst %.c,$(BUILD)/%.o,$(wildcard tools/*.c))

$(BUILD)/tests/fuzz/msf.o: MST_CPPFLAGS += -Itools
$(BIN)/fuzz-msf: $(BUILD)/tools/msf_read.o
$(BIN)/fuzz-%: $(BUILD)/tests/fuzz/%.o $(LIBMST)
	@mkdir -p $(BIN)
	$(LINK_c) $(filter %.o,$^) $(LIBMST) -o $@ $(ALL_LDLIBS)

# libmst (lib/, docs/c-api.md): the public C library over the single-machine solvers (seq,
# openmp and, where nvcc is, cuda). Their sources and the common code are compiled again with
# -fPIC into $(BUILD)/pic, hidden but for the API of lib/mst.h, whose MSF_VERSION_STRING gives
# the file's version and its soname. With cuda, the CUDA runtime is linked in statically and
# kept hidden, as mst-cuda links it, so that a program with its own CUDA runtime (a Python
# process with another GPU library) does not bind to the library's.
LIB_VERSION := $(shell sed -n 's/^.define MSF_VERSION_STRING "\(.*\)"$$/\1/p' lib/mst.h)
LIB_SONAME  := libmst.so.$(firstword $(subst ., ,$(LIB_VERSION)))
LIBMST_SO   := $(BUILD)/libmst.so.$(LIB_VERSION)
LIB_SOLVERS := seq openmp $(if $(HAVE_NVCC),cuda)
PIC_OBJ     := $(patsubst %,$(BUILD)/pic/%.o,$(basename $(wildcard lib/*.c) \
                 $(foreach d,$(LIB_SOLVERS),$(wildcard $(d)/*.c $(d)/*.cu))))
PIC_COMMON  := $(COMMON_SRC:%.c=$(BUILD)/pic/%.o)
$(BUILD)/pic/openmp/%.o $(BUILD)/pic/lib/%.o $(BUILD)/pic/common/io/%.o \
    $(BUILD)/pic/common/core/verify.o $(BUILD)/pic/common/core/graph.o: TOOLCHAIN := omp
$(BUILD)/pic/cuda/%.o: TOOLCHAIN := cuda
# cuda_send_staged fills its page-locked ring on OpenMP threads.
$(BUILD)/cuda/transfer.o $(BUILD)/pic/cuda/transfer.o: MST_NVCCFLAGS += -Xcompiler $(OPENMP)
# The runtime's folder as nvcc itself links it (its last -L), since nvcc may be a wrapper script
# outside the toolkit.
CUDA_LIBDIR ?= $(shell $(NVCC) --dryrun -o a.out a.o 2>&1 | \
                 sed -n 's/^\#\$$ LIBRARIES=.*"-L\([^"]*\)"$$/\1/p')
CUDA_LDLIBS  = -L$(CUDA_LIBDIR) -lcudart_static -ldl -lrt -lpthread -lstdc++ -Wl,--exclude-libs,ALL
LIB_LDLIBS   = $(if $(HAVE_NVCC),$(CUDA_LDLIBS))

$(BUILD)/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(COMPILE_$(or $(TOOLCHAIN),c)) -fPIC -fvisibility=hidden -Ilib -MMD -MP -c $< -o $@

$(BUILD)/pic/%.o: %.cu
	@mkdir -p $(dir $@)
	$(NVCC) $(MST_NVCCFLAGS) $(NVCCFLAGS) -Xcompiler -fPIC,-fvisibility=hidden -MMD -MP -c $< \
	    -o $@

# The common code as an archive, so that only what the solvers use goes into the library.
$(BUILD)/pic/libmstcore.a: $(PIC_COMMON)
	@rm -f $@
	ar rcs $@ $^

# -z defs, but not in a sanitizer's build: its runtime comes with the executable.
$(LIBMST_SO): $(PIC_OBJ) $(BUILD)/pic/libmstcore.a
	$(LINK_omp) -shared -Wl,-soname,$(LIB_SONAME) $(if $(findstring -fsanitize,$(LDFLAGS)),,\
	    -Wl,-z,defs) $^ -o $@ $(ALL_LDLIBS) $(LIB_LDLIBS)

# The soname and development links beside the file, so that $(BUILD) serves as a LIBDIR.
lib: $(LIBMST_SO)
	@ln -sf $(notdir $(LIBMST_SO)) $(BUILD)/$(LIB_SONAME)
	@ln -sf $(LIB_SONAME) $(BUILD)/libmst.so

# make install [PREFIX=/usr/local] [DESTDIR=]: the library with its soname links, lib/mst.h,
# mst.pc for pkg-config, and the Python package mstsuite (python/) with _install.py, the
# library's path that the package loads (docs/python.md). After installing into a system
# prefix, run ldconfig. PYTHONDIR is where Debian's python3 looks under /usr/local:
# PREFIX/lib/python3.X/dist-packages, X that of $(BENCH_PYTHON).
PREFIX       ?= /usr/local
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
PYTHON_LIB    = $(or $(shell $(BENCH_PYTHON) -c \
                  'import sys; print("python%d.%d" % sys.version_info[:2])' 2>/dev/null),python3)
PYTHONDIR    ?= $(PREFIX)/lib/$(PYTHON_LIB)/dist-packages
PY_SRC       := $(wildcard python/mstsuite/*.py)
install: lib
	install -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(PKGCONFIGDIR) \
	           $(DESTDIR)$(PYTHONDIR)/mstsuite
	install -m 755 $(LIBMST_SO) $(DESTDIR)$(LIBDIR)/
	ln -sf $(notdir $(LIBMST_SO)) $(DESTDIR)$(LIBDIR)/$(LIB_SONAME)
	ln -sf $(LIB_SONAME) $(DESTDIR)$(LIBDIR)/libmst.so
	install -m 644 lib/mst.h $(DESTDIR)$(INCLUDEDIR)/mst.h
	sed -e 's|@LIBDIR@|$(abspath $(LIBDIR))|' -e 's|@INCLUDEDIR@|$(abspath $(INCLUDEDIR))|' \
	    -e 's|@VERSION@|$(LIB_VERSION)|' lib/mst.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/mst.pc
	install -m 644 $(PY_SRC) $(DESTDIR)$(PYTHONDIR)/mstsuite/
	printf '"""Written by make install: the library this package loads."""\nLIBRARY = "%s"\n' \
	    '$(abspath $(LIBDIR))/$(LIB_SONAME)' > $(DESTDIR)$(PYTHONDIR)/mstsuite/_install.py

uninstall:
	rm -f $(DESTDIR)$(LIBDIR)/$(notdir $(LIBMST_SO)) $(DESTDIR)$(LIBDIR)/$(LIB_SONAME) \
	      $(DESTDIR)$(LIBDIR)/libmst.so $(DESTDIR)$(INCLUDEDIR)/mst.h \
	      $(DESTDIR)$(PKGCONFIGDIR)/mst.pc
	rm -rf $(DESTDIR)$(PYTHONDIR)/mstsuite

clean:
	rm -rf $(BUILD) $(BIN)

-include $(patsubst %.o,%.d,$(COMMON_OBJ) $(ALL_OBJ) $(GEN_OBJ) $(UNIT_OBJ) $(FUZZ_OBJ) \
                            $(HYBRID_HOST_OBJ) $(PIC_OBJ) $(PIC_COMMON) $(SOLVER_OBJ) \
                            $(SOLVER_BUILD)/harness-main.o \
                            $(wildcard $(BUILD)/tools/*.o))
