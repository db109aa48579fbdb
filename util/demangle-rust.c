// SPDX-License-Identifier: GPL-2.0
/*
 * Rust symbol names as perf 6.1 shows them.
 *
 * Debian's perf demangles with libiberty's cplus_demangle in its automatic
 * style without DMGL_VERBOSE, which tries Rust before C++. So a Rust name
 * shows as rustc's own demangler shows it in its short form: no hash, no
 * crate disambiguators, and no suffix (".llvm.123", ".cold", ".2483").
 *
 * Two manglings, both written by rustc today (a program's own code in the
 * legacy one, the standard library's prebuilt code in v0):
 *
 *  - legacy: "_ZN" {<len><ident>} "E", whose last ident is "h" and 16 hex
 *    digits (the hash). Idents escape what is not an identifier character
 *    as "$LT$", "$u20$"..., and ".." stands for "::".
 *  - v0 (RFC 2603): "_R" <path> [<instantiating crate>], a grammar of
 *    paths, types, generic arguments and constants with back references.
 *
 * A name that does not parse as a whole is not Rust: NULL, and the caller
 * tries C++ or keeps the name.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "demangle-rust.h"

/* a real name demangles to a few KiB; back references can make a crafted
 * one grow exponentially */
#define OUT_MAX (256 * 1024)
#define DEPTH_MAX 1024

struct out {
	char *buf;
	size_t len, cap;
	bool err;
};

static void put(struct out *o, const char *s, size_t n)
{
	if (o->err)
		return;
	if (o->len + n + 1 > o->cap) {
		size_t cap = o->cap ? o->cap : 128;
		char *b;

		while (cap < o->len + n + 1)
			cap *= 2;
		if (cap > OUT_MAX || !(b = realloc(o->buf, cap))) {
			o->err = true;
			return;
		}
		o->buf = b;
		o->cap = cap;
	}
	memcpy(o->buf + o->len, s, n);
	o->len += n;
	o->buf[o->len] = '\0';
}

static void puts_(struct out *o, const char *s)
{
	put(o, s, strlen(s));
}

static void put_u64(struct out *o, uint64_t v)
{
	char tmp[24];
	int i = sizeof(tmp);

	do {
		tmp[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	put(o, tmp + i, sizeof(tmp) - i);
}

/* one code point as UTF-8; past U+10FFFF the lead byte keeps only its low
 * 8 bits, as perf's demangler writes it */
static void put_utf8(struct out *o, uint32_t c)
{
	char b[4];

	if (c < 0x80) {
		b[0] = (char)c;
		put(o, b, 1);
	} else if (c < 0x800) {
		b[0] = (char)(0xc0 | c >> 6);
		b[1] = (char)(0x80 | (c & 0x3f));
		put(o, b, 2);
	} else if (c < 0x10000) {
		b[0] = (char)(0xe0 | c >> 12);
		b[1] = (char)(0x80 | (c >> 6 & 0x3f));
		b[2] = (char)(0x80 | (c & 0x3f));
		put(o, b, 3);
	} else {
		b[0] = (char)(0xf0 | c >> 18);
		b[1] = (char)(0x80 | (c >> 12 & 0x3f));
		b[2] = (char)(0x80 | (c >> 6 & 0x3f));
		b[3] = (char)(0x80 | (c & 0x3f));
		put(o, b, 4);
	}
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int hex_val(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* ---- legacy ------------------------------------------------------------- */

/* "$LT$", "$u7e$"...: the text of one escape (between the '$'s); false
 * for one perf's demangler does not know */
static bool legacy_escape(struct out *o, const char *e, size_t n)
{
	static const struct { const char *code, *text; } named[] = {
		{ "SP", "@" }, { "BP", "*" }, { "RF", "&" }, { "LT", "<" },
		{ "GT", ">" }, { "LP", "(" }, { "RP", ")" }, { "C", "," },
	};
	char c;

	for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++)
		if (strlen(named[i].code) == n && !memcmp(e, named[i].code, n)) {
			puts_(o, named[i].text);
			return true;
		}
	/* "$u" and two hex digits, printable ASCII (and DEL) only */
	if (n != 3 || e[0] != 'u' || hex_val(e[1]) < 0 || hex_val(e[2]) < 0)
		return false;
	c = (char)(hex_val(e[1]) << 4 | hex_val(e[2]));
	if (c < 0x20)
		return false;
	put(o, &c, 1);
	return true;
}

static void legacy_ident(struct out *o, const char *s, size_t n)
{
	size_t i = 0;

	/* an ident cannot start with '$': rustc puts a '_' before it */
	if (n >= 2 && s[0] == '_' && s[1] == '$')
		i = 1;
	while (i < n) {
		if (s[i] == '.') {
			if (i + 1 < n && s[i + 1] == '.') {
				puts_(o, "::");
				i += 2;
			} else {
				puts_(o, ".");
				i++;
			}
		} else if (s[i] == '$') {
			const char *end = memchr(s + i + 1, '$', n - i - 1);

			/* from an escape it does not know on, perf's demangler
			 * shows the ident as it is */
			if (!end || !legacy_escape(o, s + i + 1, (size_t)(end - s) - i - 1)) {
				put(o, s + i, n - i);
				return;
			}
			i = (size_t)(end - s) + 1;
		} else {
			put(o, s + i, 1);
			i++;
		}
	}
}

static bool is_legacy_hash(const char *s, size_t n)
{
	if (n != 17 || s[0] != 'h')
		return false;
	for (size_t i = 1; i < n; i++)
		if (hex_val(s[i]) < 0)
			return false;
	return true;
}

static char *legacy(const char *p)
{
	struct { const char *s; size_t n; } seg[256];
	size_t nseg = 0;
	struct out o = { 0 };

	while (*p != 'E') {
		size_t n = 0;

		if (!is_digit(*p) || *p == '0' || nseg == sizeof(seg) / sizeof(seg[0]))
			return NULL;
		while (is_digit(*p)) {
			n = n * 10 + (size_t)(*p++ - '0');
			if (n > 4096)
				return NULL;
		}
		if (strnlen(p, n) < n)
			return NULL;
		for (size_t i = 0; i < n; i++) {
			char c = p[i];

			if (!(c == '_' || c == '.' || c == '$' || c == ':' || is_digit(c) ||
			      (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
				return NULL;
		}
		seg[nseg].s = p;
		seg[nseg++].n = n;
		p += n;
	}
	/* after the 'E' only a suffix: ".llvm.<n>", ".<n>" */
	if (p[1] && p[1] != '.')
		return NULL;
	if (nseg < 2 || !is_legacy_hash(seg[nseg - 1].s, seg[nseg - 1].n))
		return NULL;
	for (size_t i = 0; i + 1 < nseg; i++) {
		if (i)
			puts_(&o, "::");
		legacy_ident(&o, seg[i].s, seg[i].n);
	}
	if (o.err || !o.buf) {
		free(o.buf);
		return NULL;
	}
	return o.buf;
}

/* ---- v0 ----------------------------------------------------------------- */

struct v0 {
	const char *s;		/* after "_R" */
	size_t n, pos;
	unsigned depth;
	uint64_t bound;		/* lifetimes bound by the enclosing binders */
	struct out *o;		/* NULL while skipping */
	bool err;
};

struct ident {
	const char *s;
	size_t n;
	bool puny;
};

static char peek(struct v0 *v)
{
	return v->pos < v->n ? v->s[v->pos] : '\0';
}

static bool eat(struct v0 *v, char c)
{
	if (peek(v) != c)
		return false;
	v->pos++;
	return true;
}

static void fail(struct v0 *v)
{
	v->err = true;
	v->pos = v->n;
}

/* output past its limit ends the parse too (a name of back references
 * to back references would take exponential time) */
static void emit_n(struct v0 *v, const char *s, size_t n)
{
	if (!v->o)
		return;
	put(v->o, s, n);
	if (v->o->err)
		fail(v);
}

static void emit(struct v0 *v, const char *s)
{
	emit_n(v, s, strlen(s));
}

/* {0-9a-zA-Z} "_": "_" is 0, else the digits' value plus one */
static uint64_t base62(struct v0 *v)
{
	uint64_t x = 0;

	if (eat(v, '_'))
		return 0;
	for (;;) {
		char c = peek(v);
		uint64_t d;

		if (c == '_') {
			v->pos++;
			break;
		}
		if (c >= '0' && c <= '9')
			d = (uint64_t)(c - '0');
		else if (c >= 'a' && c <= 'z')
			d = (uint64_t)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'Z')
			d = (uint64_t)(c - 'A' + 36);
		else {
			fail(v);
			return 0;
		}
		v->pos++;
		if (x > (UINT64_MAX - d) / 62) {
			fail(v);
			return 0;
		}
		x = x * 62 + d;
	}
	if (x == UINT64_MAX) {
		fail(v);
		return 0;
	}
	return x + 1;
}

/* ["s" <base62>]: 0 when absent, else the number plus one */
static uint64_t disambiguator(struct v0 *v)
{
	uint64_t d;

	if (!eat(v, 's'))
		return 0;
	d = base62(v);
	if (d == UINT64_MAX) {
		fail(v);
		return 0;
	}
	return d + 1;
}

static size_t decimal(struct v0 *v)
{
	size_t x = 0;

	if (!is_digit(peek(v))) {
		fail(v);
		return 0;
	}
	if (eat(v, '0'))
		return 0;
	while (is_digit(peek(v))) {
		x = x * 10 + (size_t)(v->s[v->pos++] - '0');
		if (x > v->n) {
			fail(v);
			return 0;
		}
	}
	return x;
}

/* ["u"] <decimal> ["_"] <bytes> */
static struct ident ident(struct v0 *v)
{
	struct ident id = { "", 0, false };
	size_t n;

	id.puny = eat(v, 'u');
	n = decimal(v);
	if (v->err)
		return id;
	eat(v, '_');
	if (n > v->n - v->pos || (id.puny && !n)) {
		fail(v);
		return id;
	}
	id.s = v->s + v->pos;
	id.n = n;
	v->pos += n;
	return id;
}

/*
 * RFC 3492 with '_' as the delimiter, as rustc writes non-ASCII idents.
 * 0, or -1 for what makes perf's demangler give up on the whole name (no
 * encoded part, a character that is no digit, an overflow), or 1 for an
 * encoded part that stops in a number, which it shows as nothing. Code
 * points are not checked, as in perf's.
 */
static int put_punycode(struct out *o, const char *s, size_t n)
{
	uint32_t cp[512];
	bool ins[512];
	size_t len = 0, basic = 0, i, k;
	uint32_t code = 128;
	uint64_t bias = 72, idx = 0;
	bool first = true;

	for (k = n; k > 0; k--)
		if (s[k - 1] == '_') {
			basic = k - 1;
			break;
		}
	if (basic > sizeof(cp) / sizeof(cp[0]))
		return -1;
	if (basic && basic + 1 == n)
		return -1;
	for (i = 0; i < basic; i++) {
		cp[len] = (unsigned char)s[i];
		ins[len++] = false;
	}
	i = basic ? basic + 1 : 0;
	while (i < n) {
		uint64_t old = idx, w = 1, t, delta, kk = 0;

		for (k = 36;; k += 36) {
			uint64_t d;
			char c;

			if (i == n)
				return 1;
			c = s[i++];
			if (c >= 'a' && c <= 'z')
				d = (uint64_t)(c - 'a');
			else if (c >= '0' && c <= '9')
				d = (uint64_t)(c - '0' + 26);
			else
				return -1;
			if (d && w > (UINT64_MAX - idx) / d)
				return -1;
			idx += d * w;
			t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
			if (d < t)
				break;
			if (w > UINT64_MAX / (36 - t))
				return -1;
			w *= 36 - t;
		}
		/* the bias for the next number */
		delta = first ? (idx - old) / 700 : (idx - old) / 2;
		first = false;
		delta += delta / (len + 1);
		while (delta > 455) {
			delta /= 35;
			kk += 36;
		}
		bias = kk + 36 * delta / (delta + 38);
		if (len == sizeof(cp) / sizeof(cp[0]))
			return -1;
		/* the code point wraps at 32 bits in perf's demangler */
		code += (uint32_t)(idx / (len + 1));
		idx %= len + 1;
		memmove(cp + idx + 1, cp + idx, (len - idx) * sizeof(cp[0]));
		memmove(ins + idx + 1, ins + idx, (len - idx) * sizeof(ins[0]));
		cp[idx] = code;
		ins[idx++] = true;
		len++;
	}
	for (i = 0; i < len; i++) {
		/* a decoded code point takes 2 bytes at least, even below
		 * U+0080, as perf's demangler writes it */
		if (ins[i] && cp[i] < 0x80) {
			char b[2] = { (char)(0xc0 | cp[i] >> 6), (char)(0x80 | (cp[i] & 0x3f)) };

			put(o, b, 2);
		} else {
			put_utf8(o, cp[i]);
		}
	}
	return 0;
}

static void emit_ident(struct v0 *v, struct ident id)
{
	if (!v->o)
		return;
	if (!id.puny)
		put(v->o, id.s, id.n);
	else if (put_punycode(v->o, id.s, id.n) < 0)
		fail(v);
}

static void path(struct v0 *v, bool in_value);
static void type(struct v0 *v);
static void konst(struct v0 *v);

static bool enter(struct v0 *v)
{
	if (v->err || ++v->depth > DEPTH_MAX) {
		fail(v);
		return false;
	}
	return true;
}

/* "B" <base62>: a position before this one; @fn there, then back here */
static void backref(struct v0 *v, void (*fn)(struct v0 *, bool), bool arg)
{
	size_t start = v->pos - 1, at, here;

	at = (size_t)base62(v);
	if (v->err || at >= start) {
		fail(v);
		return;
	}
	if (!v->o)
		return;		/* skipping: nothing to print */
	here = v->pos;
	v->pos = at;
	fn(v, arg);
	if (!v->err)
		v->pos = here;
}

static void type_fn(struct v0 *v, bool unused)
{
	type(v);
}

static void konst_fn(struct v0 *v, bool unused)
{
	konst(v);
}

static void lifetime(struct v0 *v, uint64_t lt)
{
	char b[24];

	if (lt == 0) {
		emit(v, "'_");
		return;
	}
	/* one not bound here: perf's demangler counts below zero (unsigned) */
	lt = v->bound - lt;
	if (lt < 26) {
		b[0] = '\'';
		b[1] = (char)('a' + lt);
		emit_n(v, b, 2);
	} else {
		emit(v, "'_");
		if (v->o)
			put_u64(v->o, lt);
	}
}

/* ["G" <base62>]: "for<'a, 'b> " when bound lifetimes follow (a count
 * past what the output can hold ends at its limit) */
static void binder(struct v0 *v)
{
	uint64_t n, i;

	if (!eat(v, 'G'))
		return;
	n = base62(v) + 1;
	emit(v, "for<");
	for (i = 0; i < n && !v->err; i++) {
		if (i)
			emit(v, ", ");
		v->bound++;
		lifetime(v, 1);
	}
	emit(v, "> ");
}

/* {<item>} "E", the items shown with @sep between them; how many */
static int list(struct v0 *v, const char *sep, void (*item)(struct v0 *))
{
	int i;

	for (i = 0; !v->err && !eat(v, 'E'); i++) {
		if (v->pos >= v->n) {
			fail(v);
			break;
		}
		if (i)
			emit(v, sep);
		item(v);
	}
	return i;
}

/* <lifetime> | "K" <const> | <type> */
static void generic_arg(struct v0 *v)
{
	if (eat(v, 'L'))
		lifetime(v, base62(v));
	else if (eat(v, 'K'))
		konst(v);
	else
		type(v);
}

/* a path, its generic args left open when @open (for dyn bindings):
 * returns whether a '<' is open */
static bool path_open(struct v0 *v, bool in_value, bool open)
{
	char c;

	if (!enter(v))
		return false;
	c = peek(v);
	v->pos++;
	switch (c) {
	case 'C': {
		struct ident id;

		disambiguator(v);
		id = ident(v);
		emit_ident(v, id);
		break;
	}
	case 'N': {
		char ns = peek(v);
		uint64_t dis;
		struct ident id;

		if (!((ns >= 'a' && ns <= 'z') || (ns >= 'A' && ns <= 'Z'))) {
			fail(v);
			break;
		}
		v->pos++;
		path(v, in_value);
		dis = disambiguator(v);
		id = ident(v);
		if (v->err)
			break;
		if (ns >= 'A' && ns <= 'Z') {
			char k[2] = { ns, 0 };

			emit(v, "::{");
			emit(v, ns == 'C' ? "closure" : ns == 'S' ? "shim" : k);
			if (id.n) {
				emit(v, ":");
				emit_ident(v, id);
			}
			emit(v, "#");
			if (v->o)
				put_u64(v->o, dis);
			emit(v, "}");
		} else if (id.n) {
			emit(v, "::");
			emit_ident(v, id);
		}
		break;
	}
	case 'M':
	case 'X':
	case 'Y': {
		struct out *o = v->o;

		if (c != 'Y') {
			/* the impl's own path is not shown */
			disambiguator(v);
			v->o = NULL;
			path(v, false);
			v->o = o;
		}
		emit(v, "<");
		type(v);
		if (c != 'M') {
			emit(v, " as ");
			path(v, false);
		}
		emit(v, ">");
		break;
	}
	case 'I':
		path(v, in_value);
		if (in_value)
			emit(v, "::");
		emit(v, "<");
		list(v, ", ", generic_arg);
		if (open) {
			v->depth--;
			return true;
		}
		emit(v, ">");
		break;
	case 'B': {
		size_t start = v->pos - 1, at, here;
		bool opened = false;

		at = (size_t)base62(v);
		if (v->err || at >= start) {
			fail(v);
			break;
		}
		if (v->o) {
			here = v->pos;
			v->pos = at;
			opened = path_open(v, in_value, open);
			if (!v->err)
				v->pos = here;
		}
		v->depth--;
		return opened;
	}
	default:
		fail(v);
	}
	v->depth--;
	return false;
}

static void path(struct v0 *v, bool in_value)
{
	path_open(v, in_value, false);
}

static const char *basic_type(char c)
{
	switch (c) {
	case 'a': return "i8";
	case 'b': return "bool";
	case 'c': return "char";
	case 'd': return "f64";
	case 'e': return "str";
	case 'f': return "f32";
	case 'h': return "u8";
	case 'i': return "isize";
	case 'j': return "usize";
	case 'l': return "i32";
	case 'm': return "u32";
	case 'n': return "i128";
	case 'o': return "u128";
	case 's': return "i16";
	case 't': return "u16";
	case 'u': return "()";
	case 'v': return "...";
	case 'x': return "i64";
	case 'y': return "u64";
	case 'z': return "!";
	case 'p': return "_";
	default: return NULL;
	}
}

static void fn_sig(struct v0 *v)
{
	uint64_t bound = v->bound;

	binder(v);
	if (eat(v, 'U'))
		emit(v, "unsafe ");
	if (eat(v, 'K')) {
		emit(v, "extern \"");
		if (eat(v, 'C')) {
			emit(v, "C");
		} else {
			struct ident id = ident(v);

			if (id.puny)
				fail(v);
			for (size_t i = 0; !v->err && i < id.n; i++)
				emit_n(v, id.s[i] == '_' ? "-" : id.s + i, 1);
		}
		emit(v, "\" ");
	}
	emit(v, "fn(");
	list(v, ", ", type);
	emit(v, ")");
	if (eat(v, 'u')) {
		/* returns (): nothing shown */
	} else {
		emit(v, " -> ");
		type(v);
	}
	v->bound = bound;
}

/* <path> {"p" <ident> <type>}: the bindings join the path's generic
 * arguments ("Tr<u8, Item = u8>") */
static void dyn_trait(struct v0 *v)
{
	bool open = path_open(v, false, true);

	for (int j = 0; !v->err && eat(v, 'p'); j++) {
		struct ident id = ident(v);

		emit(v, open || j ? ", " : "<");
		open = true;
		emit_ident(v, id);
		emit(v, " = ");
		type(v);
	}
	if (open)
		emit(v, ">");
}

static void dyn_bounds(struct v0 *v)
{
	uint64_t bound = v->bound;

	emit(v, "dyn ");
	binder(v);
	list(v, " + ", dyn_trait);
	v->bound = bound;
}

static void type(struct v0 *v)
{
	const char *basic;
	char c;

	if (!enter(v))
		return;
	c = peek(v);
	basic = basic_type(c);
	if (basic) {
		v->pos++;
		emit(v, basic);
		v->depth--;
		return;
	}
	v->pos++;
	switch (c) {
	case 'R':
	case 'Q':
		emit(v, "&");
		if (eat(v, 'L')) {
			uint64_t lt = base62(v);

			if (lt) {
				lifetime(v, lt);
				emit(v, " ");
			}
		}
		if (c == 'Q')
			emit(v, "mut ");
		type(v);
		break;
	case 'P':
		emit(v, "*const ");
		type(v);
		break;
	case 'O':
		emit(v, "*mut ");
		type(v);
		break;
	case 'A':
		emit(v, "[");
		type(v);
		emit(v, "; ");
		konst(v);
		emit(v, "]");
		break;
	case 'S':
		emit(v, "[");
		type(v);
		emit(v, "]");
		break;
	case 'T':
		emit(v, "(");
		if (list(v, ", ", type) == 1)
			emit(v, ",");
		emit(v, ")");
		break;
	case 'F':
		fn_sig(v);
		break;
	case 'D': {
		uint64_t lt;

		dyn_bounds(v);
		if (!eat(v, 'L')) {
			fail(v);
			break;
		}
		lt = base62(v);
		if (lt) {
			emit(v, " + ");
			lifetime(v, lt);
		}
		break;
	}
	case 'B':
		backref(v, type_fn, false);
		break;
	default:
		v->pos--;
		path(v, false);
	}
	v->depth--;
}

/* a char constant as perf's demangler shows it: '!' to '}' as they are
 * (quote and backslash too), \t \r \n, the rest as \u{hex} */
static void put_char_lit(struct out *o, uint32_t c)
{
	static const char hex[] = "0123456789abcdef";
	char b[8];
	int n = 0;

	puts_(o, "'");
	if (c == '\t') {
		puts_(o, "\\t");
	} else if (c == '\r') {
		puts_(o, "\\r");
	} else if (c == '\n') {
		puts_(o, "\\n");
	} else if (c > ' ' && c < '~') {
		b[0] = (char)c;
		put(o, b, 1);
	} else {
		puts_(o, "\\u{");
		do
			b[n++] = hex[c & 0xf];
		while (c >>= 4);
		while (n)
			put(o, &b[--n], 1);
		puts_(o, "}");
	}
	puts_(o, "'");
}

/* <type> <const-data> | "p" | <backref> */
static void konst(struct v0 *v)
{
	char c;
	bool neg = false;
	uint64_t x = 0;
	size_t digits = 0, hex = 0;

	if (!enter(v))
		return;
	c = peek(v);
	v->pos++;
	if (c == 'p') {
		emit(v, "_");
		v->depth--;
		return;
	}
	if (c == 'B') {
		backref(v, konst_fn, false);
		v->depth--;
		return;
	}
	switch (c) {
	case 'a': case 's': case 'l': case 'x': case 'n': case 'i':
		neg = eat(v, 'n');
		/* fall through */
	case 'h': case 't': case 'm': case 'y': case 'o': case 'j':
	case 'b': case 'c':
		hex = v->pos;
		while (!eat(v, '_')) {
			int d = hex_val(peek(v));

			if (d < 0) {
				fail(v);
				break;
			}
			x = x << 4 | (uint64_t)d;
			digits++;
			v->pos++;
		}
		/* perf's demangler: a bool is one digit, a char at most 8 */
		if (!digits || (c == 'b' && digits != 1) || (c == 'c' && digits > 8))
			fail(v);
		break;
	default:
		fail(v);
	}
	if (v->err || !v->o) {
		v->depth--;
		return;
	}
	if (c == 'b') {
		if (x > 1)
			fail(v);
		else
			emit(v, x ? "true" : "false");
	} else if (c == 'c') {
		put_char_lit(v->o, (uint32_t)x);
	} else if (digits > 16) {
		/* past 64 bits perf's demangler shows the digits in hex, one
		 * place late: the first digit left out, the closing '_' in */
		emit(v, neg ? "-0x" : "0x");
		emit_n(v, v->s + hex + 1, digits);
	} else {
		if (neg)
			emit(v, "-");
		put_u64(v->o, x);
	}
	v->depth--;
}

static char *v0(const char *s)
{
	struct out o = { 0 };
	struct v0 v = { .s = s, .o = &o };

	/* the vendor suffix (".llvm.123", ".cold") is not shown */
	while (s[v.n] && s[v.n] != '.')
		v.n++;
	/* an encoding version: only 0, written as nothing, is known */
	if (!(peek(&v) >= 'A' && peek(&v) <= 'Z'))
		return NULL;
	path(&v, true);
	/* the instantiating crate: not shown */
	if (!v.err && v.pos < v.n) {
		v.o = NULL;
		path(&v, false);
	}
	if (v.err || v.pos != v.n || o.err || !o.buf) {
		free(o.buf);
		return NULL;
	}
	return o.buf;
}

char *rust__demangle(const char *name)
{
	if (name[0] != '_')
		return NULL;
	if (name[1] == 'R')
		return v0(name + 2);
	if (name[1] == 'Z' && name[2] == 'N')
		return legacy(name + 3);
	return NULL;
}
