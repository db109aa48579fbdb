# mperf record (sourced by tests/demo.sh): sample the bundled workload with
# call chains, then show the profile with perf (or mperf report when perf
# is missing).
R=$(mktemp -d /tmp/mperf-demo.XXXXXX)
run $M record -g -o "$R/perf.data" -- tests/workloads/cpuburn 0.5
if [ -x /usr/bin/perf ]; then
	run /usr/bin/perf report -i "$R/perf.data" --stdio --no-children --sort comm,dso,sym -g none --percent-limit 3
else
	run $M report -i "$R/perf.data" --stdio --no-children --percent-limit 3
fi
run $M record -e sched:sched_switch -a -o "$R/sw.data" -- sleep 0.1
[ -x /usr/bin/perf ] && run sh -c "/usr/bin/perf script -i '$R/sw.data' | head -3"
rm -rf "$R"
