// SPDX-License-Identifier: GPL-2.0
/*
 * util/pprof: the protobuf writer, gzip, and the encoded profile decoded
 * independently by `protoc --decode` with tests/data/profile.proto (the
 * last test is skipped when protoc, from protobuf-compiler, is missing).
 */
#include "unit.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include "util/pprof.h"
#include "profile-synth.h"

static void test_varint(void **state)
{
	struct bytebuf b = { 0 };
	const unsigned char want[] = { 0x00, 0x01, 0x7f, 0x80, 0x01, 0xac, 0x02,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01 };

	pb__varint(&b, 0);
	pb__varint(&b, 1);
	pb__varint(&b, 127);
	pb__varint(&b, 128);
	pb__varint(&b, 300);
	pb__varint(&b, UINT64_MAX);
	assert_int_equal(b.len, sizeof(want));
	assert_memory_equal(b.p, want, sizeof(want));
	b.len = 0;
	/* field 1 varint 150: 08 96 01; zero is not written */
	pb__uint(&b, 1, 150);
	pb__uint(&b, 2, 0);
	/* field 2 bytes "ab": 12 02 61 62 */
	pb__bytes(&b, 2, "ab", 2);
	{
		const uint64_t v[] = { 3, 270 };
		const unsigned char w2[] = { 0x08, 0x96, 0x01, 0x12, 0x02, 'a', 'b',
			0x22, 0x03, 0x03, 0x8e, 0x02 };

		/* field 4 packed [3, 270]: 22 03 03 8e 02 */
		pb__packed(&b, 4, v, 2);
		assert_int_equal(b.len, sizeof(w2));
		assert_memory_equal(b.p, w2, sizeof(w2));
	}
	free(b.p);
}

static void test_gzip_roundtrip(void **state)
{
	int ev;
	struct profile *p = synth_profile(&ev);
	struct bytebuf raw = { 0 }, gz = { 0 };
	unsigned char *back;
	uLongf back_len;
	z_stream zs = { 0 };

	assert_int_equal(pprof__encode(p, &raw), 0);
	assert_true(raw.len > 100);
	assert_int_equal(pprof__gzip(raw.p, raw.len, &gz), 0);
	/* gzip magic */
	assert_int_equal(gz.p[0], 0x1f);
	assert_int_equal(gz.p[1], 0x8b);
	back_len = raw.len;
	back = malloc(back_len + 16);
	assert_int_equal(inflateInit2(&zs, 15 + 16), Z_OK);
	zs.next_in = gz.p;
	zs.avail_in = gz.len;
	zs.next_out = back;
	zs.avail_out = back_len + 16;
	assert_int_equal(inflate(&zs, Z_FINISH), Z_STREAM_END);
	assert_int_equal(zs.total_out, raw.len);
	assert_memory_equal(back, raw.p, raw.len);
	inflateEnd(&zs);
	free(back);
	free(raw.p);
	free(gz.p);
	profile__delete(p);
}

static int count(const char *hay, const char *needle)
{
	int n = 0;

	for (const char *s = strstr(hay, needle); s; s = strstr(s + 1, needle))
		n++;
	return n;
}

static void test_protoc_decode(void **state)
{
	int ev;
	struct profile *p = synth_profile(&ev);
	struct bytebuf raw = { 0 };
	char cmd[512], *text;
	const char *bin = "tests/out/unit-pprof.pb", *txt = "tests/out/unit-pprof.txt";
	FILE *f;

	if (system("command -v protoc >/dev/null 2>&1")) {
		print_message("protoc not installed (apt-get install protobuf-compiler)\n");
		skip();
	}
	assert_int_equal(pprof__encode(p, &raw), 0);
	system("mkdir -p tests/out");
	f = fopen(bin, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(raw.p, 1, raw.len, f), raw.len);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "protoc --proto_path=%s/tests/data "
		 "--decode perftools.profiles.Profile profile.proto < %s > %s",
		 ".", bin, txt);
	assert_int_equal(system(cmd), 0);
	text = read_file_str(txt);
	assert_non_null(text);
	/* protoc reports fields it cannot place as bare numbers: none */
	assert_null(strstr(text, "\n1: "));
	assert_int_equal(count(text, "\nsample {"), 4);
	assert_int_equal(count(text, "\nlocation {"), 12);
	assert_int_equal(count(text, "\nfunction {"), 11);
	assert_int_equal(count(text, "\nmapping {"), 4);
	assert_int_equal(count(text, "sample_type {"), 2);
	/* the leaf_a stack: three locations, 6 samples, period 6000 */
	assert_non_null(strstr(text, "sample {\n  location_id: 1\n  location_id: 2\n"
				     "  location_id: 3\n  value: 6\n  value: 6000\n"));
	/* the inlined pair is one location with two lines: ns::f (42) then g (7) */
	assert_non_null(strstr(text, "  line {\n    function_id: 8\n    line: 42\n  }\n"
				     "  line {\n    function_id: 9\n    line: 7\n  }\n"));
	assert_non_null(strstr(text, "string_table: \"cpu-clock:ppp_samples\""));
	assert_non_null(strstr(text, "string_table: \"nanoseconds\""));
	assert_non_null(strstr(text, "string_table: \"00112233445566778899aabbccddeeff00112233\""));
	assert_non_null(strstr(text, "string_table: \"[libfoo.so]\""));
	assert_non_null(strstr(text, "has_inline_frames: true"));
	assert_non_null(strstr(text, "memory_start: 4096\n  memory_limit: 36864"));
	free(text);
	free(raw.p);
	profile__delete(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_varint),
		cmocka_unit_test(test_gzip_roundtrip),
		cmocka_unit_test(test_protoc_decode),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
