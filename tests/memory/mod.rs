//! Memory bounds for the tests: a command run under a limit on the memory it may take
//! (`ulimit -d`, the kernel's RLIMIT_DATA: its heap and private mappings), so that reading a
//! file that once blew up to gigabytes fails its test by the allocation that fails, never by
//! a timer or a machine brought down.

use std::process::{Command, Output};

/// Run `program` with `arguments` under a limit of `megabytes` of data memory.
pub fn run_within(megabytes: u64, program: &std::path::Path, arguments: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -d {} && exec \"$0\" \"$@\"",
            megabytes * 1024
        ))
        .arg(program)
        .args(arguments)
        .output()
        .expect("sh runs")
}
