// SPDX-License-Identifier: GPL-2.0
/* trace_event__field_text: a field's own value as perf 6.1 prints it
 * when the record's text lacks it, from the field's bytes in a record
 * (trace_event__field_bytes). Arrays ("ARRAY[xx, xx]") are written by
 * hand: checked against the same text made by snprintf, whole and cut to
 * every buffer size; a string array as its text (until one of the
 * field's values printed as an array), numbers, and a number cut off by
 * the record's end as nothing. trace_event__field_pretty: the value
 * after "NAME=" in the formatted record, perf's reading of a word that is
 * the name alone (the rest of the text), and of one that ends it. */
#include "unit.h"
#include <stdio.h>
#include <string.h>
#include <traceevent/event-parse.h>
#include "util/trace-event.h"

static void field_init(struct trace_field *f, struct tep_format_field *tf, unsigned long flags,
		       uint32_t offset, uint32_t size)
{
	memset(tf, 0, sizeof(*tf));
	tf->flags = flags;
	tf->offset = (int)offset;
	tf->size = (int)size;
	memset(f, 0, sizeof(*f));
	f->name = "args";
	f->offset = offset;
	f->size = size;
	f->tep_field = tf;
}

/* the text of @f in the record @raw */
static void raw_text(const struct trace_field *f, const void *raw, size_t raw_size, char *buf,
		     size_t size)
{
	const void *bytes = NULL;
	size_t n = trace_event__field_bytes(f, raw, raw_size, &bytes);

	trace_event__field_text(f, bytes, n, buf, size);
}

static void test_array(void **state)
{
	unsigned char raw[8 + 48];
	struct tep_format_field tf;
	struct trace_field f;
	char want[512], got[512];
	size_t len = 0;

	for (size_t i = 0; i < sizeof(raw); i++)
		raw[i] = (unsigned char)(i * 37 + 5);
	field_init(&f, &tf, TEP_FIELD_IS_ARRAY, 8, 48);
	len = (size_t)snprintf(want, sizeof(want), "ARRAY[");
	for (size_t i = 0; i < 48; i++)
		len += (size_t)snprintf(want + len, sizeof(want) - len, "%s%02x", i ? ", " : "",
					raw[8 + i]);
	snprintf(want + len, sizeof(want) - len, "]");
	raw_text(&f, raw, sizeof(raw), got, sizeof(got));
	assert_string_equal(got, want);
	assert_int_equal(strlen(got), 6 + 48 * 2 + 47 * 2 + 1);
	/* cut: the first size - 1 characters, as snprintf would give */
	for (size_t size = 1; size < strlen(want) + 3; size++) {
		char cut[512];

		snprintf(cut, size, "%s", want);
		memset(got, 'X', sizeof(got));
		raw_text(&f, raw, sizeof(raw), got, size);
		assert_string_equal(got, cut);
	}
	/* an empty array */
	field_init(&f, &tf, TEP_FIELD_IS_ARRAY, 8, 0);
	raw_text(&f, raw, sizeof(raw), got, sizeof(got));
	assert_string_equal(got, "ARRAY[]");
	/* past the record: as much as it holds */
	field_init(&f, &tf, TEP_FIELD_IS_ARRAY, 54, 8);
	raw_text(&f, raw, sizeof(raw), got, sizeof(got));
	snprintf(want, sizeof(want), "ARRAY[%02x, %02x]", raw[54], raw[55]);
	assert_string_equal(got, want);
}

static void test_string_and_numbers(void **state)
{
	unsigned char raw[32] = "comm-name\0\0\0\0\0\0\0";
	struct tep_format_field tf;
	struct trace_field f;
	char got[64];
	int32_t neg = -42;
	uint64_t ptr = 0xffff8881deadbeefULL;

	field_init(&f, &tf, TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_STRING, 0, 16);
	raw_text(&f, raw, sizeof(raw), got, sizeof(got));
	assert_string_equal(got, "comm-name");
	memcpy(raw + 16, &neg, 4);
	field_init(&f, &tf, TEP_FIELD_IS_SIGNED, 16, 4);
	raw_text(&f, raw, sizeof(raw), got, sizeof(got));
	assert_string_equal(got, "-42");
	memcpy(raw + 20, &ptr, 8);
	field_init(&f, &tf, TEP_FIELD_IS_POINTER, 20, 8);
	raw_text(&f, raw, sizeof(raw), got, sizeof(got));
	assert_string_equal(got, "0xffff8881deadbeef");
	/* 8 bytes at 28 of a 32-byte record: cut off, nothing */
	field_init(&f, &tf, TEP_FIELD_IS_POINTER, 28, 8);
	raw_text(&f, raw, sizeof(raw), got, sizeof(got));
	assert_string_equal(got, "");
}

/* perf's libtraceevent: a char array once printed as an array is no
 * string from then on; its later printable values print as arrays too */
static void test_string_array_sticks(void **state)
{
	unsigned char text[16] = "sh", bin[16] = { 0x14, 0x00, 0x0c, 0x00 };
	struct tep_format_field tf;
	struct trace_field f;
	char got[128];

	field_init(&f, &tf, TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_STRING, 0, 16);
	raw_text(&f, text, sizeof(text), got, sizeof(got));
	assert_string_equal(got, "sh");
	raw_text(&f, bin, sizeof(bin), got, 17);
	assert_string_equal(got, "ARRAY[14, 00, 0c");
	assert_false(tf.flags & TEP_FIELD_IS_STRING);
	raw_text(&f, text, sizeof(text), got, 17);
	assert_string_equal(got, "ARRAY[73, 68, 00");
	/* another field keeps its own flag */
	{
		struct tep_format_field tf2;
		struct trace_field f2;

		field_init(&f2, &tf2, TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_STRING, 0, 16);
		raw_text(&f2, text, sizeof(text), got, sizeof(got));
		assert_string_equal(got, "sh");
	}
}

static void test_pretty(void **state)
{
	struct trace_field f = { .name = "work" };
	char buf[64];

	(void)state;
	assert_int_equal(trace_event__field_pretty(&f, "pid=1 work=0x10 x=2", buf, sizeof(buf)), 1);
	assert_string_equal(buf, "0x10");
	/* the first word starting with the name, whatever follows it */
	assert_int_equal(trace_event__field_pretty(&f, "workers=3 work=4", buf, sizeof(buf)), 1);
	assert_string_equal(buf, "rs=3");
	assert_int_equal(trace_event__field_pretty(&f, "pid=1 x=2", buf, sizeof(buf)), 0);
	assert_int_equal(trace_event__field_pretty(&f, NULL, buf, sizeof(buf)), 0);
	/* "work struct %p: function %ps": the name alone, then the rest */
	assert_int_equal(trace_event__field_pretty(&f, "work struct 0xffff8881: function f_fn",
						  buf, sizeof(buf)), TRACE_PRETTY_REST);
	assert_string_equal(buf, "struct 0xffff8881: function f_fn");
	f.name = "function";
	assert_int_equal(trace_event__field_pretty(&f, "work struct 0xffff8881: function f_fn",
						  buf, sizeof(buf)), TRACE_PRETTY_REST);
	assert_string_equal(buf, "f_fn");
	/* cut to the buffer */
	f.name = "work";
	assert_int_equal(trace_event__field_pretty(&f, "work struct 0xffff8881: function f_fn",
						  buf, 7), TRACE_PRETTY_REST);
	assert_string_equal(buf, "struct");
	/* the name alone ends the text: no value */
	assert_int_equal(trace_event__field_pretty(&f, "x=1 work", buf, sizeof(buf)),
			 TRACE_PRETTY_NONE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_array),
		cmocka_unit_test(test_string_and_numbers),
		cmocka_unit_test(test_string_array_sticks),
		cmocka_unit_test(test_pretty),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
