# mperf script: the header of a perf 6.1 tracepoint recording shipped with the tests
run $M script -i tests/data/perf-6.1/sched-switch.data --header-only
