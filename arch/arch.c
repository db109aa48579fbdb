// SPDX-License-Identifier: GPL-2.0
/* Pick an arch ops table: for this host, or by the name in a perf.data. */
#include <string.h>
#include <sys/utsname.h>
#include "arch.h"

static const struct arch_ops *const arch_tables[] = { &arch_x86, &arch_arm64 };

const struct arch_ops *arch__by_name(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < sizeof(arch_tables) / sizeof(arch_tables[0]); i++) {
		const struct arch_ops *a = arch_tables[i];

		if (!strcmp(a->name, name))
			return a;
		for (int j = 0; j < 4 && a->uname_names[j]; j++)
			if (!strcmp(a->uname_names[j], name))
				return a;
	}
	return NULL;
}

const struct arch_ops *arch__for_host(void)
{
	struct utsname u;
	const struct arch_ops *a = NULL;

	if (uname(&u) == 0)
		a = arch__by_name(u.machine);
	return a ? a : &arch_x86;
}
