//! Memory bounds for the tests: a command run under a limit on the memory it may take
//! (`ulimit -d`, the kernel's RLIMIT_DATA: its heap and private mappings), so that reading a
//! file that once blew up to gigabytes fails its test by the allocation that fails, never by
//! a timer or a machine brought down; and under a limit on its processor time (`ulimit -t`,
//! far past anything the command needs), so that a file that once spun for ever fails its test
//! by the signal that stops it, where it would hold the run up.

use std::process::{Command, Output};

/// Run `program` with `arguments` under a limit of `megabytes` of data memory and `seconds` of
/// processor time (a guard against a hang, set far past what the command needs; not a measure
/// of speed, which the benchmarks take).
pub fn run_within(
    (megabytes, seconds): (u64, u64),
    program: &std::path::Path,
    arguments: &[&str],
) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -d {} && ulimit -t {seconds} && exec \"$0\" \"$@\"",
            megabytes * 1024
        ))
        .arg(program)
        .args(arguments)
        .output()
        .expect("sh runs")
}
