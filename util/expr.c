// SPDX-License-Identifier: GPL-2.0
/* Metric expressions: a recursive-descent evaluator (grammar in expr.h). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"

enum tok {
	T_END, T_NUM, T_ID, T_LP, T_RP, T_COMMA, T_OP, T_IF, T_ELSE,
	T_MIN, T_MAX, T_DRATIO, T_SOURCE_COUNT, T_BAD,
};

struct parser {
	const char *src, *p, *tok_start;
	enum tok tok;
	char op[3];		/* T_OP: "+", "<=", ... */
	double num;
	char id[512];
	/* evaluation or collection */
	expr_lookup_fn lookup;
	expr_id_fn id_fn;
	void *ctx;
	int ret;		/* first error */
	char *err;
	size_t errsz;
};

static void fail(struct parser *ps, int ret, const char *what)
{
	if (ps->ret)
		return;
	ps->ret = ret;
	if (ps->err)
		snprintf(ps->err, ps->errsz, "%s at column %d of '%s'", what,
			 (int)(ps->tok_start - ps->src) + 1, ps->src);
}

static int id_char(int c)
{
	return isalnum(c) || c == '_' || c == '.' || c == '@' || c == '#' ||
	       c == ':' || c == '\\';
}

static void next(struct parser *ps)
{
	const char *p = ps->p;

	while (isspace((unsigned char)*p))
		p++;
	ps->tok_start = p;
	if (!*p) {
		ps->tok = T_END;
	} else if (isdigit((unsigned char)*p) ||
		   (*p == '.' && isdigit((unsigned char)p[1]))) {
		char *end;

		ps->num = strtod(p, &end);
		p = end;
		ps->tok = T_NUM;
	} else if (id_char((unsigned char)*p)) {
		size_t n = 0;

		while (*p && id_char((unsigned char)*p)) {
			if (*p == '\\' && p[1])
				p++;
			else if (*p == '\\')
				break;
			if (n + 1 < sizeof(ps->id))
				ps->id[n++] = *p;
			p++;
			/* pmu@event,terms@: everything up to the closing @ */
			if (p[-1] == '@' && n > 1 && !memchr(ps->id, '@', n - 1)) {
				while (*p && *p != '@') {
					if (*p == '\\' && p[1])
						p++;
					if (n + 1 < sizeof(ps->id))
						ps->id[n++] = *p;
					p++;
				}
			}
		}
		ps->id[n] = '\0';
		ps->tok = T_ID;
		if (!strcmp(ps->id, "if"))
			ps->tok = T_IF;
		else if (!strcmp(ps->id, "else"))
			ps->tok = T_ELSE;
		else if (!strcmp(ps->id, "min"))
			ps->tok = T_MIN;
		else if (!strcmp(ps->id, "max"))
			ps->tok = T_MAX;
		else if (!strcmp(ps->id, "d_ratio"))
			ps->tok = T_DRATIO;
		else if (!strcmp(ps->id, "source_count"))
			ps->tok = T_SOURCE_COUNT;
	} else if (*p == '(') {
		ps->tok = T_LP;
		p++;
	} else if (*p == ')') {
		ps->tok = T_RP;
		p++;
	} else if (*p == ',') {
		ps->tok = T_COMMA;
		p++;
	} else if (strchr("+-*/%&|<>=!", *p)) {
		ps->tok = T_OP;
		ps->op[0] = *p++;
		ps->op[1] = '\0';
		if ((ps->op[0] == '<' || ps->op[0] == '>' || ps->op[0] == '=' ||
		     ps->op[0] == '!') && *p == '=') {
			ps->op[1] = *p++;
			ps->op[2] = '\0';
		}
		if (!strcmp(ps->op, "=") || !strcmp(ps->op, "!"))
			ps->tok = T_BAD;
	} else {
		ps->tok = T_BAD;
		p++;
	}
	ps->p = p;
}

static int is_op(struct parser *ps, const char *op)
{
	return ps->tok == T_OP && !strcmp(ps->op, op);
}

static double parse_expr(struct parser *ps);

static double id_value(struct parser *ps, const char *id, int source_count)
{
	double v = 0;
	int ret;

	if (ps->id_fn) {
		ret = ps->id_fn(ps->ctx, id, source_count);
		if (ret)
			fail(ps, ret, "stopped");
		return 1;	/* keep divisions finite while collecting */
	}
	if (source_count && ps->lookup) {
		char buf[sizeof(ps->id) + 16];

		snprintf(buf, sizeof(buf), "source_count(%s)", id);
		if (!ps->lookup(ps->ctx, buf, &v))
			return v;
		return 1;
	}
	ret = ps->lookup ? ps->lookup(ps->ctx, id, &v) : -ENOENT;
	if (ret) {
		char msg[sizeof(ps->id) + 32];

		snprintf(msg, sizeof(msg), "unknown event or literal '%s'", id);
		fail(ps, ret, msg);
	}
	return v;
}

static void expect(struct parser *ps, enum tok t, const char *what)
{
	if (ps->tok != t) {
		char msg[64];

		snprintf(msg, sizeof(msg), "expected %s", what);
		fail(ps, -EINVAL, msg);
		return;
	}
	next(ps);
}

static double parse_prim(struct parser *ps)
{
	double v = 0, a, b;
	enum tok t = ps->tok;

	if (ps->ret)
		return 0;
	switch (t) {
	case T_NUM:
		v = ps->num;
		next(ps);
		return v;
	case T_ID: {
		char id[sizeof(ps->id)];

		memcpy(id, ps->id, sizeof(id));
		next(ps);
		return id_value(ps, id, 0);
	}
	case T_LP:
		next(ps);
		v = parse_expr(ps);
		expect(ps, T_RP, "')'");
		return v;
	case T_MIN:
	case T_MAX:
	case T_DRATIO:
		next(ps);
		expect(ps, T_LP, "'('");
		a = parse_expr(ps);
		expect(ps, T_COMMA, "','");
		b = parse_expr(ps);
		expect(ps, T_RP, "')'");
		if (t == T_MIN)
			return a < b ? a : b;
		if (t == T_MAX)
			return a > b ? a : b;
		return b == 0 ? 0 : a / b;
	case T_SOURCE_COUNT: {
		char id[sizeof(ps->id)];

		next(ps);
		expect(ps, T_LP, "'('");
		if (ps->tok != T_ID) {
			fail(ps, -EINVAL, "expected an event name");
			return 0;
		}
		memcpy(id, ps->id, sizeof(id));
		next(ps);
		expect(ps, T_RP, "')'");
		return id_value(ps, id, 1);
	}
	case T_END:
		fail(ps, -EINVAL, "unexpected end of expression");
		return 0;
	default:
		fail(ps, -EINVAL, "unexpected token");
		return 0;
	}
}

static double parse_unary(struct parser *ps)
{
	if (is_op(ps, "-")) {
		next(ps);
		return -parse_unary(ps);
	}
	return parse_prim(ps);
}

static double parse_prod(struct parser *ps)
{
	double v = parse_unary(ps);

	while (!ps->ret && ps->tok == T_OP && strchr("*/%&", ps->op[0]) &&
	       !ps->op[1]) {
		char op = ps->op[0];
		double r;

		next(ps);
		r = parse_unary(ps);
		if (op == '*')
			v *= r;
		else if (op == '/')
			v = r == 0 ? NAN : v / r;
		else if (op == '%')
			v = r == 0 ? NAN : fmod(v, r);
		else
			v = (v != 0) && (r != 0);
	}
	return v;
}

static double parse_sum(struct parser *ps)
{
	double v = parse_prod(ps);

	while (!ps->ret && (is_op(ps, "+") || is_op(ps, "-") || is_op(ps, "|"))) {
		char op = ps->op[0];
		double r;

		next(ps);
		r = parse_prod(ps);
		if (op == '+')
			v += r;
		else if (op == '-')
			v -= r;
		else
			v = (v != 0) || (r != 0);
	}
	return v;
}

static double parse_cond(struct parser *ps)
{
	double v = parse_sum(ps), r;
	char op[3];

	if (ps->ret || ps->tok != T_OP || !strchr("<>=!", ps->op[0]))
		return v;
	memcpy(op, ps->op, sizeof(op));
	next(ps);
	r = parse_sum(ps);
	if (!strcmp(op, "<"))
		return v < r;
	if (!strcmp(op, ">"))
		return v > r;
	if (!strcmp(op, "<="))
		return v <= r;
	if (!strcmp(op, ">="))
		return v >= r;
	if (!strcmp(op, "=="))
		return v == r;
	return v != r;
}

static double parse_expr(struct parser *ps)
{
	double v = parse_cond(ps), c, e;

	if (ps->ret || ps->tok != T_IF)
		return v;
	next(ps);
	c = parse_cond(ps);
	expect(ps, T_ELSE, "'else'");
	e = parse_expr(ps);
	return c != 0 ? v : e;
}

static int run(struct parser *ps, double *val)
{
	double v;

	next(ps);
	v = parse_expr(ps);
	if (!ps->ret && ps->tok != T_END)
		fail(ps, -EINVAL, "unexpected token");
	if (!ps->ret && val)
		*val = v;
	return ps->ret;
}

int expr__eval(const char *expr, expr_lookup_fn lookup, void *ctx,
	       double *val, char *err, size_t errsz)
{
	struct parser ps = {
		.src = expr, .p = expr, .tok_start = expr, .lookup = lookup,
		.ctx = ctx, .err = err, .errsz = errsz,
	};

	if (err && errsz)
		err[0] = '\0';
	return run(&ps, val);
}

int expr__ids(const char *expr, expr_id_fn fn, void *ctx, char *err,
	      size_t errsz)
{
	struct parser ps = {
		.src = expr, .p = expr, .tok_start = expr, .id_fn = fn,
		.ctx = ctx, .err = err, .errsz = errsz,
	};

	if (err && errsz)
		err[0] = '\0';
	return run(&ps, NULL);
}
