/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_ALLOC_H
#define MPERF_ALLOC_H

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

/*
 * ALLOC_GROW(arr, need, alloc, first): room for @need elements in the
 * malloc'd array @arr of @alloc elements (git's ALLOC_GROW). When @need is
 * more than @alloc, the array is realloc'd to @first elements (an empty
 * one) or to twice @alloc, doubled until @need fits, and @alloc set to the
 * new count. 0, or -ENOMEM with @arr and @alloc unchanged (a count that
 * overflows size_t or @alloc's type is -ENOMEM too). @arr, @alloc: lvalues
 * of any pointer and integer types, each evaluated more than once.
 *
 *	if (ALLOC_GROW(s->syms, s->nr + 1, s->alloc, 256))
 *		return -ENOMEM;
 *	s->syms[s->nr++] = sym;
 */
#define ALLOC_GROW(arr, need, alloc, first)                                        \
	({                                                                         \
		size_t alloc_need_ = (need), alloc_n_ = (size_t)(alloc);           \
		int alloc_err_ = 0;                                                \
                                                                                   \
		if (alloc_need_ > alloc_n_) {                                      \
			void *alloc_p_ = NULL;                                     \
                                                                                   \
			alloc_n_ = alloc_n_ ? alloc_n_ : (size_t)(first);          \
			while (alloc_n_ && alloc_n_ < alloc_need_)                 \
				alloc_n_ = alloc_n_ <= SIZE_MAX / 2 ? alloc_n_ * 2 : 0; \
			if ((size_t)(__typeof__(alloc))alloc_n_ == alloc_n_)       \
				alloc_p_ = alloc__resize((arr), alloc_n_,          \
							 sizeof(*(arr)));          \
			if (alloc_p_) {                                            \
				(arr) = alloc_p_;                                  \
				(alloc) = (__typeof__(alloc))alloc_n_;             \
			} else {                                                   \
				alloc_err_ = -ENOMEM;                              \
			}                                                          \
		}                                                                  \
		alloc_err_;                                                        \
	})

/* @p realloc'd to @n elements of @size bytes, or NULL (@n 0, the size
 * overflows, no memory; @p is then left as it is). ALLOC_GROW's worker. */
static inline void *alloc__resize(void *p, size_t n, size_t size)
{
	if (!n || n > SIZE_MAX / size)
		return NULL;
	return realloc(p, n * size);
}

#endif
