#!/bin/sh
# report's branch mode equals perf 6.1's on LBR files crafted from its recordings (craft-perfdata.py branches): -b, the default on files with the BRANCH_STACK feature, --no-branch-stack, the branch sort keys, -F, filters, -g/--children, multi-event files, the closing Branch Statistics
. "$(dirname "$0")/lib.sh"
perf61_data cpuburn-plain.data cpuburn-fp.data multi-event.data syswide-fp.data
S=$(report_symargs)
# feat: the header says "branch stack" (perf record -b writes that), so
# branch mode is the default; b2: callchains, hw_idx, type_save, branches
# into the kernel and to unmapped addresses, empty stacks; b4: no feature
# (-b needed), calls only (ANY_CALL), 5 entries a stack
python3 "$CRAFT" branches "$D/cpuburn-plain.data" "$T/b1.data" feat || fail "craft b1"
python3 "$CRAFT" branches "$D/cpuburn-fp.data" "$T/b2.data" \
	feat,hwidx,typesave,kernel,unres,empty || fail "craft b2"
python3 "$CRAFT" branches "$D/multi-event.data" "$T/b3.data" feat || fail "craft b3"
python3 "$CRAFT" branches "$D/cpuburn-plain.data" "$T/b4.data" call,nr=5,kernel ||
	fail "craft b4"
python3 "$CRAFT" branches "$D/syswide-fp.data" "$T/b5.data" feat,kernel,unres || fail "craft b5"
"$PERF" report -i "$T/b1.data" --header-only 2>/dev/null | grep -q 'contains samples with branch stack' ||
	fail "perf does not see the BRANCH_STACK feature of the crafted file"

# br FILE OPTS...: the whole report, the Branch Statistics after perf's tip
# (mperf's quality summary) included, is perf's; the exit status too
br() {
	_f=$1; shift
	# shellcheck disable=SC2086
	"$PERF" report -i "$_f" --stdio $S "$@" 2>/dev/null | sed '/^# (.*)$/d' > "$T/p"
	# shellcheck disable=SC2086
	"$MPERF" report -i "$_f" --stdio $S "$@" 2>"$T/err" > "$T/m.raw" ||
		{ cat "$T/err" >&2; fail "mperf report $* on $_f: exit status"; }
	sed '/^# mperf quality: /d' "$T/m.raw" > "$T/m"
	cmp -s "$T/m" "$T/p" || { diff "$T/m" "$T/p" | head -20 >&2; fail "report $* on $_f differs from perf's"; }
	n=$((n + 1))
}

for f in b1 b2 b3 b5; do
	for o in "" "--no-branch-stack" "-b -n -s dso_from,dso_to" "-s mispredict" \
		"-s in_tx,abort" "-s cycles,mispredict" "-s addr_from" "-s addr_to" \
		"-F overhead,sample,symbol_from,addr_to,mispredict" "-s srcline_from" \
		"-s srcline_to" "--percent-limit 0.2" "--dsos cpuburn" "--comm cpuburn" \
		"-s srcline,srcfile" "-s addr,local_weight" \
		"--symbols cb_tango_b_l11" "-v" "-T" "-g" "-U" "--hierarchy" \
		"-s sym,dso" "-F symbol_from,dso_to,addr_from,in_tx,overhead"; do
		# shellcheck disable=SC2086
		br "$T/$f.data" $o
	done
done
for o in "" "-b" "-b -s dso_to,cycles" "-b -F overhead,symbol_to,sample"; do
	# shellcheck disable=SC2086
	br "$T/b4.data" $o
done
grep -q '^# Branch Statistics:$' "$T/p" || fail "no Branch Statistics in perf's report"
grep -q 'Source Symbol' "$T/p" && fail "b4 with -F: the default keys were shown"
br "$T/b1.data" -b
grep -q '^# Samples: 3K of event' "$T/p" || fail "perf's branch report counts no 3K branches"
grep -q 'Basic Block Cycles' "$T/p" || fail "no default branch keys in perf's report"

# the refusals: one line each, perf's exit status (0) where perf prints one
"$MPERF" report -i "$D/cpuburn-plain.data" --stdio -b >"$T/out" 2>"$T/err" ||
	fail "-b without branch stacks: exit status (perf's is 0)"
assert_eq "one error line" 1 "$(wc -l <"$T/err")"
assert_contains "-b refusal" "no branch stacks" "$T/err"
"$MPERF" report -i "$T/b1.data" --stdio --mem-mode >"$T/out" 2>"$T/err" ||
	fail "--mem-mode in branch mode: exit status (perf's is 0)"
assert_contains "mem and branch" "--no-branch-stack" "$T/err"
"$MPERF" report -i "$D/cpuburn-plain.data" --stdio -s dso_from >"$T/out" 2>"$T/err" &&
	fail "a branch key taken outside branch mode"
assert_eq "one error line" 1 "$(wc -l <"$T/err")"
assert_contains "branch key refusal" "add -b" "$T/err"
# --stitch-lbr: off with a warning where perf finds no LBR callchain (its
# output then as without), refused in one line on branch stacks, where
# perf would stitch and mperf does not
br "$D/cpuburn-fp.data" --stitch-lbr
grep -q -- "--stitch-lbr: the file has no LBR callchains" "$T/err" || fail "--stitch-lbr: no warning"
for c in report script; do
	"$MPERF" $c -i "$T/b2.data" --stitch-lbr >"$T/out" 2>"$T/err" &&
		fail "$c --stitch-lbr on branch stacks: exit status 0"
	assert_eq "one error line" 1 "$(wc -l <"$T/err")"
	assert_contains "$c --stitch-lbr refusal" "stitching is not implemented" "$T/err"
done
echo "ok: $n branch reports equal perf's"
