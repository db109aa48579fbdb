#!/bin/sh
# short libFuzzer run: each harness (perf.data file and pipe mode, event strings, TRACING_DATA) 6 s under ASan+UBSan, no finding
. "$(dirname "$0")/lib.sh"
command -v clang >/dev/null || skip "needs clang (apt-get install clang libclang-rt-14-dev)"
rt=$(clang -print-file-name=libclang_rt.fuzzer-x86_64.a 2>/dev/null)
[ -f "$rt" ] || ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1 ||
	skip "needs libFuzzer (apt-get install libclang-rt-14-dev)"
command -v python3 >/dev/null || skip "needs python3 for the seeds"
cd "$TOP" || exit 1
# the clang objects live in build-fuzz/, apart from the gcc ones
make -s -j2 fuzz-build >"$TOP/tests/out/fuzz-build.log" 2>&1 ||
	{ tail -20 "$TOP/tests/out/fuzz-build.log"; fail "make fuzz-build failed"; }
tmpdir
# a fresh corpus: the seeds only, so the whole time goes to new inputs
out=$(FUZZ_CORPUS="$T/corpus" sh tests/fuzz/run.sh "${MPERF_FUZZ_SECONDS:-6}")
rc=$?
echo "$out"
[ "$(echo "$out" | grep -c 'execs in')" -eq 4 ] || fail "not every harness ran"
[ $rc -eq 0 ] || fail "a fuzzer found something (build-fuzz/findings/, build-fuzz/logs/)"
exit 0
