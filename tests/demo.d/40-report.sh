# mperf report: a perf 6.1 recording, then one of our own workload
# (sourced by tests/demo.sh: $M and run are set there)
D=tests/data/perf-6.1
SYMFS=$(mktemp -d /tmp/mperf-demo-symfs.XXXXXX)
mkdir -p "$SYMFS/opt/mperf-testdata" && ln -s "$PWD/$D/bin" "$SYMFS/opt/mperf-testdata/bin"
run $M report -i $D/dsouser-fp.data --stdio --symfs "$SYMFS" --kallsyms $D/kallsyms
run $M report -i $D/multi-event.data --stdio --no-children -s dso,sym -n --symfs "$SYMFS" --kallsyms $D/kallsyms
rm -rf "$SYMFS"
if [ -x /usr/bin/perf ] && /usr/bin/perf record -q -g -o /tmp/mperf-demo-report.data \
	tests/workloads/dsouser 0.3 >/dev/null 2>&1; then
	run $M report -i /tmp/mperf-demo-report.data --stdio --no-children --percent-limit 5
	rm -f /tmp/mperf-demo-report.data
fi
