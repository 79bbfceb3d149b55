//! Sums of one figure over samples (the sessions `session --simulate`
//! plays, the shoes `shoe_margin` deals), for its mean and standard error.

use crate::report::session::Estimate;

/// Sums of one figure over the samples (sessions, shoes), for its
/// [`Estimate`].
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Sums {
    sum: f64,
    squares: f64,
}

impl Sums {
    pub(crate) fn add(&mut self, x: f64) {
        self.sum += x;
        self.squares += x * x;
    }

    /// The mean over `n` samples, and its standard error (the sample
    /// variance with Bessel's correction).
    pub(crate) fn estimate(&self, n: f64) -> Estimate {
        let mean = self.sum / n;
        let variance = if n > 1.0 {
            ((self.squares - n * mean * mean) / (n - 1.0)).max(0.0)
        } else {
            0.0
        };
        Estimate {
            mean,
            std_error: (variance / n).sqrt(),
        }
    }
}
