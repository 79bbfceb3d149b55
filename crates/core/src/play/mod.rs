//! Playing games with dice and cards: one round (`round`), many rounds
//! against the exact figures ([`simulate`]), one whole shoe dealt coup
//! by coup with each bet's exact edge before it (`shoe`), and a table of seats with
//! chips ([`table`]). Choices follow the strategies the exact evaluation
//! solved for (`strategy`).
//!
//! A table's session followed over its rounds, exactly or from sessions
//! played, is the `session` module's, a layer above this one: it drives
//! this module's [`table`] and reads its rules.

#[doc(hidden)]
pub mod fast;
#[doc(hidden)]
pub mod round;
#[doc(hidden)]
pub mod shoe;
pub mod simulate;
#[doc(hidden)]
pub mod steps;
#[doc(hidden)]
pub mod strategy;
pub(crate) mod sums;
pub mod table;
