#!/bin/sh
# report --folded on a --call-graph dwarf file gives stackcollapse-perf's lines for perf script
. "$(dirname "$0")/lib.sh"
"$MPERF" report --list-opts 2>/dev/null | grep -q -- '--folded' || skip "mperf report has no --folded"
tmpdir
# The DWARF unwinder is shared with mperf script: when mperf script itself
# stops before perf's outermost frames (_start), say so and skip.
D=$DATA/perf-6.1
"$MPERF" script -i "$D/cpuburn-dwarf.data" $(report_symargs) 2>/dev/null | grep -q ' _start+' ||
	skip "DWARF unwinding (util/unwind.c) stops at __libc_start_call_main; perf reaches _start"
FOLDED_FILES=cpuburn-dwarf T= sh "$(dirname "$0")/folded.sh"
