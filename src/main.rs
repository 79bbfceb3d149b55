//! The `dicerules` binary: see [`dicerules::cli`].
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    dicerules::cli::main()
}
