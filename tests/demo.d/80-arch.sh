# named PMU events and metrics (arch helper): another CPU's tables via --cpuid
run $M list --cpuid GenuineIntel-6-8F-0 'cycle_activity.stalls*'
run $M list --cpuid SKX --details uops_issued.stall_cycles
run $M list --cpuid SKX metricgroup
run env MPERF_CPUID=SKX $M stat -M cpi -- tests/workloads/cpuburn 0.1
