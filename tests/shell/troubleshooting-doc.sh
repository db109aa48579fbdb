#!/bin/sh
# mperf-troubleshooting(7) lists every error, warning and open-failure advice the sources print
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip "needs python3"
tmpdir
doc="$TOP/Documentation/mperf-troubleshooting.txt"
[ -f "$doc" ] || fail "no $doc"
cd "$TOP" || exit 1
# Every pr_err/pr_warning format string, every advice evsel__strerror_open,
# kallsyms__hidden_advice and record__create_hint give, and the tracefs
# refusals of the event parser: the longest literal piece of each (between
# the printf conversions) must be in the page.
python3 - "$doc" <<'PY' || fail "messages missing from Documentation/mperf-troubleshooting.txt (listed above)"
import glob, re, sys

doc = ' '.join(open(sys.argv[1]).read().split())
conv = re.compile(r'%[-+ #0]*(\*|\d+)?(\.(\*|\d+))?(hh|h|ll|l|z|j|t|L)?[diouxXeEfgGcsp]|%%')

def literal_at(src, i):
    """Adjacent string literals (and PRI macros) from src[i]: the format."""
    out = []
    n = len(src)
    while i < n:
        while i < n and src[i] in ' \t\n':
            i += 1
        if i < n and src[i] == '"':
            j = i + 1
            while src[j] != '"':
                j += 2 if src[j] == '\\' else 1
            out.append(src[i + 1:j])
            i = j + 1
        elif src.startswith('PRI', i):
            m = re.match(r'PRI\w+', src[i:])
            out.append('d')	# "%" PRIu64: the % is in the literal
            i += m.end()
        else:
            break
    s = ''.join(out)
    return s.replace('\\n', '').replace('\\"', '"').replace('\\\\', '\\').replace('\\t', ' ')

def body(src, name):
    i = src.find('\n' + name) if not name.startswith(' ') else -1
    m = re.search(r'\n[^\n]*\b' + re.escape(name) + r'\([^;{]*\)\n\{', src)
    if not m:
        sys.exit(f"function {name} not found")
    end = src.find('\n}\n', m.end())
    return m.end(), end

msgs = []
for f in sorted(glob.glob('*.c') + glob.glob('util/*.c') + glob.glob('ui/*.c') +
                glob.glob('arch/*/*.c')):
    src = open(f).read()
    for m in re.finditer(r'\bpr_(err|warning)\s*\(', src):
        msgs.append((f, src.count('\n', 0, m.start()) + 1, literal_at(src, m.end())))
    for fn, pat in (('evsel__strerror_open', r'snprintf\(buf, size,'),
                    ('kallsyms__hidden_advice', r'snprintf\(buf, size,'),
                    ('record__create_hint', r'return\b')):
        if re.search(r'\b' + fn + r'\([^;{]*\)\n\{', src):
            b, e = body(src, fn)
            for m in re.finditer(pat, src[b:e]):
                k = b + m.end()
                msgs.append((f, src.count('\n', 0, k) + 1, literal_at(src, k)))
    if f == 'util/parse-events.c':
        for m in re.finditer(r'pe_error\(ps, [^,]*, strdup\(', src):
            help_ = literal_at(src, m.end())
            k = src.index(')', m.end()) + 1
            k = src.index(',', k) + 1
            text = literal_at(src, k)
            if 'tracefs' in text:
                msgs.append((f, src.count('\n', 0, m.start()) + 1, text))
                msgs.append((f, src.count('\n', 0, m.start()) + 1, help_))

missing = 0
checked = 0
for f, line, fmt in msgs:
    pieces = [' '.join(p.split()) for p in conv.split(fmt) if p]
    pieces = [p for p in pieces if p and not re.fullmatch(r'[\d.*]*|hh|h|ll|l|z|j|t|L', p)]
    key = max(pieces, key=len) if pieces else ''
    if len(key) < 10:
        continue	# "%s: %s": the text comes from elsewhere
    checked += 1
    if key not in doc:
        missing += 1
        print(f"{f}:{line}: not documented: {key!r}   (message: {fmt!r})")
print(f"{checked} messages checked, {missing} missing")
sys.exit(1 if missing or checked < 150 else 0)
PY
# the page builds as a section 7 man page
if command -v asciidoctor >/dev/null; then
	make -s -C "$TOP" Documentation/mperf-troubleshooting.7 >/dev/null 2>"$T/err" ||
		{ cat "$T/err"; fail "make Documentation/mperf-troubleshooting.7"; }
	grep -q '^\.TH "MPERF.-TROUBLESHOOTING" "7"' "$TOP/Documentation/mperf-troubleshooting.7" ||
		fail "mperf-troubleshooting.7 is not a section 7 page"
fi
echo ok
