#!/bin/sh
# report TUI in tmux: every row equals perf 6.1's report; End/PgUp/PgDn/Home/arrows move the cursor and scroll
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/tui-lib.sh"
tui_setup cpuburn-fp.data
cd "$T" || exit 1
# perf's entries, blanks squeezed: "18.88% 0.70% cpuburn cpuburn [.] cb_romeo_a_l5"
grep -E '^ +[0-9.]+% +[0-9.]+% ' "$D/cpuburn-fp.report.txt" | sed 's/^ *//; s/  */ /g' > perf.rows
nr=$(wc -l < perf.rows)
[ "$nr" -gt 40 ] || fail "expected more than 40 entries in perf's report, got $nr"
row() { _r=$(sed -n "${1}p" perf.rows | sed 's/[].[]/\\&/g; s/ / +/g';); [ -n "$_r" ] || fail "no row $1 in perf.rows"; echo "$_r"; }

tui_start 80 24 xterm-256color "$MPERF" report -i "$D/cpuburn-fp.data" \
	--symfs "$T/symfs" --kallsyms "$D/kallsyms"
tui_wait "of event 'cpu-clock:ppp'"
tui_assert_row 2 "^ All +\($nr rows\)"

# the whole table, printed with P, equals perf's rows in perf's order
tui_keys P
tui_wait "$nr rows written to mperf.hist.0"
grep -E '^[+ ] +[0-9.]+% ' mperf.hist.0 | sed 's/^[+ ] *//; s/  */ /g' > tui.rows
if ! cmp -s perf.rows tui.rows; then
	diff perf.rows tui.rows | head -20 >&2
	fail "TUI rows differ from perf report's"
fi

# 20 rows of content at 80x24: End puts the last entry on row 23
tui_wait_cursor "$(row 1)"
tui_keys End
tui_wait_cursor "$(row "$nr")"
tui_assert_row 23 "$(row "$nr")"
tui_assert_row 4 "$(row $((nr - 19)))"
# PgUp: one screen (19 rows) up
tui_keys PPage
tui_wait_cursor "$(row $((nr - 19)))"
tui_keys Home
tui_wait_cursor "$(row 1)"
tui_assert_row 4 "$(row 1)"
tui_keys NPage
tui_wait_cursor "$(row 20)"
tui_assert_row 4 "$(row 20)"
tui_keys Down Down
tui_wait_cursor "$(row 22)"
tui_keys Up
tui_wait_cursor "$(row 21)"
tui_keys q
tui_wait "[exit 0]"
exit 0
