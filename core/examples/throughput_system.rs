//! Throughput benchmark with the system allocator, as a host that does not
//! choose one gets. Same usage as `throughput`.

const ALLOCATOR: &str = "system";

include!("bench_common/mod.rs");
