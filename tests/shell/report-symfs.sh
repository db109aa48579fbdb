#!/bin/sh
# --symfs DIR takes every file from DIR as perf does: the recorded path under
# DIR, the build-id cache DIR/.debug (not ~/.debug), never this machine's
# files, no basename fallback, no /proc/kallsyms; report and script equal perf's
. "$(dirname "$0")/lib.sh"
need_perf
need_root
tmpdir
[ -x "$WL/dsouser" ] || skip "workloads not built (make workloads)"
D="$DATA/perf-6.1"
# a recording with its own build-id cache (HOME is where perf keeps it)
mkdir -p "$T/home" "$T/empty" "$T/flat" "$T/cached" "$T/nohome"
HOME=$T/home "$PERF" record -q -g -o "$T/fresh.data" -- "$WL/dsouser" 0.1 >/dev/null 2>&1 ||
	skip "perf record -g does not work here"
[ -d "$T/home/.debug/.build-id" ] || skip "perf record filled no build-id cache"
cp -a "$T/home/.debug" "$T/cached/"
# the binaries by basename at the top of DIR: perf does not look there
cp "$D/bin/dsouser" "$D/bin/libmwork.so" "$T/flat/"
n=0
# this machine's ~/.debug holds the objects: unused with --symfs
export HOME="$T/home"
both "$T/fresh.data" --symfs "$T/empty"
grep -q '\[\.\] 0x0000000000001' "$T/perf" || fail "perf resolved the workload outside the --symfs tree"
# (a short run may have no kernel sample at all: then there is nothing to name)
grep '\[kernel.kallsyms\] *\[k\]' "$T/perf" | grep -vq '\[k\] 0xffffffff' &&
	fail "perf resolved kernel symbols with --symfs and no --kallsyms"
both "$T/fresh.data" --symfs "$T/empty" --no-children -g none -s dso,sym
# DIR/.debug is the cache then: everything but the kernel resolves
both "$T/fresh.data" --symfs "$T/cached"
grep -q '\[\.\] mwork_inner' "$T/perf" || fail "perf did not use DIR/.debug"
both "$T/fresh.data" --symfs "$T/cached/" --kallsyms /proc/kallsyms
script_vs_perf "$T/fresh.data" --symfs "$T/cached"
# libmwork.so stripped to .dynsym in DIR and in DIR/.debug, its debug file at
# DIR/usr/lib/debug/PATH.debug: perf takes the symbols from the debug file
# (origin letter f with -v), not from the second stripped copy
bid=$("$PERF" buildid-list -i "$T/fresh.data" 2>/dev/null | awk '$2 ~ /libmwork.so$/ { print $1 }')
if [ -n "$bid" ] && command -v strip >/dev/null && command -v objcopy >/dev/null; then
	S=$T/stripped
	B=$(echo "$bid" | cut -c1-2)
	C=$S/.debug/.build-id/$B/$(echo "$bid" | cut -c3-)
	mkdir -p "$S$WL" "$S/usr/lib/debug$WL" "$S/usr/lib/debug/.build-id/$B" "$C"
	strip --strip-all -o "$S$WL/libmwork.so" "$WL/libmwork.so"
	cp "$S$WL/libmwork.so" "$C/elf"
	objcopy --only-keep-debug "$WL/libmwork.so" "$S/usr/lib/debug$WL/libmwork.so.debug"
	cp "$WL/dsouser" "$S$WL/"
	both "$T/fresh.data" --symfs "$S" --no-children -s dso,sym -v
	grep -q ' f \[\.\] mwork_inner' "$T/perf" || fail "perf did not take libmwork.so's debug file"
	# a debug file in the cache and one under usr/lib/debug/.build-id:
	# perf reads the cache's (D) first
	cp "$S/usr/lib/debug$WL/libmwork.so.debug" "$C/debug"
	cp "$C/debug" "$S/usr/lib/debug/.build-id/$B/$(echo "$bid" | cut -c3-).debug"
	both "$T/fresh.data" --symfs "$S" --no-children -s dso,sym -v
	grep -q ' D \[\.\] mwork_inner' "$T/perf" || fail "perf did not take the cache's debug file"
fi

# "/" is no tree: this machine's files and kernel, the cache is /.debug
export HOME="$T/nohome"
both "$T/fresh.data" --symfs /
# a perf 6.1 file without libc's build-id: libc is not taken from /usr
both "$D/dsouser-fp.data" --symfs "$T/flat" --kallsyms "$D/kallsyms"
grep -q '\[\.\] 0x0000000000001144' "$T/perf" || fail "perf found a binary by its basename"
both "$D/dsouser-fp.data" --symfs "$(report_symargs | cut -d' ' -f2)" --kallsyms "$D/kallsyms"
# --call-graph dwarf: perf's unwinder stops at a frame whose file is not
# in the tree, and unwinds nothing in a process with no file there
export HOME="$T/home"
if "$PERF" record -q --call-graph dwarf -o "$T/dw.data" -- "$WL/dsouser" 0.1 >/dev/null 2>&1; then
	for only in dsouser libmwork.so; do
		mkdir -p "$T/dw-$only$WL"
		ln -s /usr "$T/dw-$only/usr"
		cp "$WL/$only" "$T/dw-$only$WL/"
		both "$T/dw.data" --symfs "$T/dw-$only"
		script_vs_perf "$T/dw.data" --symfs "$T/dw-$only"
	done
	grep -q 'mwork_inner+0x' "$T/p" || fail "perf did not unwind libmwork.so from its copy"
	script_vs_perf "$T/dw.data" --symfs "$T/empty"
	both "$T/dw.data" --symfs "$T/empty" --no-children
fi
# a frame in the vdso: perf unwinds it from the copy perf record left in
# the build-id cache, and stops there without one (DIR/.debug missing)
if command -v gcc >/dev/null; then
	cat > "$T/vd.c" <<'EOC'
#include <time.h>
int main(void)
{
	struct timespec a, b;

	clock_gettime(CLOCK_MONOTONIC, &a);
	do
		clock_gettime(CLOCK_MONOTONIC, &b);
	while ((b.tv_sec - a.tv_sec) * 1000000000L + b.tv_nsec - a.tv_nsec < 100000000L);
	return 0;
}
EOC
	gcc -O1 -o "$T/vd" "$T/vd.c" || fail "cannot build the vdso loop"
	"$PERF" record -q --call-graph dwarf -o "$T/vd.data" -- "$T/vd" >/dev/null 2>&1 ||
		fail "perf record of the vdso loop failed"
	mkdir -p "$T/vd-tree$T"
	ln -s /usr "$T/vd-tree/usr"
	cp "$T/vd" "$T/vd-tree$T/"
	for fs in "$T/vd-tree" /; do
		script_vs_perf "$T/vd.data" --symfs "$fs"
		both "$T/vd.data" --symfs "$fs" --no-children
	done
	grep -q '(\[vdso\])$' "$T/p" || fail "perf showed no vdso frame"
fi
echo "ok: $n reports and scripts with --symfs equal perf's"
