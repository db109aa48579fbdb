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
#   make clean

PREFIX    ?= /usr/local
CC        ?= gcc
O         ?= .
PKGS      := libelf libdw slang libtraceevent zlib libzstd capstone
VERSION   := $(shell cat VERSION 2>/dev/null || echo 0.1.0)
GIT_REV   := $(shell git rev-parse --short HEAD 2>/dev/null || echo unknown)

# Debian packages: build dependencies, test tools, doc tools.
DEB_BUILD := gcc make pkg-config libelf-dev libdw-dev libslang2-dev \
	     libtraceevent-dev zlib1g-dev libzstd-dev libcapstone-dev
DEB_TEST  := libcmocka-dev tmux python3 man-db protobuf-compiler chromium
DEB_DOC   := asciidoctor
DEB_ALL   := $(DEB_BUILD) $(DEB_TEST) $(DEB_DOC)

ifeq ($(MAKECMDGOALS),deps)
PKG_CFLAGS :=
PKG_LIBS   :=
else
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
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
LIB_SRC   := $(sort $(wildcard util/*.c ui/*.c arch/*.c arch/*/*.c))
GEN_SRC   :=
BIN_SRC   := mperf.c $(sort $(wildcard builtin-*.c))
LIB_OBJ   := $(LIB_SRC:.c=.o) $(GEN_SRC:.c=.o)
BIN_OBJ   := $(BIN_SRC:.c=.o)
DEPS      := $(LIB_OBJ:.o=.d) $(BIN_OBJ:.o=.d)

UNIT_SRC  := $(sort $(wildcard tests/unit/test-*.c))
UNIT_BIN  := $(UNIT_SRC:.c=)
WORKLOADS := tests/workloads/cpuburn tests/workloads/mthreads \
	     tests/workloads/syscalls tests/workloads/pagetouch \
	     tests/workloads/getppid tests/workloads/libmwork.so \
	     tests/workloads/dsouser

DOC_TXT   := $(sort $(wildcard Documentation/mperf*.txt))
DOC_MAN   := $(patsubst %.txt,%.1,$(DOC_TXT))

all: mperf

mperf: $(BIN_OBJ) libmperf.a
	$(CC) $(LDFLAGS) -o $@ $(BIN_OBJ) libmperf.a $(LDLIBS)

libmperf.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

%.o: %.c
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

-include $(DEPS)

# ---- tests -----------------------------------------------------------------

tests/unit/test-%: tests/unit/test-%.c libmperf.a tests/unit/unit.h
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

# ---- documentation, install -------------------------------------------------

doc: $(DOC_MAN)

Documentation/%.1: Documentation/%.txt
	asciidoctor -b manpage -a mansource=mperf -a manversion=$(VERSION) -o $@ $<

install: mperf doc
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions
	install -m 755 mperf $(DESTDIR)$(PREFIX)/bin/mperf
	install -m 644 $(DOC_MAN) $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 644 contrib/mperf-completion.bash \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/mperf

# ---- dependencies -------------------------------------------------------------

deps:
	@missing=""; for p in $(DEB_ALL); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' \
			|| missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" != 0 ]; then \
		echo "mperf: missing Debian packages:$$missing"; \
		echo "  run as root: apt-get install -y$$missing"; exit 1; \
	fi; \
	echo "mperf: installing$$missing"; \
	export DEBIAN_FRONTEND=noninteractive; \
	apt-get update -qq >/dev/null && apt-get install -y -qq $$missing >/dev/null \
		|| { echo "mperf: apt-get install$$missing failed"; exit 1; }

clean-obj:
	rm -f $(LIB_OBJ) $(BIN_OBJ) $(DEPS) libmperf.a mperf $(UNIT_BIN)

clean: clean-obj
	rm -f $(WORKLOADS) $(DOC_MAN)
	rm -rf tests/out

.PHONY: all test test-only sanitize demo bench doc install deps clean clean-obj \
	check-build workloads
