//! What the source layer's tests share.

use std::path::{Path, PathBuf};

/// `../shared/corpus`, or `None` when it is absent (the test is then
/// skipped) unless `MEMSCRIBE_REQUIRE_CORPUS=1`.
pub fn corpus() -> Option<PathBuf> {
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
    if base.is_dir() {
        return Some(base);
    }
    assert!(
        std::env::var("MEMSCRIBE_REQUIRE_CORPUS").map_or(true, |v| v != "1"),
        "corpus required but missing at {}",
        base.display()
    );
    None
}
