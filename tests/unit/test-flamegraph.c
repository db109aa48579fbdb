// SPDX-License-Identifier: GPL-2.0
/*
 * util/flamegraph: the SVG of the synthetic profile parsed as XML
 * (python3's xml.etree, skipped when python3 is missing) and checked frame
 * by frame: geometry from the sample counts, titles, colours per kind,
 * icicle layout and diff colouring.
 */
#include "unit.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/flamegraph.h"
#include "profile-synth.h"

/* python3 prints "name|kind|x|y|width|fill|title" per frame, sorted */
static const char *py =
	"import sys, xml.etree.ElementTree as ET\n"
	"ns = {'s': 'http://www.w3.org/2000/svg'}\n"
	"root = ET.parse(sys.argv[1]).getroot()\n"
	"assert root.tag == '{http://www.w3.org/2000/svg}svg'\n"
	"assert root.find('s:script', ns) is not None\n"
	"out = []\n"
	"for g in root.iter('{http://www.w3.org/2000/svg}g'):\n"
	"    if g.get('class') != 'f': continue\n"
	"    r = g.find('s:rect', ns); t = g.find('s:title', ns).text\n"
	"    out.append('%s|%s|%s|%s|%s|%s|%s' % (t.rsplit(' (', 1)[0], g.get('data-k'),\n"
	"               r.get('x'), r.get('y'), r.get('width'), r.get('fill'), t))\n"
	"print('\\n'.join(sorted(out)))\n";

static char *frames_of(const char *svg)
{
	char cmd[512];

	system("mkdir -p tests/out");
	{
		FILE *f = fopen("tests/out/unit-fg.py", "w");

		fputs(py, f);
		fclose(f);
	}
	snprintf(cmd, sizeof(cmd), "python3 tests/out/unit-fg.py %s > tests/out/unit-fg.txt", svg);
	if (system(cmd))
		return NULL;
	return read_file_str("tests/out/unit-fg.txt");
}

static bool have_python(void)
{
	return !system("command -v python3 >/dev/null 2>&1");
}

static void test_flame(void **state)
{
	int ev;
	struct profile *p = synth_profile(&ev);
	struct flamegraph_opts o = { .width = 1220 };
	const char *svg = "tests/out/unit-flame.svg";
	char *txt;

	if (!have_python())
		skip();
	profile__set_title(p, "synthetic.data");
	system("mkdir -p tests/out");
	assert_int_equal(flamegraph__write_file(p, ev, &o, svg), 0);
	txt = frames_of(svg);
	assert_non_null(txt);
	/*
	 * 12 samples over 1200 px: 100 px per sample. Depths: all=0 ...
	 * height = 44 + 6 * 16 + 34 = 174; flame y = 174 - 34 - 16 * (d + 1).
	 */
	assert_non_null(strstr(txt, "all|root|10.0|124.0|1200.0|"));
	assert_non_null(strstr(txt, "burn|comm|10.0|108.0|1000.0|"));
	assert_non_null(strstr(txt, "main|user|10.0|92.0|1000.0|"));
	/* children by name: sys_call (1 sample) then work (9) */
	assert_non_null(strstr(txt, "sys_call|user|10.0|76.0|100.0|"));
	assert_non_null(strstr(txt, "work|user|110.0|76.0|900.0|"));
	assert_non_null(strstr(txt, "leaf_a|user|110.0|60.0|600.0|"));
	assert_non_null(strstr(txt, "leaf_a (6 samples, 50.00%)"));
	assert_non_null(strstr(txt, "do_sys|kernel|10.0|44.0|100.0|rgb("));
	assert_non_null(strstr(txt, "ns::f(int)|inlined|1010.0|44.0|200.0|"));
	assert_non_null(strstr(txt, "other proc|comm|1010.0|108.0|200.0|"));
	assert_non_null(strstr(txt, "[libfoo.so]|user|1010.0|76.0|200.0|"));
	/* palettes: kernel frames blue (b > r), user frames warm (r > b) */
	{
		int r, g, b;
		const char *k = strstr(txt, "do_sys|kernel|");

		k = strstr(k, "rgb(");
		assert_int_equal(sscanf(k, "rgb(%d,%d,%d)", &r, &g, &b), 3);
		assert_true(b > r);
		k = strstr(strstr(txt, "leaf_b|user|"), "rgb(");
		assert_int_equal(sscanf(k, "rgb(%d,%d,%d)", &r, &g, &b), 3);
		assert_true(r > b && r >= 205);
	}
	free(txt);
	txt = read_file_str(svg);
	assert_non_null(strstr(txt, "id=\"search\""));
	assert_non_null(strstr(txt, "synthetic.data - cpu-clock:ppp - 12 samples"));
	assert_null(strstr(txt, "http://www.w3.org/1999/xhtml\" id=\"x")); /* sanity */
	assert_null(strstr(txt, "src=\"http"));
	free(txt);
	profile__delete(p);
}

static void test_icicle_and_diff(void **state)
{
	int ev, bev;
	struct profile *p = synth_profile(&ev), *base = synth_profile(&bev);
	struct flamegraph_opts o = { .icicle = true, .width = 1220 };
	const struct profile_frame_desc extra[] = {
		{ .name = "leaf_b", .dso = "/bin/burn", .addr = 0x1150 },
		{ .name = "work", .dso = "/bin/burn", .addr = 0x1210 },
		{ .name = "main", .dso = "/bin/burn", .addr = 0x1300 },
	};
	char *txt;

	if (!have_python())
		skip();
	assert_int_equal(flamegraph__write_file(p, ev, &o, "tests/out/unit-icicle.svg"), 0);
	txt = frames_of("tests/out/unit-icicle.svg");
	/* icicle: root at the top (y = 44), depth d at 44 + 16 d */
	assert_non_null(strstr(txt, "all|root|10.0|44.0|1200.0|"));
	assert_non_null(strstr(txt, "leaf_a|user|110.0|108.0|600.0|"));
	free(txt);

	/* base had 12 more leaf_b samples: leaf_b shrank (blue), leaf_a grew (red) */
	profile__add(base, bev, "burn", 10, extra, 3, 12, 12000);
	o.icicle = false;
	o.base = base;
	assert_int_equal(flamegraph__write_file(p, ev, &o, "tests/out/unit-diff.svg"), 0);
	txt = frames_of("tests/out/unit-diff.svg");
	assert_non_null(txt);
	/* leaf_a: 50% now, 25% in base; leaf_b: 25% now, 62.5% in base */
	assert_non_null(strstr(txt, "leaf_a (6 samples, 50.00%, +25.00%)"));
	assert_non_null(strstr(txt, "leaf_b (3 samples, 25.00%, -37.50%)"));
	{
		int r, g, b;
		const char *k = strstr(strstr(txt, "leaf_a|user|"), "rgb(");

		assert_int_equal(sscanf(k, "rgb(%d,%d,%d)", &r, &g, &b), 3);
		assert_true(r == 255 && b < 255);
		k = strstr(strstr(txt, "leaf_b|user|"), "rgb(");
		assert_int_equal(sscanf(k, "rgb(%d,%d,%d)", &r, &g, &b), 3);
		assert_true(b == 255 && r == 55);	/* the largest change: full blue */
	}
	free(txt);
	profile__delete(base);
	profile__delete(p);
}

static void test_bad_names(void **state)
{
	struct profile *p = profile__new();
	int ev = profile__event(p, "cycles");
	const struct profile_frame_desc fr[] = {
		{ .name = "a<b>&\"c'", .dso = "/x" },
		{ .name = "caf\xc3\xa9\xff\x01", .dso = "/x" },
	};
	char *txt;

	if (!have_python())
		skip();
	profile__add_sample(p, ev, "bad\x80" "comm", 1, fr, 2, 1);
	assert_int_equal(flamegraph__write_file(p, ev, NULL, "tests/out/unit-bad.svg"), 0);
	txt = frames_of("tests/out/unit-bad.svg");	/* parses as XML */
	assert_non_null(txt);
	assert_non_null(strstr(txt, "a<b>&\"c'|user|"));
	assert_non_null(strstr(txt, "caf\xc3\xa9??|user|"));
	assert_non_null(strstr(txt, "bad?comm|comm|"));
	free(txt);
	profile__delete(p);
}

static void test_no_samples(void **state)
{
	struct profile *p = profile__new();
	int ev = profile__event(p, "cycles");
	FILE *f = fopen("/dev/null", "w");

	assert_int_equal(flamegraph__write(p, ev, NULL, f), -ENODATA);
	assert_int_equal(flamegraph__write(p, 5, NULL, f), -ENODATA);
	fclose(f);
	profile__delete(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_flame),
		cmocka_unit_test(test_icicle_and_diff),
		cmocka_unit_test(test_bad_names),
		cmocka_unit_test(test_no_samples),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
