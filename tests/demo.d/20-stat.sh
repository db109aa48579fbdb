# mperf stat: perf's default events on a bundled workload, then exact counts
# in CSV and JSON, a repeat with the noise column, and intervals.
run $M stat -- tests/workloads/cpuburn 0.3
run $M stat -x, -e syscalls:sys_enter_getppid,page-faults -- tests/workloads/getppid 1000
run $M stat -j -e task-clock,page-faults -- tests/workloads/pagetouch 1000
run $M stat -r 5 -e task-clock,page-faults -- tests/workloads/pagetouch 1000
run $M stat -I 100 -e task-clock -- tests/workloads/cpuburn 0.25
