#!/bin/sh
# report --disable-order as perf 6.1: -D dumps the records in file order, reports stay in time order; a FORK of a known tid makes a new thread, the old one keeps its comm for the entries made before (crafted out-of-order files, fresh -a -g recordings by perf and mperf)
. "$(dirname "$0")/lib.sh"
perf61_data cpuburn-plain.data
SYM=$(report_symargs)

# craft NAME SPEC: $T/NAME.data, the records of SPEC (craft-perfdata.py records)
craft() {
	python3 "$CRAFT" records "$D/cpuburn-plain.data" "$T/$1.data" "$2" ||
		fail "craft-perfdata.py records $1"
}
# rep FILE OPTS...: report_vs_perf with --symfs/--kallsyms, counted
rep() {
	_f=$1; shift
	# shellcheck disable=SC2086
	report_vs_perf "$_f" $SYM "$@"
	n=$((n + 1))
}
# whole FILE OPTS...: mperf report prints all perf prints (--tasks, -D), same
# status (perf's -D names a vdso without a build-id cache copy by the
# temporary file it extracts it to, a random name mperf does not imitate)
whole() {
	_f=$1; shift
	# shellcheck disable=SC2086
	report_whole_vs_perf "$_f" $SYM "$@"
	n=$((n + 1))
}
# all FILE: the reports with and without --disable-order, --tasks and both dumps
all() {
	for _o in "" --disable-order; do
		rep "$1" -s comm,pid,dso,sym $_o
		rep "$1" -s pid -g none $_o
		whole "$1" --tasks $_o
	done
	whole "$1" -D
	whole "$1" -D --disable-order
}

# 1. A FORK later in the file than the COMM, MMAP2 and sample of its child
#    (but earlier in time): time order takes the FORK first, -D
#    --disable-order shows the records as they are in the file.
craft ooo "kmap; comm 100 100 0 parent; mmap 100 100 1; comm 200 200 10 child;
	sample 200 200 20 0; fork 200 200 100 100 5; sample 200 200 50 2; round"
all "$T/ooo.data"
"$MPERF" report -i "$T/ooo.data" -D --disable-order > "$T/d" || fail "report -D --disable-order"
awk '/PERF_RECORD_SAMPLE/ && !s { s = NR } /PERF_RECORD_FORK/ { f = NR }
	END { exit !(s && f > s) }' "$T/d" || fail "-D --disable-order: the FORK is not after the first sample"
"$MPERF" report -i "$T/ooo.data" -D > "$T/d" || fail "report -D"
awk '/PERF_RECORD_SAMPLE/ && !s { s = NR } /PERF_RECORD_FORK/ { f = NR }
	END { exit !(f && f < s) }' "$T/d" || fail "-D: the FORK is not before the samples"

# 2. A FORK of a tid that has a COMM, maps and a sample already (later in
#    time too): the entry made before keeps the old thread ("200:child"
#    in the pid column), the sample after it is the new thread's, with the
#    parent's comm and a copy of its maps.
craft refork "kmap; comm 100 100 0 parent; mmap 100 100 1; comm 200 200 10 child; mmap 200 200 11;
	sample 200 200 20 0; fork 200 200 100 100 40; sample 200 200 50 1; round"
all "$T/refork.data"
# shellcheck disable=SC2086
"$MPERF" report -i "$T/refork.data" $SYM --stdio -q -s pid,comm -g none > "$T/r" ||
	fail "report -s pid,comm"
assert_contains "the entry before the FORK" "200:child    child" "$T/r"
assert_contains "the entry after the FORK" "200:parent   parent" "$T/r"

# 3. The tid used again after its EXIT; 4. a thread (not its process's
# first) forked again; 5. a parent known in another process than the FORK
# says (perf makes it anew, without a comm)
craft reuse "kmap; comm 100 100 0 parent; comm 200 200 10 child; mmap 200 200 11;
	sample 200 200 20 0; exit 200 200 100 100 25; fork 200 200 100 100 26; sample 200 200 30 2; round"
all "$T/reuse.data"
craft thread "kmap; comm 100 100 0 parent; mmap 100 100 1; comm 100 200 10 child;
	sample 100 200 20 0; fork 100 200 100 100 40; sample 100 200 50 1; round"
all "$T/thread.data"
craft stale "kmap; comm 300 100 0 parent; mmap 300 100 1; sample 300 100 5 1;
	fork 200 200 100 100 40; sample 200 200 50 0; sample 300 100 60 1; round"
all "$T/stale.data"

# 6. perf 6.1's overwrite file: its records run backwards in the file
all "$D/cpuburn-overwrite.data"

# 7. Fresh system-wide recordings with callchains, where the records of the
#    two CPUs interleave out of order within rounds
need_root
W='for i in $(seq 40); do /bin/true; done'
"$PERF" record -q -a -g -o "$T/perf.data" -- sh -c "$W" >/dev/null 2>&1 ||
	skip "perf record -a -g does not work here ($n comparisons passed)"
"$MPERF" record -q -a -g -o "$T/mperf.data" -- sh -c "$W" >/dev/null 2>&1 ||
	fail "mperf record -a -g failed"
for f in perf mperf; do
	rep "$T/$f.data" --disable-order
	rep "$T/$f.data" --disable-order --no-children
	rep "$T/$f.data" --disable-order -s comm,pid,dso,sym
	whole "$T/$f.data" --disable-order --tasks
	whole "$T/$f.data" --disable-order -D
done
echo "$n outputs equal to perf's"
