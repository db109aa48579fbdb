#!/bin/sh
# inlined frames of C++ (a lambda called through std::function, g++ -O2, --call-graph dwarf): the innermost frame, which the DWARF names without a linkage name, is named by its ELF symbol as binutils names it, and shown as the symbol's own frame, as perf shows it (the first frame of every sample equal to perf's)
. "$(dirname "$0")/lib.sh"
need_perf
need_root
need_cmds g++
tmpdir
private_home
cat >"$T/lam.cpp" <<'SRC'
#include <functional>

__attribute__((noinline)) long acc(std::function<long(long, long)> f, long n)
{
	long s = 0;

	for (long i = 0; i < n; i++)
		s = f(s, i);
	return s;
}

int main()
{
	return acc([](long a, long b) { return a + b * 3; }, 100000000) == 42;
}
SRC
g++ -O2 -g -o "$T/lam" "$T/lam.cpp" || fail "g++ failed"
"$PERF" record -q --call-graph dwarf -o "$T/lam.data" -- "$T/lam" >/dev/null 2>&1 ||
	fail "perf record failed"
# the first frame under each sample's line
first() { awk '/^[^\t]/ { want = 1; next } want && /^\t/ { print; want = 0 }'; }
"$PERF" script -i "$T/lam.data" 2>/dev/null | first >"$T/p"
"$MPERF" script -i "$T/lam.data" 2>/dev/null | first >"$T/m"
grep -q "_M_invoke+0x[0-9a-f]* ($T/lam)" "$T/p" ||
	{ head "$T/p"; fail "perf shows no _M_invoke frame of its own (the premise)"; }
if ! cmp -s "$T/p" "$T/m"; then
	diff "$T/p" "$T/m" | head >&2
	fail "the innermost frames differ from perf's"
fi
echo "$(wc -l <"$T/m") first frames equal to perf's"
