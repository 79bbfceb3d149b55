//! The shell's conventions: `dicerules completions SHELL` (clap_complete)
//! and `dicerules man` (clap_mangen), both from the command line's own
//! definition, so they never go stale.

use clap::{Args, CommandFactory};

use super::{exit, output, Cli};

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell the script is for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// The completion script of `args.shell` on stdout.
pub fn completions(args: &CompletionsArgs) -> u8 {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "dicerules", &mut script);
    output::finish(exit::OK, &String::from_utf8_lossy(&script), "")
}

/// The manual page on stdout.
pub fn man() -> u8 {
    let mut page = Vec::new();
    match clap_mangen::Man::new(Cli::command()).render(&mut page) {
        Ok(()) => output::finish(exit::OK, &String::from_utf8_lossy(&page), ""),
        Err(e) => output::finish(exit::INPUT, "", &format!("error: {e}\n")),
    }
}
