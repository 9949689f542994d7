//! Throughput benchmark (mimalloc, as the CLI ships): streams a file through
//! a `Session` in 1 MiB chunks and prints MB/s and peak RSS as one JSON line.
//!
//! usage: throughput FILE SOURCE [events|events+json] [repeat]

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
const ALLOCATOR: &str = "mimalloc";

include!("bench_common/mod.rs");
