// SPDX-License-Identifier: GPL-2.0
/*
 * The names perf 6.1 demangles when its C++/Rust demangler gives up: OCaml
 * native code ("camlStdlib__List__map_123") and Java methods as a JVM's
 * jitdump agent names them ("Ljava/lang/String;hashCode()I", in the ELF
 * files `perf inject --jit` writes). The rules below were read off perf's
 * output for crafted names, quirks included.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "demangle-misc.h"

/* "caml" and a capital: the prefix off, "__" as '.', "$XX" (hex) as that
 * byte; a numeric suffix ("_154") stays, as in perf 6.1 */
char *ocaml__demangle(const char *name)
{
	size_t n, i = 4, j = 0;
	char *out;

	if (strncmp(name, "caml", 4) || !(name[4] >= 'A' && name[4] <= 'Z'))
		return NULL;
	n = strlen(name);
	out = malloc(n + 1);
	if (!out)
		return NULL;
	while (i < n) {
		if (name[i] == '_' && name[i + 1] == '_') {
			out[j++] = '.';
			i += 2;
		} else if (name[i] == '$' && isxdigit((unsigned char)name[i + 1]) &&
			   isxdigit((unsigned char)name[i + 2])) {
			char hex[3] = { name[i + 1], name[i + 2], '\0' };

			out[j++] = (char)strtol(hex, NULL, 16);
			i += 3;
		} else {
			out[j++] = name[i++];
		}
	}
	out[j] = '\0';
	return out;
}

enum jmode { J_CLASS, J_FUNC, J_PARAMS, J_OBJECT };

static const char *java_primitive(char c)
{
	switch (c) {
	case 'B': return "byte";
	case 'C': return "char";
	case 'D': return "double";
	case 'F': return "float";
	case 'I': return "int";
	case 'J': return "long";
	case 'S': return "short";
	case 'Z': return "boolean";
	case 'V': return "void";
	default: return NULL;
	}
}

static void put(char **o, const char *s)
{
	size_t n = strlen(s);

	memcpy(*o, s, n);
	*o += n;
}

/*
 * "L" class ";" method "(" parameters ")" return type, as
 * "class.method(int, a.b.C)": '/' as '.'. perf reads up to the last ')'
 * (the return type left out; what lies between a first and a last ')' is
 * read as more parameters), and its quirks are kept: the '.' before the
 * method only when the method starts with a letter; "[]" pending until
 * the next primitive type (an object array's go to it, or are lost); no
 * ", " before void or before codes it does not know, which it copies;
 * '[' only among parameters.
 */
char *java__demangle(const char *name)
{
	const char *end = strrchr(name, ')');
	size_t n, i, arrays = 0, nargs = 0;
	enum jmode mode = J_CLASS;
	char *out, *o;

	if (name[0] != 'L' || !end)
		return NULL;
	n = (size_t)(end - name) + 1;
	/* the longest output: every char a "boolean[]" or ", " plus one */
	out = malloc(n * 12 + 1);
	if (!out)
		return NULL;
	o = out;
	for (i = 1; i < n; i++) {
		char c = name[i];
		const char *prim = java_primitive(c);

		switch (mode) {
		case J_CLASS:
			if (c == '(' || c == ')' || c == '[')
				goto fail;
			if (c == ';') {
				mode = J_FUNC;
				if ((name[i + 1] >= 'a' && name[i + 1] <= 'z') ||
				    (name[i + 1] >= 'A' && name[i + 1] <= 'Z'))
					*o++ = '.';
			} else {
				*o++ = c == '/' ? '.' : c;
			}
			break;
		case J_FUNC:
			if (c == '/' || c == ';' || c == ')' || c == '[')
				goto fail;
			if (c == '(')
				mode = J_PARAMS;
			*o++ = c;
			break;
		case J_PARAMS:
			if (c == '/' || c == ';' || c == '(')
				goto fail;
			if (c == ')') {
				*o++ = c;
				nargs = 0;
			} else if (c == '[') {
				arrays++;
			} else if (c == 'L') {
				if (nargs++)
					put(&o, ", ");
				mode = J_OBJECT;
			} else if (prim) {
				if (c != 'V' && nargs++)
					put(&o, ", ");
				put(&o, prim);
				for (; arrays; arrays--)
					put(&o, "[]");
			} else {
				*o++ = c;
			}
			break;
		case J_OBJECT:
			if (c == ')' || c == '(' || c == '[')
				goto fail;
			if (c == ';')
				mode = J_PARAMS;
			else
				*o++ = c == '/' ? '.' : c;
			break;
		}
	}
	if (mode != J_PARAMS)
		goto fail;
	*o = '\0';
	return out;
fail:
	free(out);
	return NULL;
}
