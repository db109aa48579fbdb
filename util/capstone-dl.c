// SPDX-License-Identifier: GPL-2.0
#include <dlfcn.h>
#include <pthread.h>
#include "capstone-dl.h"
#include "debug.h"

static struct cs_lib lib;
static bool loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* the soname of the capstone mperf was built with, then the others */
#define CS_SONAME(major) "libcapstone.so." #major
#define CS_SONAME_OF(major) CS_SONAME(major)

static void cs_lib__load(void)
{
	static const char *const names[] = { CS_SONAME_OF(CS_API_MAJOR), "libcapstone.so.5",
					     "libcapstone.so.4", "libcapstone.so" };
	void *h = NULL;

	for (size_t i = 0; !h && i < sizeof(names) / sizeof(names[0]); i++)
		h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		pr_warning("cannot load capstone to decode instructions (%s): "
			   "install it (apt-get install libcapstone4)\n", dlerror());
		return;
	}
	*(void **)&lib.open = dlsym(h, "cs_open");
	*(void **)&lib.option = dlsym(h, "cs_option");
	*(void **)&lib.disasm = dlsym(h, "cs_disasm");
	*(void **)&lib.free = dlsym(h, "cs_free");
	*(void **)&lib.close = dlsym(h, "cs_close");
	*(void **)&lib.malloc = dlsym(h, "cs_malloc");
	*(void **)&lib.disasm_iter = dlsym(h, "cs_disasm_iter");
	*(void **)&lib.insn_group = dlsym(h, "cs_insn_group");
	if (!lib.open || !lib.option || !lib.disasm || !lib.free || !lib.close ||
	    !lib.malloc || !lib.disasm_iter || !lib.insn_group) {
		pr_warning("the capstone library found lacks functions mperf uses: "
			   "install libcapstone4\n");
		dlclose(h);
		return;
	}
	loaded = true;
}

const struct cs_lib *cs_lib(void)
{
	pthread_once(&once, cs_lib__load);
	return loaded ? &lib : NULL;
}
