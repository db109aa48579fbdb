/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_UNIT_H
#define MPERF_UNIT_H
/* Common includes for the cmocka unit tests (tests/unit/test-*.c). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

/* tests/data relative to the repository root (tests run from there) */
#define TEST_DATA "tests/data"
#endif
