//! The text transcript of a table: one line (the summary, several) per
//! event, as a person at the table would say it.

use crate::number::Exact;
use crate::program::card::SUITS;
use crate::program::Program;
use crate::report::events::TableEvent;

/// `line` for a terminal that is not UTF-8: each suit's symbol written as
/// its letter, `Q♠` as `Qs`.
pub fn ascii(line: &str) -> String {
    let mut out = line.to_string();
    for suit in SUITS {
        out = out.replace(suit.symbol, suit.letter);
    }
    out
}

/// An event as a line of the text transcript.
pub fn line(program: &Program, event: &TableEvent) -> String {
    let list = |xs: &[u32]| xs.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
    match event {
        TableEvent::Game {
            game_number,
            seats,
            seat_chips,
            banker,
        } => {
            let dealt: Vec<String> = seat_chips.iter().map(|c| c.decimal()).collect();
            format!(
                "{}, game {game_number}: {seats} seats with {} chips; {}",
                program.name,
                dealt.join(", "),
                banker.map_or("the house banks".to_string(), |b| format!("seat {b} banks"))
            )
        }
        TableEvent::Round { round, banker } => match banker {
            Some(b) => format!("round {round} (seat {b} banks)"),
            None => format!("round {round}"),
        },
        TableEvent::Limit { seat, chips } => format!("  seat {seat} names the limit: {chips}"),
        TableEvent::Shuffle { shoe_cards } => {
            format!("  a new shoe of {shoe_cards} cards, shuffled")
        }
        TableEvent::BankStake { seat, stake } => {
            format!("  seat {seat} puts up {stake} in the bank")
        }
        TableEvent::Bet {
            seat,
            bet,
            stake,
            banco,
        } => format!(
            "  seat {seat} bets {stake} on {bet}{}",
            if *banco { ", calling banco" } else { "" }
        ),
        TableEvent::Throw {
            name,
            faces,
            attempt,
            accepted,
        } => {
            let again = match (attempt, accepted) {
                (1, true) => String::new(),
                (n, true) => format!(" (attempt {n})"),
                (n, false) => format!(" (attempt {n}, thrown again)"),
            };
            format!("  {name}: {}{again}", list(faces))
        }
        TableEvent::Draw {
            name,
            face_down: true,
            ..
        } => format!("  {name}: face down"),
        TableEvent::Draw { name, names, .. } => format!("  {name}: {}", names.join(" ")),
        TableEvent::TurnUp { name, names, .. } => {
            format!("  {name} turned up: {}", names.join(" "))
        }
        TableEvent::Choose {
            name,
            option,
            chosen_by,
            ..
        } => match chosen_by[..] {
            [] => format!("  {name}: {option}"),
            [s] => format!("  seat {s} chooses {name}: {option}"),
            _ => format!("  {} choose {name}: {option}", who(chosen_by)),
        },
        TableEvent::Part { path_seats } => format!("  for {}:", who(path_seats)),
        TableEvent::End { outcome } => {
            format!("  => {}", outcome.as_deref().unwrap_or("the round ends"))
        }
        TableEvent::Settle {
            seat,
            bet,
            payout,
            net,
            chips,
        } => {
            let what = if net.is_positive() {
                format!("wins {}", net.decimal())
            } else if net.is_negative() {
                format!("loses {}", net.abs().decimal())
            } else {
                "is even".to_string()
            };
            if payout == "bank" {
                format!("  seat {seat}, the bank, {what}: {} chips", chips.decimal())
            } else {
                format!(
                    "  seat {seat} {what} on {bet} ({payout}): {} chips",
                    chips.decimal()
                )
            }
        }
        TableEvent::House { net, total } => {
            format!("  house {}: {} in all", signed(net), total.decimal())
        }
        TableEvent::BankPasses { from, to } => {
            format!("  the bank passes from seat {from} to seat {to}")
        }
        TableEvent::BankerBroke { seat } => format!("  seat {seat} cannot cover the bet"),
        TableEvent::Leaves { seat } => format!("  seat {seat} has too few chips and leaves"),
        TableEvent::Summary {
            rounds,
            seat_chips,
            house,
            reason,
        } => {
            let mut out = format!("after {rounds} round(s), {reason}:");
            for (i, c) in seat_chips.iter().enumerate() {
                out.push_str(&format!("\n  seat {}: {} chips", i + 1, c.decimal()));
            }
            out.push_str(&format!("\n  house: {}", signed(house)));
            out
        }
    }
}

/// Seats in words: `seat 2`, `seats 1 and 3`, `seats 1, 3 and 4`.
fn who(seats: &[usize]) -> String {
    match seats {
        [] => "no seat".to_string(),
        [s] => format!("seat {s}"),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(usize::to_string).collect();
            format!("seats {} and {last}", rest.join(", "))
        }
    }
}

fn signed(x: &Exact) -> String {
    if x.is_negative() {
        x.decimal()
    } else {
        format!("+{}", x.decimal())
    }
}
