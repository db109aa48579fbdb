#![no_std]
#![no_main]
use core::panic::PanicInfo;
#[panic_handler]
fn panic(_: &PanicInfo) -> ! { loop {} }
pub mod outer {
    pub mod inner {
        #[inline(always)]
        pub fn mix(x: u64) -> u64 { x.rotate_left(7) ^ (x >> 3).wrapping_mul(0x9e3779b97f4a7c15) }
        #[inline(always)]
        pub fn step<T: Into<u64> + Copy>(x: u64, t: T) -> u64 { mix(x.wrapping_add(t.into())) }
    }
    #[inline(never)]
    pub fn spin(n: u64) -> u64 {
        let mut h = 1u64;
        let mut i = 0u64;
        while i < n { h = inner::step(h, i as u32); i += 1; }
        h
    }
    pub struct S<const N: usize>;
    impl<const N: usize> S<N> {
        #[inline(never)]
        pub fn run(&self, n: u64) -> u64 { let mut h = 0; for _ in 0..N { h ^= spin(n); } h }
    }
}
unsafe extern "C" { fn printf(f: *const u8, ...) -> i32; }
#[unsafe(no_mangle)]
pub extern "C" fn main() -> i32 {
    let s = outer::S::<3>;
    let h = s.run(150_000_000);
    unsafe { printf(b"%lu\n\0".as_ptr(), h); }
    0
}
