//! `--cut N` of `play` and `simulate`: rounds dealt one after another from
//! one shoe to a cut card, as blackjack and baccarat tables deal, instead of
//! each from full shoes.

use clap::Args;

use super::{exit, output};
use crate::program::Program;

#[derive(Debug, Args)]
pub struct CutArgs {
    /// Deal round after round from one shoe, shuffling a new one before a
    /// round once N cards or fewer are left (the cut card); without it,
    /// every round is dealt from full shoes, as the exact figures assume.
    #[arg(long, value_name = "N")]
    pub cut: Option<u64>,
}

impl CutArgs {
    /// The cut card, or the exit code of the message that says why the
    /// game cannot be dealt to it: a game of no finite shoe, or a cut not
    /// inside each finite shoe (no round would be dealt).
    pub(super) fn cut(&self, file: &str, program: &Program) -> Result<Option<u64>, u8> {
        let Some(cut) = self.cut else {
            return Ok(None);
        };
        let finite: Vec<_> = (program.shoes.iter())
            .filter(|s| s.decks.is_some())
            .collect();
        let why = match finite.iter().min_by_key(|s| s.cards_held()) {
            None => format!(
                "{file} deals from no finite shoe: a cut card is placed in a shoe of decks (`--set decks=8` where the file has that parameter)"
            ),
            Some(shoe) if cut >= shoe.cards_held() => format!(
                "the cut card is not inside shoe `{}` of {} cards: give a cut below {}",
                shoe.name,
                shoe.cards_held(),
                shoe.cards_held()
            ),
            Some(_) => return Ok(Some(cut)),
        };
        let message = format!("error: --cut {cut}: {why}\n");
        Err(output::finish(exit::INPUT, "", &message))
    }
}
