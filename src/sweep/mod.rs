//! Parameter sweeps: a policy template with one range (`fixed-risk:{0.05..0.6 step 0.05}`)
//! expanded into points, each played against a field of opponents (or alone), and the result
//! table with the best point of each series; sharded, the sweep's counters and the result
//! built from them.

pub mod args;
pub mod result;
pub mod shard;
pub mod template;
