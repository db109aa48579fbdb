# mperf list: categories as perf prints them, encodings, JSON, and a bad event string
run $M list sw
run $M list 'sched:sched_sw*'
run $M list --details 'msr/*' cs
run $M list -j 'sched:sched_switch'
printf '\n$ %s\n' "$M list --print-attr 'cpu-clock,cyclse:u'   # (hidden debug option: the attrs perf stat would open)"
$M list --print-attr 'cpu-clock,cyclse:u'
