// SPDX-License-Identifier: GPL-2.0
/* maps: insertion keeps maps sorted and cuts overlapped parts (as mmap). */
#include "unit.h"
#include "util/dso.h"
#include "util/map.h"
#include "util/maps.h"

static void add(struct maps *maps, uint64_t start, uint64_t len, uint64_t pgoff,
		struct dso *dso)
{
	struct map *m = map__new(maps->ids, start, len, pgoff, dso);

	assert_non_null(m);
	assert_int_equal(maps__insert(maps, m), 0);
	map__put(m);
}

static void expect(struct maps *maps, size_t i, uint64_t start, uint64_t end,
		   uint64_t pgoff, struct dso *dso)
{
	assert_true(i < maps->nr);
	assert_int_equal(maps->entries[i]->start, start);
	assert_int_equal(maps->entries[i]->end, end);
	assert_int_equal(maps->entries[i]->pgoff, pgoff);
	assert_ptr_equal(maps->entries[i]->dso, dso);
}

static void test_insert_sorted(void **state)
{
	struct dso *a = dso__new("/a"), *b = dso__new("/b");
	struct map_ids ids = { 0 };	/* a machine's, in mperf */
	struct maps *maps = maps__new(&ids);

	add(maps, 0x3000, 0x1000, 0, b);
	add(maps, 0x1000, 0x1000, 0, a);
	assert_int_equal(maps->nr, 2);
	expect(maps, 0, 0x1000, 0x2000, 0, a);
	expect(maps, 1, 0x3000, 0x4000, 0, b);
	assert_ptr_equal(maps__find(maps, 0x1fff)->dso, a);
	assert_null(maps__find(maps, 0x2000));
	assert_ptr_equal(maps__find(maps, 0x3000)->dso, b);
	assert_null(maps__find(maps, 0x4000));
	maps__put(maps);
	dso__delete(a);
	dso__delete(b);
}

static void test_overlap_middle(void **state)
{
	struct dso *a = dso__new("/a"), *b = dso__new("/b");
	struct map_ids ids = { 0 };	/* a machine's, in mperf */
	struct maps *maps = maps__new(&ids);

	/* b punches a hole in the middle of a: a is split, right part's
	 * file offset advanced */
	add(maps, 0x10000, 0x10000, 0x1000, a);
	add(maps, 0x14000, 0x2000, 0, b);
	assert_int_equal(maps->nr, 3);
	expect(maps, 0, 0x10000, 0x14000, 0x1000, a);
	expect(maps, 1, 0x14000, 0x16000, 0, b);
	expect(maps, 2, 0x16000, 0x20000, 0x7000, a);
	assert_int_equal(map__map_ip(maps__find(maps, 0x17000), 0x17000), 0x8000);
	maps__put(maps);
	dso__delete(a);
	dso__delete(b);
}

static void test_overlap_many(void **state)
{
	struct dso *a = dso__new("/a"), *b = dso__new("/b"), *c = dso__new("/c");
	struct map_ids ids = { 0 };	/* a machine's, in mperf */
	struct maps *maps = maps__new(&ids);

	add(maps, 0x1000, 0x1000, 0, a);
	add(maps, 0x2000, 0x1000, 0, b);
	add(maps, 0x3000, 0x1000, 0, a);
	/* c covers the end of the first, all of b, the start of the third */
	add(maps, 0x1800, 0x2000, 0x100, c);
	assert_int_equal(maps->nr, 3);
	expect(maps, 0, 0x1000, 0x1800, 0, a);
	expect(maps, 1, 0x1800, 0x3800, 0x100, c);
	expect(maps, 2, 0x3800, 0x4000, 0x800, a);
	/* the same range again replaces it exactly */
	add(maps, 0x1800, 0x2000, 0, b);
	assert_int_equal(maps->nr, 3);
	expect(maps, 1, 0x1800, 0x3800, 0, b);
	maps__put(maps);
	dso__delete(a);
	dso__delete(b);
	dso__delete(c);
}

static void test_clone_shares(void **state)
{
	struct dso *a = dso__new("/a"), *b = dso__new("/b");
	struct map_ids ids = { 0 };	/* a machine's, in mperf */
	struct maps *maps = maps__new(&ids), *copy;

	add(maps, 0x1000, 0x1000, 0, a);
	copy = maps__clone(maps);
	add(copy, 0x1000, 0x1000, 0, b);	/* exec in the child */
	assert_ptr_equal(maps__find(maps, 0x1000)->dso, a);
	assert_ptr_equal(maps__find(copy, 0x1000)->dso, b);
	maps__put(maps);
	maps__put(copy);
	dso__delete(a);
	dso__delete(b);
}

/* ids are unique within their source: every map, each part an overlap
 * cuts, each set and each copy of a set (fork) gets the next one; two
 * sources (sessions) count on their own */
static void test_ids(void **state)
{
	struct dso *a = dso__new("/a"), *b = dso__new("/b");
	struct map_ids mine = { 0 }, other = { 0 };
	struct maps *maps = maps__new(&mine), *copy, *o = maps__new(&other);

	assert_int_equal(maps->id, 1);
	assert_int_equal(o->id, 1);
	add(maps, 0x1000, 0x3000, 0, a);
	assert_int_equal(maps->entries[0]->id, 1);
	add(maps, 0x2000, 0x1000, 0, b);	/* cuts a in two: a left, a right */
	assert_int_equal(maps->nr, 3);
	assert_int_equal(maps->entries[0]->id, 3);
	assert_int_equal(maps->entries[1]->id, 2);
	assert_int_equal(maps->entries[2]->id, 4);
	copy = maps__clone(maps);
	assert_int_equal(copy->id, 2);
	assert_ptr_equal(copy->ids, &mine);
	assert_ptr_equal(copy->entries[1], maps->entries[1]);	/* shared maps */
	add(o, 0x1000, 0x1000, 0, a);
	assert_int_equal(o->entries[0]->id, 1);
	assert_int_equal(mine.map, 4);
	assert_int_equal(mine.maps, 2);
	maps__put(maps);
	maps__put(copy);
	maps__put(o);
	dso__delete(a);
	dso__delete(b);
}

static void test_dso_names(void **state)
{
	struct dso *k = dso__new("[kernel.kallsyms]_text"), *u = dso__new("/usr/lib/libc.so.6");
	struct dso *v = dso__new("[vdso]"), *an = dso__new("//anon");

	assert_int_equal(k->kind, DSO_KIND_KERNEL);
	assert_string_equal(k->short_name, "[kernel.kallsyms]");
	assert_int_equal(u->kind, DSO_KIND_USER);
	assert_string_equal(u->short_name, "libc.so.6");
	assert_int_equal(v->kind, DSO_KIND_VDSO);
	assert_int_equal(an->kind, DSO_KIND_ANON);
	dso__delete(k);
	dso__delete(u);
	dso__delete(v);
	dso__delete(an);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_insert_sorted),
		cmocka_unit_test(test_overlap_middle),
		cmocka_unit_test(test_overlap_many),
		cmocka_unit_test(test_clone_shares),
		cmocka_unit_test(test_ids),
		cmocka_unit_test(test_dso_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
