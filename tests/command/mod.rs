//! What the tests of the headless commands share: running the program and reading its JSON
//! lines.

use std::process::{Command, Output};

use serde_json::Value;

pub fn gridkeeper(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridkeeper"))
        .args(args)
        .output()
        .expect("the binary runs")
}

pub fn json_lines(output: &Output) -> Vec<Value> {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|error| panic!("{line}: {error}")))
        .collect()
}
