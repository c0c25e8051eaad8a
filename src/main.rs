//! The `gridkeeper` binary: hands the command line to the library.

fn main() -> std::process::ExitCode {
    gridkeeper::cli::run()
}
