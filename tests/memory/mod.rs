//! Memory bounds for the tests: a command run under a limit on the memory it may take
//! (`ulimit -d`, the kernel's RLIMIT_DATA: its heap and private mappings), so that reading a
//! file that once blew up to gigabytes fails its test by the allocation that fails, never by
//! a timer or a machine brought down; and under a limit on its processor time (`ulimit -t`,
//! far past anything the command needs), so that a file that once spun for ever fails its test
//! by the signal that stops it, where it would hold the run up.

use std::process::{Command, Output};

/// Processor seconds a bounded command may take before it is stopped: a guard against a hang,
/// not a measure of speed (the benchmarks measure that).
const MOST_PROCESSOR_SECONDS: u64 = 120;

/// Run `program` with `arguments` under a limit of `megabytes` of data memory (and
/// [`MOST_PROCESSOR_SECONDS`]).
pub fn run_within(megabytes: u64, program: &std::path::Path, arguments: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -d {} && ulimit -t {MOST_PROCESSOR_SECONDS} && exec \"$0\" \"$@\"",
            megabytes * 1024
        ))
        .arg(program)
        .args(arguments)
        .output()
        .expect("sh runs")
}
