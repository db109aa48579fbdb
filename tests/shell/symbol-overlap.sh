#!/bin/sh
# symbols that overlap (_init stretched over .plt, PLT slots, aliases) name each address as perf 6.1 does
. "$(dirname "$0")/lib.sh"
need_perf
tmpdir
command -v cc >/dev/null 2>&1 || skip "no C compiler"
command -v python3 >/dev/null 2>&1 || skip "no python3"
SYNTH="$TOP/tests/shell/synth-samples.py"

# A program calling N libc functions through its PLT (N = 0..8).
prog() {
	{
		echo '#include <stdlib.h>'
		echo '#include <string.h>'
		echo '#include <unistd.h>'
		echo 'volatile long sink;'
		echo 'int main(int argc, char **argv) {'
		echo 'if (argc > 5) {'
		echo 'puts strlen memset getpid abs atoi malloc free' | tr ' ' '\n' |
			head -n "$1" | while read -r f; do
			case $f in
			puts) echo 'puts(argv[0]);' ;;
			strlen) echo 'sink += strlen(argv[0]);' ;;
			memset) echo 'memset(argv[0], 0, argc);' ;;
			getpid) echo 'sink += getpid();' ;;
			abs) echo 'sink += abs(argc - 9);' ;;
			atoi) echo 'sink += atoi(argv[1]);' ;;
			malloc) echo 'sink += (long)malloc(argc);' ;;
			free) echo 'free(argv[2]);' ;;
			esac
		done
		echo '} return 0; }'
	} > "$T/p$1.c"
}

# compare NAME ELF[:WHAT[:SYMFILE]]...: one sample at each chosen address
# (synth-samples.py), named alike by perf script and mperf script
compare() {
	_name=$1
	shift
	python3 "$SYNTH" "$T/s.data" "$@" || fail "$_name: synth-samples.py failed"
	"$PERF" script -i "$T/s.data" -F ip,sym,symoff,dso > "$T/perf" 2>/dev/null
	"$MPERF" script -i "$T/s.data" -F ip,sym,symoff,dso > "$T/mperf" 2>"$T/err" ||
		{ cat "$T/err" >&2; fail "$_name: mperf script failed"; }
	[ -s "$T/perf" ] || fail "$_name: perf script printed nothing"
	if ! diff "$T/perf" "$T/mperf" > "$T/diff"; then
		head -20 "$T/diff" >&2
		fail "$_name: $(grep -c '^<' "$T/diff") of $(wc -l < "$T/perf") addresses named differently"
	fi
	n=$((n + 1))
}

n=0
for np in 1 3 8; do
	prog $np
	# PIE and not, with and without IBT PLT (.plt.sec), one stripped
	for v in "-O0" "-O2 -no-pie" "-O2 -fcf-protection=full -Wl,-z,ibtplt"; do
		b="$T/p$np-$(echo "$v" | tr -dc 'a-zO0-9')"
		# shellcheck disable=SC2086
		cc $v -fno-builtin -include stdio.h -o "$b" "$T/p$np.c" 2>"$T/cc.err" ||
			{ cat "$T/cc.err" >&2; fail "cc $v failed"; }
		compare "$(basename "$b")" "$b" "$b:syms"
	done
	strip -o "$b.stripped" "$b" && compare "$(basename "$b").stripped" "$b.stripped"
done
# a library with its separate debug file (aliases, IFUNCs, PLT, objects)
libc=$(ldd "$T/p1-O0" | awk '/libc.so/ { print $3 }')
if [ -n "$libc" ]; then
	bid=$(readelf -n "$libc" | awk '/Build ID/ { print $3 }')
	dbg=/usr/lib/debug/.build-id/$(echo "$bid" | cut -c1-2)/$(echo "$bid" | cut -c3-).debug
	if [ -f "$dbg" ]; then
		compare libc "$libc" "$libc:syms:$dbg"
	else
		compare libc "$libc" "$libc:syms"
	fi
fi
echo "$n address sets named alike"
