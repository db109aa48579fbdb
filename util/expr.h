/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_EXPR_H
#define MPERF_EXPR_H

/*
 * The metric expression language of the vendor metric JSON, evaluated by
 * a small recursive-descent parser of our own:
 *
 *   expr   := cond [ "if" cond "else" expr ]
 *   cond   := sum [ ("<" | ">" | "<=" | ">=" | "==" | "!=") sum ]
 *   sum    := prod { ("+" | "-" | "|") prod }
 *   prod   := unary { ("*" | "/" | "%" | "&") unary }
 *   unary  := "-" unary | prim
 *   prim   := NUMBER | ID | "(" expr ")"
 *           | ("min" | "max" | "d_ratio") "(" expr "," expr ")"
 *           | "source_count" "(" ID ")"
 *
 * An ID is an event name ("INST_RETIRED.ANY", "cpu_core@INST_RETIRED.ANY@",
 * "cha@UNC_CHA_TOR_INSERTS.IA_MISS\,config1\=0x40433@", "duration_time"),
 * or a '#' literal ("#SYSTEM_TSC_FREQ", "#num_cores", "#num_packages",
 * "#smt_on"); a backslash escapes the next character and is dropped.
 * Division by zero gives NaN (the metric is then not shown);
 * d_ratio(a, b) is 0 when b is 0.
 */

#include <stddef.h>

/* Value of an ID: 0, or -ENOENT when unknown (then evaluation fails). */
typedef int (*expr_lookup_fn)(void *ctx, const char *id, double *val);
/* Called once per ID occurrence while collecting; non-zero stops. */
typedef int (*expr_id_fn)(void *ctx, const char *id, int source_count);

/*
 * expr__eval - evaluate @expr with IDs resolved by @lookup.
 * Return: 0 with *@val set, -EINVAL on a syntax error, -ENOENT on an
 * unknown ID; @err (if not NULL) gets one line saying what and where.
 */
int expr__eval(const char *expr, expr_lookup_fn lookup, void *ctx,
	       double *val, char *err, size_t errsz);

/* expr__ids - call @fn for every ID in @expr (source_count's argument
 * flagged). 0, -EINVAL on a syntax error, or @fn's value. */
int expr__ids(const char *expr, expr_id_fn fn, void *ctx, char *err,
	      size_t errsz);

#endif
