# mperf — top-level GNU Makefile.
#
#   make            build ./mperf
#   make deps       install missing Debian packages (root), or print the apt-get line
#   make test       deps + build + unit tests + shell tests (ends "N passed, N failed")
#   make demo       deps + build + a short real session on a bundled workload
#   make sanitize   ASan+UBSan build, then the whole suite
#   make doc        man pages from Documentation/*.txt (asciidoctor)
#   make install PREFIX=/usr/local
#   make bench      mperf against /usr/bin/perf on the same work
#   make ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-   build-arm64/mperf for arm64
#   make test-arm64 deps-arm64 + arm64 build + unit tests under qemu-user + arm64
#                   mperf output == x86 mperf output (ends "N passed, N failed, N skipped")
#   make fuzz       libFuzzer harnesses (clang, ASan+UBSan) in build-fuzz/, each
#                   run FUZZ_SECONDS (default 60); non-zero exit on a finding
#   make clean

PREFIX    ?= /usr/local
CC        ?= gcc
O         ?= .
PKGS      := libelf libdw slang libtraceevent zlib libzstd libdeflate capstone
VERSION   := $(shell cat VERSION 2>/dev/null || echo 0.1.0)
GIT_REV   := $(shell git rev-parse --short HEAD 2>/dev/null || echo unknown)

# Debian packages: build dependencies, test tools, doc tools.
DEB_BUILD := gcc make pkg-config libelf-dev libdw-dev libslang2-dev \
	     libtraceevent-dev zlib1g-dev libzstd-dev libdeflate-dev libcapstone-dev
DEB_TEST  := libcmocka-dev tmux python3 man-db protobuf-compiler chromium strace \
	     clang libclang-rt-14-dev lld zstd time
DEB_DOC   := asciidoctor
DEB_ALL   := $(DEB_BUILD) $(DEB_TEST) $(DEB_DOC)

# Cross build: `make ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-` builds in
# build-arm64/ (see "arm64 cross build" below) with Debian's cross gcc and
# the arm64 -dev packages of multiarch.
ifdef CROSS_COMPILE
CC        := $(CROSS_COMPILE)gcc
PKG_CONFIG := PKG_CONFIG_LIBDIR=/usr/lib/$(patsubst %-,%,$(CROSS_COMPILE))/pkgconfig:/usr/share/pkgconfig pkg-config
endif
PKG_CONFIG ?= pkg-config

ifeq ($(MAKECMDGOALS),deps)
PKG_CFLAGS :=
PKG_LIBS   :=
else
PKG_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
# capstone is opened when first needed (util/capstone-dl.c), not linked
PKG_LIBS   := $(shell $(PKG_CONFIG) --libs $(filter-out capstone,$(PKGS)) 2>/dev/null)
endif

WARN      := -Wall -Wextra -Werror -Wno-unused-parameter -Wno-missing-field-initializers
CFLAGS    ?= -O2 -g
CFLAGS    += -std=gnu11 $(WARN) -fno-omit-frame-pointer -D_GNU_SOURCE \
	     -I. -Iutil $(PKG_CFLAGS) \
	     -DMPERF_VERSION='"$(VERSION)"' -DMPERF_GIT_REV='"$(GIT_REV)"' \
	     -DMPERF_DOCDIR='"$(abspath Documentation)"' \
	     -DMPERF_MANDIR='"$(PREFIX)/share/man"'
LDLIBS    += $(PKG_LIBS) -lm -lpthread

ifdef SANITIZE
CFLAGS    += -fsanitize=address,undefined -fno-sanitize-recover=undefined
LDFLAGS   += -fsanitize=address,undefined
endif

# Every .c under util/, ui/, arch/ is part of libmperf.a; builtins and mperf.c
# make the binary. New modules need no Makefile edit.
# Generated sources (never committed; `make clean` removes them).
GEN_SRC   := util/pmu-events-gen.c
LIB_SRC   := $(filter-out $(GEN_SRC),$(sort $(wildcard util/*.c ui/*.c arch/*.c arch/*/*.c)))
BIN_SRC   := mperf.c $(sort $(wildcard builtin-*.c))
LIB_OBJ   := $(LIB_SRC:.c=.o) $(GEN_SRC:.c=.o)
BIN_OBJ   := $(BIN_SRC:.c=.o)
DEPS      := $(LIB_OBJ:.o=.d) $(BIN_OBJ:.o=.d)

UNIT_SRC  := $(sort $(wildcard tests/unit/test-*.c))
UNIT_BIN  := $(UNIT_SRC:.c=)
WORKLOADS := tests/workloads/cpuburn tests/workloads/mthreads \
	     tests/workloads/syscalls tests/workloads/pagetouch \
	     tests/workloads/getppid tests/workloads/libmwork.so \
	     tests/workloads/dsouser tests/workloads/jitmap \
	     tests/workloads/deeprec tests/workloads/asmlabel \
	     tests/workloads/libclate

# Section 7 pages (overviews, not commands); the rest are section 1.
DOC_TXT7  := Documentation/mperf-troubleshooting.txt
DOC_TXT   := $(filter-out $(DOC_TXT7),$(sort $(wildcard Documentation/mperf*.txt)))
DOC_MAN   := $(patsubst %.txt,%.1,$(DOC_TXT))
DOC_MAN7  := $(patsubst %.txt,%.7,$(DOC_TXT7))

all: mperf

mperf: $(BIN_OBJ) libmperf.a
	$(CC) $(LDFLAGS) -o $@ $(BIN_OBJ) libmperf.a $(LDLIBS)

libmperf.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

%.o: %.c
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

# `mperf --version` names the commit it was built from: mperf.o is rebuilt
# when HEAD moves (.git-rev changes only then).
ifneq ($(MAKECMDGOALS),deps)
$(shell echo '$(GIT_REV)' | cmp -s - .git-rev 2>/dev/null || echo '$(GIT_REV)' > .git-rev)
endif
mperf.o: .git-rev

-include $(DEPS)

# Named PMU events and metrics: vendor JSON (data/) -> C tables.
PMU_JSON  := data/intel-perfmon/mapfile.csv $(wildcard data/intel-perfmon/*/*/*.json \
	     data/intel-perfmon/*/*/*/*.json data/arm-pmu/*.json)
util/pmu-events-gen.c: scripts/jevents.py $(PMU_JSON)
	python3 scripts/jevents.py data $@

# ---- tests -----------------------------------------------------------------

tests/unit/test-%: tests/unit/test-%.c libmperf.a $(wildcard tests/unit/*.h)
	$(CC) $(CFLAGS) -Itests/unit -o $@ $< libmperf.a $(LDLIBS) -lcmocka

WL_CFLAGS := -O2 -g -fno-omit-frame-pointer -mno-omit-leaf-frame-pointer \
	     -fno-optimize-sibling-calls -fno-ipa-icf -Wall -Wl,--build-id

tests/workloads/libmwork.so: tests/workloads/libmwork.c
	$(CC) $(WL_CFLAGS) -fPIC -shared -o $@ $<
tests/workloads/dsouser: tests/workloads/dsouser.c tests/workloads/libmwork.so
	$(CC) $(WL_CFLAGS) -o $@ $< -Ltests/workloads -lmwork -Wl,-rpath,'$$ORIGIN'
tests/workloads/mthreads: tests/workloads/mthreads.c
	$(CC) $(WL_CFLAGS) -pthread -o $@ $<
tests/workloads/%: tests/workloads/%.c
	$(CC) $(WL_CFLAGS) -o $@ $<

workloads: $(WORKLOADS)

check-build: mperf $(UNIT_BIN) workloads

test: deps
	$(MAKE) check-build
	sh tests/run.sh

# Run the suite without re-running deps (used by sanitize and by developers).
test-only: check-build
	sh tests/run.sh

sanitize: deps
	$(MAKE) clean-obj
	$(MAKE) SANITIZE=1 check-build
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		MPERF_SANITIZE=1 sh tests/run.sh; rc=$$?; $(MAKE) clean-obj; exit $$rc

demo: deps
	$(MAKE) mperf workloads
	sh tests/demo.sh

bench: deps
	$(MAKE) mperf workloads
	sh tests/bench/run.sh

# ---- fuzzing -------------------------------------------------------------------
# libFuzzer harnesses (tests/fuzz/fuzz-*.c) over the library and the report/
# script builtins compiled by clang with ASan+UBSan into build-fuzz/ (so the
# fuzz objects never mix with the gcc ones). `make fuzz FUZZ_SECONDS=N` runs
# each harness N seconds; tests/fuzz/run.sh says what it found.
FUZZ_DIR     := build-fuzz
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_NAMES   := perfdata perfdata-pipe parse-events trace-event
FUZZ_BIN     := $(FUZZ_NAMES:%=$(FUZZ_DIR)/fuzz-%)
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS  := -O1 -g -std=gnu11 -Wall -Wextra -Wno-unused-parameter \
		-Wno-missing-field-initializers -fno-omit-frame-pointer -D_GNU_SOURCE \
		-I. -Iutil $(PKG_CFLAGS) \
		-DMPERF_VERSION='"$(VERSION)"' -DMPERF_GIT_REV='"$(GIT_REV)"' \
		-DMPERF_DOCDIR='"$(abspath Documentation)"' \
		-DMPERF_MANDIR='"$(PREFIX)/share/man"' $(FUZZ_SAN)
FUZZ_OBJ     := $(addprefix $(FUZZ_DIR)/,$(LIB_OBJ) $(filter builtin-%,$(BIN_OBJ)))

$(FUZZ_DIR)/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<

$(FUZZ_DIR)/libmperf.a: $(FUZZ_OBJ)
	rm -f $@
	ar rcs $@ $^

$(FUZZ_DIR)/fuzz-%: tests/fuzz/fuzz-%.c tests/fuzz/fuzz.h $(FUZZ_DIR)/libmperf.a
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -DTEST_DATA='"$(abspath tests/data)"' \
		-o $@ $< $(FUZZ_DIR)/libmperf.a $(LDLIBS)

-include $(FUZZ_OBJ:.o=.d)

fuzz-build:
	@command -v $(FUZZ_CC) >/dev/null || { echo "mperf: make fuzz needs clang;" \
		"as root: apt-get install clang libclang-rt-14-dev"; exit 1; }
	$(MAKE) $(FUZZ_BIN)

fuzz: fuzz-build
	sh tests/fuzz/run.sh $(FUZZ_SECONDS)

# ---- documentation, install -------------------------------------------------

doc: $(DOC_MAN) $(DOC_MAN7)

Documentation/%.1: Documentation/%.txt
	asciidoctor -b manpage -a mansource=mperf -a manversion=$(VERSION) -o $@ $<
Documentation/%.7: Documentation/%.txt
	asciidoctor -b manpage -a mansource=mperf -a manversion=$(VERSION) -o $@ $<

install: mperf doc
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/man/man7 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions
	install -m 755 mperf $(DESTDIR)$(PREFIX)/bin/mperf
	install -m 644 $(DOC_MAN) $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 644 $(DOC_MAN7) $(DESTDIR)$(PREFIX)/share/man/man7/
	install -m 644 contrib/mperf-completion.bash \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/mperf

# ---- dependencies -------------------------------------------------------------

deps:
	@sh scripts/install-debs.sh $(DEB_ALL)

clean-obj:
	rm -f .git-rev $(LIB_OBJ) $(BIN_OBJ) $(DEPS) libmperf.a mperf $(UNIT_BIN) $(GEN_SRC)

# ---- arm64 cross build ---------------------------------------------------------
# Out of tree: build-arm64/ mirrors the sources as symlinks (so host and arm64
# objects never mix) and runs this Makefile there with the cross compiler.
#   make deps-arm64  (root) arm64 multiarch, cross gcc, qemu-user, arm64 -dev packages
#   make test-arm64  deps-arm64, ./mperf, the arm64 mperf and unit tests, then
#                    tests/arm64.sh: each unit test under qemu-aarch64 with a timeout
#                    (perf_event_open is ENOSYS there: those cases skip), and the
#                    arm64 mperf against ./mperf on list/report/script; it ends
#                    "N passed, N failed, N skipped" and fails on any failure.
ARM64_DIR   := build-arm64
ARM64_CROSS := $(or $(CROSS_COMPILE),aarch64-linux-gnu-)
DEB_ARM64   := gcc-aarch64-linux-gnu qemu-user libelf-dev:arm64 libdw-dev:arm64 \
	       libslang2-dev:arm64 libtraceevent-dev:arm64 zlib1g-dev:arm64 \
	       libzstd-dev:arm64 libdeflate-dev:arm64 libcapstone-dev:arm64 libcmocka-dev:arm64
ifeq ($(ARCH),arm64)
ifndef MPERF_CROSS_TREE
.DEFAULT_GOAL := arm64
endif
endif

deps-arm64:
	@sh scripts/install-debs.sh --arch arm64 $(DEB_ARM64)

arm64-tree:
	@command -v $(ARM64_CROSS)gcc >/dev/null || { echo "mperf: no $(ARM64_CROSS)gcc;" \
		"as root: make deps-arm64"; exit 1; }
	@mkdir -p $(ARM64_DIR)
	@git ls-files --cached --others --exclude-standard | grep -v '^$(ARM64_DIR)/' | \
	while IFS= read -r f; do \
		[ -e "$(ARM64_DIR)/$$f" ] && continue; \
		mkdir -p "$(ARM64_DIR)/$$(dirname "$$f")"; ln -s "$(CURDIR)/$$f" "$(ARM64_DIR)/$$f"; \
	done

arm64: arm64-tree
	$(MAKE) -C $(ARM64_DIR) MPERF_CROSS_TREE=1 ARCH=arm64 CROSS_COMPILE=$(ARM64_CROSS) mperf
	@file $(ARM64_DIR)/mperf 2>/dev/null || echo "arm64 binary: $(ARM64_DIR)/mperf"

# Steps in order (not prerequisites: -j must not build before deps-arm64);
# ./mperf is the host build, whatever CROSS_COMPILE says.
test-arm64:
	$(MAKE) deps-arm64
	$(MAKE) mperf CROSS_COMPILE= ARCH=
	$(MAKE) arm64-tree
	$(MAKE) -C $(ARM64_DIR) MPERF_CROSS_TREE=1 ARCH=arm64 CROSS_COMPILE=$(ARM64_CROSS) mperf $(UNIT_BIN)
	sh tests/arm64.sh

clean: clean-obj
	rm -f $(WORKLOADS) $(DOC_MAN) $(DOC_MAN7)
	rm -rf tests/out $(ARM64_DIR) $(FUZZ_DIR)

.PHONY: all test test-only sanitize demo bench doc install deps clean clean-obj \
	check-build workloads arm64 arm64-tree test-arm64 deps-arm64 fuzz fuzz-build
