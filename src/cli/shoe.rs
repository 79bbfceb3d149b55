//! `dicerules shoe FILE --seed S`: one whole shoe dealt to the cut card,
//! each bet's exact house edge before every coup (a perfect counter's
//! view), the coups where a bet favours its bettor marked, and a summary.

use clap::Args;

use super::diagnostics::render;
use super::input::{load, GameArgs};
use super::{exit, output, TextOrJson};
use crate::ast::Span;
use crate::play::shoe::{deal, Options};
use crate::program::{NotOneShoe, Program};
use crate::render::shoe::text;

/// Cards left at which no coup starts, by default: a cut card near the
/// back, as baccarat places it (14 cards; a coup of punto banco takes at
/// most 6).
pub const DEFAULT_CUT: u64 = 14;

/// The most cards of a shoe `shoe` deals, by default (`--max-cards`): each
/// coup is an exact evaluation of the game from the cards left, about a
/// millisecond a card dealt (punto banco's 416 cards: 82 coups in 0.5 s).
/// Measured (release build): 10,000 cards of punto banco (`--set
/// decks=192`), 1,900 coups in about 13 s; a million decks would have
/// dealt for about 15 hours, printing nothing.
pub const DEFAULT_MAX_CARDS: u64 = 10_000;

#[derive(Debug, Args)]
pub struct ShoeArgs {
    /// The rule file, dealt from its one shoe (finite, its suits unread).
    #[arg(value_name = "FILE")]
    pub file: String,
    /// The seed of the deal: the same seed, the same shoe.
    #[arg(long)]
    pub seed: u64,
    /// The cut card: no coup starts with this many cards left or fewer.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_CUT)]
    pub cut: u64,
    /// The most cards of the shoe dealt (each coup an exact evaluation):
    /// a larger shoe is refused before the deal.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_CARDS,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_cards: u64,
    /// Output format: text (a line per coup), or json (docs/json.md).
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    pub format: TextOrJson,
    #[command(flatten)]
    pub game: GameArgs,
}

/// A game, or a cut card, that `shoe` cannot deal.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum ShoeError {
    #[error("the game deals no cards: `shoe` deals a card shoe")]
    #[diagnostic(
        code(dice::shoe::no_shoe),
        help("`dicerules shoe` is for games with a `shoe`; `play` and `simulate` play any game")
    )]
    NoShoe {
        #[label("no `shoe` in this file")]
        span: Span,
    },
    #[error("the game has several shoes: `shoe` deals one")]
    #[diagnostic(
        code(dice::shoe::several),
        help("`dicerules shoe` follows the cards of a game's single shoe")
    )]
    Several {
        #[label("a second shoe")]
        span: Span,
    },
    #[error("shoe `{shoe}` is infinite: it never runs down, and no card changes the edges")]
    #[diagnostic(
        code(dice::shoe::infinite),
        help("give it a number of decks (`--set decks=8` where the file has that parameter)")
    )]
    Infinite {
        shoe: String,
        #[label("an infinite shoe")]
        span: Span,
    },
    #[error("the round reads the suits of shoe `{shoe}`: the edges from the cards left are computed by rank")]
    #[diagnostic(
        code(dice::shoe::suits),
        help("`dicerules shoe` deals games whose round reads ranks and values, not suits")
    )]
    Suits {
        shoe: String,
        #[label("the round reads suits")]
        span: Span,
    },
    #[error("shoe `{shoe}` holds {cards} cards: `shoe` deals at most {limit}, each coup an exact evaluation")]
    #[diagnostic(
        code(dice::shoe::too_large),
        help("every coup evaluates the game exactly from the cards left, about a millisecond a card: deal a smaller shoe (`--set decks=8` where the file has that parameter), or raise the bound with --max-cards")
    )]
    TooLarge {
        shoe: String,
        cards: u64,
        limit: u64,
        #[label("a shoe of {cards} cards")]
        span: Span,
    },
    #[error("the cut card at {cut} cards left is not inside shoe `{shoe}` of {cards} cards")]
    #[diagnostic(
        code(dice::shoe::cut),
        help("give a cut below {cards} (the default is {DEFAULT_CUT})")
    )]
    Cut {
        cut: u64,
        shoe: String,
        cards: u64,
        #[label("no coup would be dealt")]
        span: Span,
    },
}

/// The shoe `shoe` deals: the game's only one, finite, its suits unread.
fn the_shoe(program: &Program, source: &str) -> Result<usize, ShoeError> {
    let shoes = &program.shoes;
    match program.one_finite_shoe() {
        Err(NotOneShoe::NoShoe) => Err(ShoeError::NoShoe {
            span: Span::new(0, source.lines().next().map_or(0, str::len)),
        }),
        Err(NotOneShoe::Infinite) => Err(ShoeError::Infinite {
            shoe: shoes[0].name.clone(),
            span: shoes[0].span,
        }),
        Err(NotOneShoe::Several) => Err(ShoeError::Several {
            span: shoes[1].span,
        }),
        Ok(i) if shoes[i].telling().1 => Err(ShoeError::Suits {
            shoe: shoes[i].name.clone(),
            span: shoes[i].span,
        }),
        Ok(i) => Ok(i),
    }
}

pub fn run(args: &ShoeArgs) -> u8 {
    let loaded = match load(&args.file, &args.game, &[]) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let program = &loaded.game.program;
    let source = &loaded.game.source;
    let shoe = match the_shoe(program, source) {
        Ok(shoe) => shoe,
        Err(e) => return output::finish(exit::INPUT, "", &render(e, &args.file, source)),
    };
    let cards = program.shoes[shoe].cards_held();
    if cards > args.max_cards {
        let e = ShoeError::TooLarge {
            shoe: program.shoes[shoe].name.clone(),
            cards,
            limit: args.max_cards,
            span: program.shoes[shoe].span,
        };
        return output::finish(exit::INPUT, "", &render(e, &args.file, source));
    }
    if args.cut >= cards {
        let text = args.cut.to_string();
        let e = ShoeError::Cut {
            cut: args.cut,
            shoe: program.shoes[shoe].name.clone(),
            cards,
            span: Span::new(0, text.len()),
        };
        return output::finish(exit::INPUT, "", &render(e, "--cut", &text));
    }
    let options = Options {
        shoe,
        seed: args.seed,
        cut: args.cut,
        limits: args.game.limits(),
    };
    match deal(program, options) {
        Ok(run) => {
            let out = match args.format {
                TextOrJson::Json => crate::render::serial::json(&run),
                TextOrJson::Text => text(&run),
            };
            output::finish(exit::OK, &out, "")
        }
        Err(e) => output::finish(exit::INPUT, "", &render(e, &args.file, source)),
    }
}
