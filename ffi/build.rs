//! Gives libmemscribe.so a SONAME and exports only the `memscribe_*` symbols.

fn main() {
    let major = std::env::var("CARGO_PKG_VERSION_MAJOR").unwrap();
    let minor = std::env::var("CARGO_PKG_VERSION_MINOR").unwrap();
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if target_os == "linux" {
        // 0.x releases break the ABI on a minor bump, so the SONAME carries both.
        let soname = if major == "0" {
            format!("libmemscribe.so.0.{minor}")
        } else {
            format!("libmemscribe.so.{major}")
        };
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,{soname}");
        let map = std::path::Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap())
            .join("memscribe.map");
        println!(
            "cargo:rustc-cdylib-link-arg=-Wl,--version-script={}",
            map.display()
        );
        println!("cargo:rerun-if-changed=memscribe.map");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
