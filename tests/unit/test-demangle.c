// SPDX-License-Identifier: GPL-2.0
/*
 * util/demangle-rust, demangle-misc and elf__demangle: names as perf 6.1
 * shows them. Every expected string below is what perf 6.1 (Debian's, with
 * libiberty's demangler) printed for the name, read from `perf script -F
 * ip,sym` of a program whose functions had these names; NULL where perf
 * printed the name as it is.
 */
#include "unit.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/demangle-rust.h"
#include "util/dso.h"

struct pair {
	const char *in, *out;
};

static void check(const struct pair *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char *dm = elf__demangle(p[i].in);

		if (!p[i].out) {
			if (dm)
				fail_msg("%s: expected no demangling, got \"%s\"", p[i].in, dm);
		} else if (!dm || strcmp(dm, p[i].out)) {
			fail_msg("%s: expected \"%s\", got \"%s\"", p[i].in, p[i].out,
				 dm ? dm : "(null)");
		}
		free(dm);
	}
}

#define H "17h0123456789abcdefE"

/* legacy: "_ZN" idents "E", the last one the hash */
static void test_legacy(void **state)
{
	static const struct pair p[] = {
		{ "_ZN1r4work17h1eab6cb397fdfa44E", "r::work" },
		{ "_ZN9hashbrown3raw21RawTable$LT$T$C$A$GT$14reserve_rehash"
		  "17h477217d1bccf7f1cE.llvm.4696948547317117025",
		  "hashbrown::raw::RawTable<T,A>::reserve_rehash" },
		{ "_ZN79_$LT$hashbrown..raw..RawTable$LT$T$C$A$GT$$u20$as$u20$core..ops..drop.."
		  "Drop$GT$4drop17h5a3cbe32dbda107fE",
		  "<hashbrown::raw::RawTable<T,A> as core::ops::drop::Drop>::drop" },
		{ "_ZN3std2rt10lang_start28_$u7b$$u7b$closure$u7d$$u7d$17ha86af84d9cc65291E",
		  "std::rt::lang_start::{{closure}}" },
		{ "_ZN65_$LT$smallvec..CollectionAllocErr$u20$as$u20$core..fmt..Debug$GT$3fmt"
		  "17h6f38f44280e16b86E.2483",
		  "<smallvec::CollectionAllocErr as core::fmt::Debug>::fmt" },
		{ "_ZN3foo4$SP$" H, "foo::@" },
		{ "_ZN3foo4$BP$" H, "foo::*" },
		{ "_ZN3foo4$RF$" H, "foo::&" },
		{ "_ZN3foo4$LP$" H, "foo::(" },
		{ "_ZN3foo4$RP$" H, "foo::)" },
		{ "_ZN3foo5$u7e$" H, "foo::~" },
		{ "_ZN3foo5$u7f$" H, "foo::\x7f" },
		{ "_ZN3foo6$u20$x" H, "foo:: x" },
		/* ".." is "::", a lone '.' stays */
		{ "_ZN3foo3a.b" H, "foo::a.b" },
		{ "_ZN3foo5a...b" H, "foo::a::.b" },
		{ "_ZN3foo3..a" H, "foo::::a" },
		{ "_ZN3foo3a:b" H, "foo::a:b" },
		/* the '_' rustc puts before a leading '$' */
		{ "_ZN3foo6_$LT$x" H, "foo::<x" },
		{ "_ZN3foo6__$LT$" H, "foo::__<" },
		/* from an escape it does not know on, the ident as it is */
		{ "_ZN3foo4$XX$" H, "foo::$XX$" },
		{ "_ZN3foo8$XX$a..b" H, "foo::$XX$a..b" },
		{ "_ZN3foo8$LT$$XX$" H, "foo::<$XX$" },
		{ "_ZN3foo5$LT$$" H, "foo::<$" },
		{ "_ZN3foo1$" H, "foo::$" },
		{ "_ZN3foo3$u$" H, "foo::$u$" },
		/* "$u" escapes: two lower-case digits, ASCII from space on */
		{ "_ZN3foo4$u9$" H, "foo::$u9$" },
		{ "_ZN3foo5$u1f$" H, "foo::$u1f$" },
		{ "_ZN3foo5$u80$" H, "foo::$u80$" },
		{ "_ZN3foo7$u007e$" H, "foo::$u007e$" },
		{ "_ZN3foo7a$u7E$b" H, "foo::a$u7E$b" },
		{ "_ZN4feat15_$u6771$$u4eac$17h78e33623165aefe1E", "feat::$u6771$$u4eac$" },
		{ "_ZN3foo" H ".cold.1", "foo" },
		/* not Rust: C++'s reading (a suffix that is no '.', no hash) */
		{ "_ZN3foo" H "$x", "foo::h0123456789abcdef" },
		{ "_ZN3foo" H "17h0123456789abcdefE", "foo::h0123456789abcdef" },
		{ "_ZN3foo17h0123456789ABCDEFE", "foo::h0123456789ABCDEF" },
		{ "_ZN3foo16h0123456789abcdeE", "foo::h0123456789abcde" },
		{ "_ZN17h0123456789abcdefE", "h0123456789abcdef" },
		{ "_ZN3foo17h0123456789abcdef", NULL },
	};

	(void)state;
	check(p, sizeof(p) / sizeof(p[0]));
}

#define W "_RNvMCs3JpXfVvpfaM_4featINtB2_1W"

/* v0: paths, impls, generic arguments, back references */
static void test_v0_paths(void **state)
{
	static const struct pair p[] = {
		{ "_RNvCs3JpXfVvpfaM_4feat2go", "feat::go" },
		{ "_RCs3JpXfVvpfaM_4feat", "feat" },
		{ "_RNvC4feat0", "feat" },
		{ "_RNzC4feat3foo", "feat::foo" },
		{ "_RINvNtCsgEmfK2I1SDS_4core3ptr13drop_in_placeNtNtCsaq0EfEBiLW7_12rustc_errors"
		  "10diagnostic4DiagECsjargyg6XnQl_16rustc_hir_typeck.llvm.7286815012044496792",
		  "core::ptr::drop_in_place::<rustc_errors::diagnostic::Diag>" },
		{ "_RNvXs1g_NtCsgEmfK2I1SDS_4core3fmtRNtCsaI78oehxpiV_12rustc_ast_ir5IntTy"
		  "NtB6_5Debug3fmtCshpzWpLcxOCw_15rustc_mir_build",
		  "<&rustc_ast_ir::IntTy as core::fmt::Debug>::fmt" },
		{ "_RINvMNtNtCsgEmfK2I1SDS_4core4cell4onceINtB3_8OnceCellINtNtB7_6result6Result"
		  "INtNtB7_6option6OptionINtNtCslNYArtu3iFV_5alloc5boxed3BoxINtNtCs4X4t9plMPHF_"
		  "9addr2line4unit7DwoUnitINtNtNtCsduwmD7cSIQq_5gimli4read12endian_slice"
		  "11EndianSliceNtNtB2T_9endianity12LittleEndianEEEENtB2R_5ErrorEE8try_init"
		  "NCINvB2_11get_or_initNCNvMB29_INtB29_7ResUnitB2M_E14dwarf_and_units0_0E0zE"
		  "CsjrHSEGnQ3l9_3std",
		  "<core::cell::once::OnceCell<core::result::Result<core::option::Option<"
		  "alloc::boxed::Box<addr2line::unit::DwoUnit<gimli::read::endian_slice::"
		  "EndianSlice<gimli::endianity::LittleEndian>>>>, gimli::read::Error>>>::"
		  "try_init::<<core::cell::once::OnceCell<core::result::Result<core::option::"
		  "Option<alloc::boxed::Box<addr2line::unit::DwoUnit<gimli::read::endian_slice::"
		  "EndianSlice<gimli::endianity::LittleEndian>>>>, gimli::read::Error>>>::"
		  "get_or_init<<addr2line::unit::ResUnit<gimli::read::endian_slice::EndianSlice<"
		  "gimli::endianity::LittleEndian>>>::dwarf_and_unit::{closure#2}>::{closure#0}, !>" },
		{ "_RNCNvC4feat3foos_0", "feat::foo::{closure#1}" },
		{ "_RNCNvC4feat3foo3bar", "feat::foo::{closure:bar#0}" },
		{ "_RNSNvC4feat3foo6vtable", "feat::foo::{shim:vtable#0}" },
		{ "_RNAC4feat3foo", "feat::{A:foo#0}" },
		{ "_RNXNvC4feat3foo0", "feat::foo::{X#0}" },
		{ "_RINvC4feat3fooYhNvC4feat2TrE", "feat::foo::<<u8 as feat::Tr>>" },
		{ "_RINvC4feat3fooXs_NvC4feat1xhNvC4feat2TrE", "feat::foo::<<u8 as feat::Tr>>" },
		{ W "E2goB2_", "<feat::W<>>::go" },
		{ W "KpKpE2goB2_", "<feat::W<_, _>>::go" },
		/* malformed: the name as it is */
		{ "_RNvCs3JpXfVvpfaM_4feat2goX", NULL },
		{ "_RNvCs3JpXfVvpfaM_4feat2go$x", NULL },
		{ "_RNvCs3JpXfVvpfaM_4feat2goCs3JpXfVvpfaM_4featjunk", NULL },
		{ "_RNvCs3JpXfVvpfaM_4featB4_", NULL },
		{ "_R0Cs3JpXfVvpfaM_4feat", NULL },
		{ "_RNvC4feat03foo", NULL },
		{ "_RNvC4feat_3foo", NULL },
		{ "_RNvC4feat3_fo", NULL },
		{ "_RINvC4feat3fooBXE", NULL },
		{ "_R", NULL },
	};

	(void)state;
	check(p, sizeof(p) / sizeof(p[0]));
}

/* v0 types and constants */
static void test_v0_types(void **state)
{
	static const struct pair p[] = {
		{ "_RINvC4feat3fooAhj3_SmPhOhE", "feat::foo::<[u8; 3], [u32], *const u8, *mut u8>" },
		{ "_RINvC4feat3fooTEE", "feat::foo::<()>" },
		{ "_RINvC4feat3fooThEE", "feat::foo::<(u8,)>" },
		{ "_RINvC4feat3fooFG0_RL0_hEuE", "feat::foo::<for<'a, 'b> fn(&'b u8)>" },
		{ "_RINvC4feat3fooFG1_RL1_hRL0_tEuE",
		  "feat::foo::<for<'a, 'b, 'c> fn(&'b u8, &'c u16)>" },
		{ "_RINvC4feat3fooFUKCEuE", "feat::foo::<unsafe extern \"C\" fn()>" },
		{ "_RINvC4feat3fooFK7rust_calluEuE", "feat::foo::<extern \"rust-ca\" fn(i32, i32, ())>" },
		{ "_RINvC4feat3fooFKCvEuE", "feat::foo::<extern \"C\" fn(...)>" },
		{ "_RINvC4feat3fooFhtEvE", "feat::foo::<fn(u8, u16) -> ...>" },
		{ "_RINvC4feat3fooDNvC4feat2TrEL_E", "feat::foo::<dyn feat::Tr>" },
		{ "_RINvC4feat3fooDNvC4feat2Trp4ItemhEL_E", "feat::foo::<dyn feat::Tr<Item = u8>>" },
		{ "_RINvC4feat3fooDINvC4feat2TrhEp4ItemhEL_E",
		  "feat::foo::<dyn feat::Tr<u8, Item = u8>>" },
		{ "_RINvC4feat3fooDNvC4feat2Trp4Itemhp3FooaNvC4feat1ZEL_E",
		  "feat::foo::<dyn feat::Tr<Item = u8, Foo = i8> + feat::Z>" },
		/* lifetimes not bound: perf's demangler counts below zero */
		{ "_RINvC4feat3fooRL_hRL0_hQL_hE",
		  "feat::foo::<&u8, &'_18446744073709551615 u8, &mut u8>" },
		{ "_RINvC4feat3fooDG_NvC4feat2TrEL1_E",
		  "feat::foo::<dyn for<'a> feat::Tr + '_18446744073709551614>" },
		{ "_RINvC4feat3fooL_E", "feat::foo::<'_>" },
		{ "_RINvC4feat3fooFG_L1_EuE", NULL },
		/* constants */
		{ W "Kb1_E2goB2_", "<feat::W<true>>::go" },
		{ W "Kln0_E2goB2_", "<feat::W<-0>>::go" },
		{ W "Kxn8000000000000000_E2goB2_", "<feat::W<-9223372036854775808>>::go" },
		{ W "Kyffffffffffffffff_E2goB2_", "<feat::W<18446744073709551615>>::go" },
		/* past 64 bits: hex, the first digit left out, the '_' in */
		{ W "Ky10000000000000000_E2goB2_", "<feat::W<0x0000000000000000_>>::go" },
		{ W "Kl00000000000000001_E2goB2_", "<feat::W<0x0000000000000001_>>::go" },
		{ "_RINvMs2_NtCshg5UprtI8ZK_4jiff4spanNtB6_4Span15try_days_rangedINtNtNtB8_4util"
		  "8rangeint5ri128Knn80000000000000000000000000000000_Kn7fffffffffffffffffffffff"
		  "ffffffff_EEB8_",
		  "<jiff::span::Span>::try_days_ranged::<jiff::util::rangeint::ri128<"
		  "-0x0000000000000000000000000000000_, 0xfffffffffffffffffffffffffffffff_>>" },
		{ W "Kc5c_E2goB2_", "<feat::W<'\\'>>::go" },
		{ W "Kc27_E2goB2_", "<feat::W<'''>>::go" },
		{ W "Kc7d_E2goB2_", "<feat::W<'}'>>::go" },
		{ W "Kc7e_E2goB2_", "<feat::W<'\\u{7e}'>>::go" },
		{ W "Kc20_E2goB2_", "<feat::W<'\\u{20}'>>::go" },
		{ W "Kc9_E2goB2_", "<feat::W<'\\t'>>::go" },
		{ W "Kca_E2goB2_", "<feat::W<'\\n'>>::go" },
		{ W "Kc0_E2goB2_", "<feat::W<'\\u{0}'>>::go" },
		{ W "Kcd800_E2goB2_", "<feat::W<'\\u{d800}'>>::go" },
		{ W "Kcffffffff_E2goB2_", "<feat::W<'\\u{ffffffff}'>>::go" },
		{ W "Kc100000000_E2goB2_", NULL },
		{ W "Kc000000041_E2goB2_", NULL },
		{ W "Kb2_E2goB2_", NULL },
		{ W "Kb00_E2goB2_", NULL },
		{ W "Kbn1_E2goB2_", NULL },
		{ W "Kcn41_E2goB2_", NULL },
		{ W "Khn1_E2goB2_", NULL },
		{ W "Kj_E2goB2_", NULL },
		{ W "KlA_E2goB2_", NULL },
		{ W "Ke616263_E2goB2_", NULL },
		{ W "Kf3f800000_E2goB2_", NULL },
	};

	(void)state;
	check(p, sizeof(p) / sizeof(p[0]));
}

/* v0 identifiers in punycode */
static void test_v0_punycode(void **state)
{
	static const struct pair p[] = {
		{ "_RNvCs3JpXfVvpfaM_4featu7caf_dma", "feat::caf\xc3\xa9" },
		{ "_RINvCs3JpXfVvpfaM_4featu7_1lqs71dhEB2_", "feat::\xe6\x9d\xb1\xe4\xba\xac::<u8>" },
		{ "_RNvNvC4feat3foou9Strae_oqa", "feat::foo::Stra\xc3\x9f" "e" },
		{ "_RNvNvC4feat3foou5Ab_aa", "feat::foo::\xc2\x80\xc2\x80" "Ab" },
		{ "_RNvNvC4feat3foou4a__a", "feat::foo::\xc2\x80" "a_" },
		{ "_RNvNvC4feat3foou4_e28h", "feat::foo::\xf0\x9f\x98\x80" },
		/* code points are not checked; past U+10FFFF the lead byte is cut */
		{ "_RNvNvC4feat3foou5en32g", "feat::foo::\xf4\x90\x80\x80" },
		{ "_RNvNvC4feat3foou4ib9b", "feat::foo::\xed\xa0\x80" },
		{ "_RNvNvC4feat3foou8_8016146o", "feat::foo::\xff\xbf\xbf\xbf" },
		/* the code point wraps at 32 bits; a decoded one takes 2 bytes */
		{ "_RNvNvC4feat3foou9sy902716a", "feat::foo::\xc1\x81" },
		{ "_RNvNvC4feat3foou9xw902716a", "feat::foo::\xc0\x80" },
		/* an encoded part that stops in a number: shown as nothing */
		{ "_RNvNvC4feat3foou5ca_fe", "feat::foo::" },
		{ "_RNvNvC4feat3foou2zz", "feat::foo::" },
		/* no encoded part, no digit, an overflow: not demangled */
		{ "_RNvNvC4feat3foou0", NULL },
		{ "_RNvNvC4feat3foou2a_", NULL },
		{ "_RNvNvC4feat3foou3a__", NULL },
		{ "_RNvNvC4feat3foou4ab_C", NULL },
		{ "_RNvNvC4feat3foou2A9", NULL },
		{ "_RNvNvC4feat3foou24999999999999999999999999", NULL },
	};

	(void)state;
	check(p, sizeof(p) / sizeof(p[0]));
}

/* "B" and the base-62 number of a position (after "_R") */
static size_t backref(char *out, size_t pos)
{
	char tmp[16];
	size_t n = 0, k = 0;

	out[n++] = 'B';
	if (pos) {
		size_t v = pos - 1;

		do {
			int c = (int)(v % 62);

			tmp[k++] = (char)(c < 10 ? '0' + c : c < 36 ? 'a' + c - 10 : 'A' + c - 36);
			v /= 62;
		} while (v);
		while (k)
			out[n++] = tmp[--k];
	}
	out[n++] = '_';
	return n;
}

/* "_RINvC1a1b" and a tuple of units, then @levels tuples each holding
 * the one before twice (by back reference), closed: 2^levels pairs */
static void tuple_bomb(char *name, int levels)
{
	size_t n, prev;

	strcpy(name, "_RINvC1a1bTuuE");
	n = strlen(name);
	prev = n - 4 - 2;	/* "Tuu" + 'E', after "_R" */
	for (int i = 0; i < levels; i++) {
		size_t at = n - 2;

		name[n++] = 'T';
		n += backref(name + n, prev);
		n += backref(name + n, prev);
		name[n++] = 'E';
		prev = at;
	}
	name[n++] = 'E';
	name[n] = '\0';
}

/* names built to blow up (back references to back references, deep
 * nesting): no crash, no endless output */
static void test_v0_bombs(void **state)
{
	char name[8192];
	size_t n;
	char *dm;

	(void)state;
	/* 2^40 "()" in the end: past the output's limit, given up */
	tuple_bomb(name, 40);
	dm = rust__demangle(name);
	assert_null(dm);
	/* the same with 2 levels is fine */
	tuple_bomb(name, 2);
	dm = rust__demangle(name);
	assert_non_null(dm);
	assert_string_equal(dm, "a::b::<((), ()), (((), ()), ((), ())), ((((), ()), ((), ())), "
			    "(((), ()), ((), ())))>");
	free(dm);

	/* 2000 nested references: too deep, given up */
	n = (size_t)snprintf(name, sizeof(name), "_RINvC1a1b");
	for (int i = 0; i < 2000; i++)
		name[n++] = 'R';
	memcpy(name + n, "uE", 3);
	dm = rust__demangle(name);
	assert_null(dm);
}

/*
 * C++ as perf shows it without -v: the name without its parameters, what
 * follows a complete name ignored; thunks read to their end.
 */
static void test_cxx_tails(void **state)
{
	static const struct pair p[] = {
		{ "_ZN3foo3barEjunk", "foo::bar" },
		{ "_Z3fooiX", "foo" },
		{ "_Z3foo$x", "foo" },
		{ "_ZNKSt6vectorIiSaIiEE4sizeEv@@GLIBCXX_3.4",
		  "std::vector<int, std::allocator<int> >::size" },
		{ "_ZGVNSt7collateIcE2idE@@GLIBCXX_3.4", "guard variable for std::collate<char>::id" },
		{ "_ZZ3foovE1xjunk", "foo()::x" },
		{ "_Z3fooILi1EEvvjunk", "foo<1>" },
		{ "_ZNK3foo3barE", "foo::bar" },
		{ "_ZNKSi6gcountE", "std::istream::gcount" },
		{ "_ZNKSt3tr14hashIRKSbIwSt11char_traitsIwESaIwEEEclE",
		  "std::tr1::hash<std::basic_string<wchar_t, std::char_traits<wchar_t>, "
		  "std::allocator<wchar_t> > const&>::operator()" },
		{ "_ZNSt14numeric_limitsIiE6digitsEB", "std::numeric_limits<int>::digits" },
		{ "_ZTv0_n24_NSt19basic_istringstreamIcSt11char_traitsIcESaIcEED1EvPhEE",
		  "virtual thunk to std::basic_istringstream<char, std::char_traits<char>, "
		  "std::allocator<char> >::~basic_istringstream(void, unsigned char*)" },
		/* perf's demangler fails on these */
		{ "_ZTv0_n24_NSoD0Ev@@GLIBCXX_3.4", NULL },
		{ "_ZThn16_NSt9strstreamD0Ev@@GLIBCXX_3.4", NULL },
		{ "_ZGTtNSt11logic_errorD2Ev@@GLIBCXX_3.4", NULL },
		{ "_ZSt9use_facetINS", NULL },
		{ "_ZTVSt10moneypunctIcL", NULL },
		{ "_Z", NULL },
		{ "_Z1", NULL },
	};

	(void)state;
	check(p, sizeof(p) / sizeof(p[0]));
}

/* when the C++/Rust demangler gives up: OCaml, then Java (jitdump) */
static void test_ocaml_java(void **state)
{
	static const struct pair p[] = {
		{ "camlStdlib__array__map_154", "Stdlib.array.map_154" },
		{ "camlFoo$2ebar", "Foo.bar" },
		{ "camlAbc$2E", "Abc." },
		{ "camlA$41$42", "AAB" },
		{ "camlA___b", "A._b" },
		{ "camlA____b", "A..b" },
		{ "camlA$2g", "A$2g" },
		{ "camlA$", "A$" },
		{ "camlfoo__bar_1", NULL },
		{ "caml_alloc_shr", NULL },
		{ "Ljava/lang/StringBuilder;append(I)Ljava/lang/StringBuilder;",
		  "java.lang.StringBuilder.append(int)" },
		{ "Lfoo;bar(BCSFD)V", "foo.bar(byte, char, short, float, double)" },
		{ "Lfoo;bar([I[[J)V", "foo.bar(int[], long[][])" },
		/* an object array's brackets go to the next primitive */
		{ "Lfoo;bar(Ljava/lang/Object;[Ljava/lang/Object;I)V",
		  "foo.bar(java.lang.Object, java.lang.Object, int[])" },
		{ "Lfoo;bar([)V", "foo.bar()" },
		/* the '.' only before a letter */
		{ "Lfoo;<init>()V", "foo<init>()" },
		{ "Lfoo;_bar()", "foo_bar()" },
		{ "Lfoo;L()V", "foo.L()" },
		{ "L;bar()V", ".bar()" },
		{ "Lfoo/;bar()V", "foo..bar()" },
		/* void and unknown codes: no ", " */
		{ "Lfoo;bar(IVI)V", "foo.bar(intvoid, int)" },
		{ "LX;y(QI)V", "X.y(Qint)" },
		/* read up to the last ')' */
		{ "Lfoo;bar()V)", "foo.bar()void)" },
		{ "Lfoo;bar(I)J)", "foo.bar(int)long)" },
		{ "Lfoo;bar(I)Lfoo", "foo.bar(int)" },
		{ "L;xZQ<C(Qa><)<(_IyI", ".xZQ<C(Qa><)" },
		{ "Lfoo;bar(L;)V", "foo.bar()" },
		/* not demangled */
		{ "Lfoo;bar(I", NULL },
		{ "Lfoo;bar(", NULL },
		{ "Lfoo(I)V", NULL },
		{ "Lfoo;ba/r()V", NULL },
		{ "La;b;c()V", NULL },
		{ "La;b(I)V(J)V", NULL },
		{ "Lfoo;bar(La/b)V", NULL },
		{ "Lfoo;b[ar()V", NULL },
		{ "L[;bar()V", NULL },
		{ "L.I<;(1)Lz)x>Cyx1IDV", NULL },
		{ "x(I)V", NULL },
		{ "L", NULL },
	};

	(void)state;
	check(p, sizeof(p) / sizeof(p[0]));
	assert_true(elf__maybe_mangled("Lfoo;bar()V"));
	assert_true(elf__maybe_mangled("camlA__b"));
	assert_true(elf__maybe_mangled("_RNvC1a1b"));
	assert_false(elf__maybe_mangled("main"));
	assert_false(elf__maybe_mangled("camlfoo"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_legacy),
		cmocka_unit_test(test_v0_paths),
		cmocka_unit_test(test_v0_types),
		cmocka_unit_test(test_v0_punycode),
		cmocka_unit_test(test_v0_bombs),
		cmocka_unit_test(test_cxx_tails),
		cmocka_unit_test(test_ocaml_java),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
