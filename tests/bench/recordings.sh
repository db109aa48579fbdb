#!/bin/sh
# Sourced by report.bench.sh and script.bench.sh: the two recordings issue 5
# names, made with /usr/bin/perf once per `make bench` run (run.sh shares
# $MPERF_BENCH_DATA between the benches; a bench run alone makes its own).
#   ag.data  ~1M samples: perf record -a -g -e cpu-clock -c 20000 (50K
#            samples/s on each CPU) while two cpuburn processes keep both
#            CPUs busy for BENCH_SECS (default 10) seconds
#   dw.data  perf record --call-graph dwarf,4096 -F 2000 -- cpuburn 5
#   ex.data  perf record --call-graph dwarf -- sh -c 'for i in $(seq 1500);
#            do /bin/true; done': a new address space per exec, most
#            samples in ld.so (per-process unwinding and debug-file costs)
# usage: bench_recordings DIR   (prints one line per file; 1: no perf record)
bench_recordings() {
	dir=$1
	secs=${BENCH_SECS:-10}
	if [ ! -s "$dir/ag.data" ]; then
		"$PERF" record -q -o "$dir/ag.data" -a -g -e cpu-clock -c 20000 -- \
			sh -c "tests/workloads/cpuburn $secs & tests/workloads/cpuburn $secs; wait" \
			>/dev/null 2>&1 || { rm -f "$dir/ag.data"; return 1; }
	fi
	if [ ! -s "$dir/dw.data" ]; then
		"$PERF" record -q -o "$dir/dw.data" --call-graph dwarf,4096 -F 2000 -- \
			tests/workloads/cpuburn 5 >/dev/null 2>&1 || { rm -f "$dir/dw.data"; return 1; }
	fi
	if [ ! -s "$dir/ex.data" ]; then
		"$PERF" record -q -o "$dir/ex.data" --call-graph dwarf -- \
			sh -c 'for i in $(seq 1500); do /bin/true; done' \
			>/dev/null 2>&1 || { rm -f "$dir/ex.data"; return 1; }
	fi
	for f in ag dw ex; do
		n=$("$PERF" report -i "$dir/$f.data" --stats 2>/dev/null |
			awk '/SAMPLE events:/ { print $3; exit }')
		case $f in
		ag) how="perf record -a -g -e cpu-clock -c 20000, two cpuburn for $secs s" ;;
		dw) how="perf record --call-graph dwarf,4096 -F 2000 -- cpuburn 5" ;;
		ex) how="perf record --call-graph dwarf -- 1500 execs of /bin/true" ;;
		esac
		echo "$f.data: $n samples, $(du -m "$dir/$f.data" | cut -f1) MB ($how)"
	done
}
