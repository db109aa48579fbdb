# Flame graph, folded stacks, JSON, pprof and diff from perf 6.1 recordings shipped with the tests
FD=tests/data/perf-6.1
FS=$(mktemp -d /tmp/mperf-demo.XXXXXX)
mkdir -p "$FS/symfs/opt/mperf-testdata" && ln -s "$PWD/$FD/bin" "$FS/symfs/opt/mperf-testdata/bin" &&
	ln -s /usr "$FS/symfs/usr"
FSYM="--symfs $FS/symfs --kallsyms $FD/kallsyms"
run $M report -i $FD/dsouser-fp.data $FSYM --folded
run $M report -i $FD/cpuburn-dwarf.data $FSYM --flamegraph $FS/cpuburn.svg
run $M report -i $FD/cpuburn-fp.data $FSYM --pprof $FS/cpuburn.pb.gz
run $M report -i $FD/dsouser-fp.data $FSYM --json --json-no-stacks
run $M report -i $FD/cpuburn-zstd.data $FSYM --diff $FD/cpuburn-fp.data
rm -rf "$FS"
