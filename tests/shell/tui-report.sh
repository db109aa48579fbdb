#!/bin/sh
# report TUI in tmux: open, expand a callchain, zoom dso/thread and out, filter, help, annotate, E/C, P, i, resize, quit
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/tui-lib.sh"
tui_setup dsouser-fp.data
cd "$T" || exit 1

# the hottest address of mwork_inner according to perf script (leaf frames)
hot=$(awk '/^[^\t]/ { leaf = 1; next } leaf && /mwork_inner\+/ { n[$1]++ } { leaf = 0 }
	END { for (a in n) if (n[a] > best) { best = n[a]; h = a } print h }' \
	"$D/dsouser-fp.script.txt")
[ -n "$hot" ] || fail "no mwork_inner samples in the perf script output"

# (-M and --asm-raw style the annotate view: Intel syntax, bytes first)
tui_start 80 24 xterm-256color "$MPERF" report -i "$D/dsouser-fp.data" \
	--symfs "$T/symfs" --kallsyms "$D/kallsyms" -M x86-64,intel --asm-raw

# open: title, breadcrumb, labelled columns, perf's numbers, key hints
tui_wait "of event 'cpu-clock:ppp'"
tui_assert_row 1 "^Samples: 500  of event 'cpu-clock:ppp', Event count \(approx\.\): 500500500"
tui_assert_row 2 "^ All +\(7 rows\)"
tui_assert_row 3 "^ +Children +Self +Command +Shared Object +Symbol"
tui_assert_row 4 '^\+ +100\.00% +0\.00% +dsouser +libc\.so\.6 +\[\.\] __libc_start_call_main'
tui_assert_row 7 '^\+ +42\.40% +42\.40% +dsouser +libmwork\.so +\[\.\] mwork_inner'
tui_assert_row 10 '^\+ +19\.20% +19\.20% +dsouser +libmwork\.so +\[\.\] mwork_hash'
tui_assert_row 24 '^h help .*q quit'

# expand the callchain of mwork_inner (as perf's graph: 21.80% via mwork_entry)
tui_keys Down Down Down Enter
tui_wait "21.80% mwork_entry"
tui_assert_row 7 '^- +42\.40% +42\.40% .*mwork_inner'
tui_assert_row 8 '^ +- 42\.40% __libc_start_call_main'
tui_assert_row 11 '^ +- 21\.80% mwork_entry'
tui_assert_row 12 '^ +mwork_inner'
tui_assert_row 13 '^ +20\.60% mwork_inner'
tui_assert_row 2 '\(13 rows\)'
# fold a callchain node, unfold it, collapse the entry with 'e'
tui_keys Down Down Down Down '+'
tui_wait "(12 rows)"
tui_assert_row 11 '^ +\+ 21\.80% mwork_entry'
tui_keys '+'
tui_wait "(13 rows)"
tui_keys Up Up Up Up e
tui_wait "(7 rows)"
tui_assert_not '21\.80% mwork_entry'

# zoom into the dso of mwork_inner, then out with Left
tui_keys d
tui_wait "All > dso: libmwork.so"
tui_assert_row 2 '^ All > dso: libmwork\.so +\(3 rows\)'
tui_assert_not 'local_burn'
tui_assert_has 'libmwork\.so +\[\.\] mwork_hash'
tui_keys Left
tui_wait "(7 rows)"
tui_assert_has 'dsouser +\[\.\] local_burn'
# zoom into the thread, stacked with a dso zoom; ESC pops one level each
tui_keys t
tui_wait "All > thread: dsouser "
tui_keys Down d
tui_wait "> dso: "
tui_assert_row 2 '^ All > thread: dsouser [0-9]+ > dso: '
tui_keys Escape
tui_wait_gone "> dso: "
tui_assert_row 2 '^ All > thread: dsouser [0-9]+ +\(7 rows\)'
tui_keys Escape
tui_wait "All   (7 rows)"

# filter by symbol name with /
tui_keys /
tui_wait "Symbol filter"
tui_keys h a s h Enter
tui_wait 'symbols matching "hash"'
tui_assert_row 2 '\(1 rows\)'
tui_assert_row 4 'mwork_hash'
tui_assert_not 'mwork_inner'
# ESC and the next keys in one burst: ESC is not taken as a sequence start
tui_keys Escape Home Down Down Down d
tui_wait "All > dso: libmwork.so   (3 rows)"
tui_keys Left
tui_wait "All   (7 rows)"

# help screen and back
tui_keys h
tui_wait "zoom into the dso of the entry"
tui_assert_has '^TAB/S-TAB +next / previous event'
tui_keys q
tui_wait "All   (7 rows)"

# annotate mwork_inner: capstone disassembly, the hottest instruction is
# perf script's most sampled address, and H selects it
tui_keys Home Down Down Down a
tui_wait "Annotate: mwork_inner  (libmwork.so, cpu-clock:ppp, 1 of 10 insns hit)"
tui_assert_has "^ +100\.00 . +$hot: +([0-9a-f]{2} )+ +add "
tui_assert_has "^ +. +1120: +48 89 f8 +mov +rax, rdi"
tui_keys End
tui_keys H
n=30
while [ $n -gt 0 ]; do
	tmx capture-pane -p -e -t "$TUI_S" | grep " $hot:" | grep -q '46m' && break
	sleep 0.1; n=$((n - 1))
done
[ $n -gt 0 ] || fail "H did not select the hottest instruction $hot"
tui_keys Escape
tui_wait "All   (7 rows)"

# E expands every callchain, C collapses them
tui_keys E
tui_wait "(44 rows)"
tui_assert_has '^ +- 61\.60% driver'
tui_assert_row 24 '^h help'
tui_assert_row 23 '^- +42\.40% +42\.40% .*mwork_inner'
tui_keys C
tui_wait "(7 rows)"

# P prints the current view to mperf.hist.0
tui_keys P
tui_wait "7 rows written to mperf.hist.0"
[ -f mperf.hist.0 ] || fail "P wrote no mperf.hist.0"
assert_contains "printed view" "Samples: 500  of event 'cpu-clock:ppp'" mperf.hist.0
grep -qE '^\+ +42\.40% +42\.40% +dsouser +libmwork\.so +\[\.\] mwork_inner$' mperf.hist.0 ||
	{ cat mperf.hist.0 >&2; fail "mperf.hist.0 lacks the mwork_inner row"; }

# i: header info
tui_keys i
tui_wait "perf.data header info"
tui_assert_has '^# hostname : '
tui_assert_has '^# cmdline : '
tui_keys q
tui_wait "All   (7 rows)"

# resize: everything redrawn at the new size, footer on the last row
tmx resize-window -t "$TUI_S" -x 120 -y 40
n=50
while [ $n -gt 0 ]; do
	tui_row 40 | grep -q '^h help' && break
	sleep 0.1; n=$((n - 1))
done
[ $n -gt 0 ] || { tui_screen >&2; fail "no footer on row 40 after resizing to 120x40"; }
tui_assert_row 1 "^Samples: 500  of event"
tui_assert_row 7 'mwork_inner'
tmx resize-window -t "$TUI_S" -x 80 -y 24
n=50
while [ $n -gt 0 ]; do
	tui_row 24 | grep -q '^h help' && break
	sleep 0.1; n=$((n - 1))
done
[ $n -gt 0 ] || { tui_screen >&2; fail "no footer on row 24 after resizing back"; }

# quit
tui_keys q
tui_wait "[exit 0]"
exit 0
