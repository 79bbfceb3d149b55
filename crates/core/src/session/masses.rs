//! The chain's probabilities ([`Masses`]): whole numbers over powers of
//! the run law's common denominator, added and multiplied without a gcd,
//! reduced by the denominator's primes only to be reported, and every
//! operation counted in the machine words it works through, which the
//! session's work bound ([`super::WORK_PER_TABLE`]) counts.

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, Zero};

use super::law::RunLaw;
use crate::number::{Exact, Factors};

/// Probabilities as whole numbers over a power of the run law's common
/// denominator `d`: a branch of `m` runs from a table of mass `n / d^e`
/// has mass `n * n_1 * ... * n_m / d^(e + m)`, so the chain multiplies and
/// adds whole numbers and reduces a fraction only to report it. Every
/// operation counts the machine words it works through ([`Masses::words`]):
/// the numbers grow by the digits of `d` with every run, so a long
/// session's arithmetic, not its steps, takes its time.
pub(super) struct Masses {
    /// Each ending's probability times `d`, for a table round's first run
    /// and for a later one ([`RunLaw`]).
    first: Vec<BigUint>,
    later: Vec<BigUint>,
    /// `d^0`, `d^1`, ... as far as needed.
    powers: Vec<BigUint>,
    /// `d`'s primes, where all are below [`TRIAL_PRIMES`]: a mass
    /// `n / d^e` is reduced by them, in time linear in `n`'s words (as a
    /// rule), instead of by a gcd (quadratic, and slow).
    factors: Option<Factors>,
    /// Word operations so far: a word added, copied or multiplied by a
    /// word; a product of `a` and `b` words counts `a * b`, a fraction
    /// reported the square of its words (reducing it, writing its digits).
    pub(super) words: u64,
}

/// The primes a law's denominator is factored by ([`Masses::factors`]):
/// the cards of a shoe are far fewer.
const TRIAL_PRIMES: u64 = 1 << 16;

/// The powers of the law's denominator [`Masses`] keeps.
const KEPT_POWERS: usize = 64;

/// A probability `n / d^e` of [`Masses`].
#[derive(Clone, Debug, Default)]
pub(super) struct Mass {
    pub(super) n: BigUint,
    pub(super) e: u32,
}

impl Mass {
    /// The mass 1 (`1 / d^0`).
    pub(super) fn one() -> Mass {
        Mass {
            n: BigUint::one(),
            e: 0,
        }
    }
}

/// The 64-bit words of `x`, at least one.
fn words(x: &BigUint) -> u64 {
    x.bits().div_ceil(64).max(1)
}

/// The words of a fraction reported, numerator and denominator.
pub(super) fn exact_words(x: &Exact) -> u64 {
    words(x.0.numer().magnitude()) + words(x.0.denom().magnitude())
}

/// What writing a fraction's digits takes (num-bigint divides it by
/// powers of ten as long as half of it), and making its denominator by
/// squarings: the squares of its numerator's and denominator's words, the
/// denominator's twice.
fn written(x: &Exact) -> u64 {
    let (n, d) = (
        words(x.0.numer().magnitude()),
        words(x.0.denom().magnitude()),
    );
    n * n + 2 * d * d
}

impl Masses {
    pub(super) fn new(law: &RunLaw) -> Masses {
        let all = law.first.iter().chain(&law.later);
        let d = all.fold(BigInt::one(), |d, p| d.lcm(p.0.denom()));
        let scaled = |ps: &[Exact]| -> Vec<BigUint> {
            ps.iter()
                .map(|p| (p.0.numer() * (&d / p.0.denom())).magnitude().clone())
                .collect()
        };
        Masses {
            first: scaled(&law.first),
            later: scaled(&law.later),
            factors: Exact::factors_below(d.magnitude(), TRIAL_PRIMES),
            powers: vec![BigUint::one(), d.magnitude().clone()],
            words: 0,
        }
    }

    /// `d^e`: the small powers (what two masses' exponents differ by)
    /// kept, a large one made each time.
    fn power(&mut self, e: u32) -> std::borrow::Cow<'_, BigUint> {
        if e as usize >= KEPT_POWERS {
            let p = num_traits::pow(self.powers[1].clone(), e as usize);
            // Squarings, the last of half the words.
            self.words += words(&p).pow(2);
            return std::borrow::Cow::Owned(p);
        }
        while self.powers.len() <= e as usize {
            let next = &self.powers[self.powers.len() - 1] * &self.powers[1];
            self.words += words(&next);
            self.powers.push(next);
        }
        std::borrow::Cow::Borrowed(&self.powers[e as usize])
    }

    /// `m` after one more run ending `k`, the table round's first or a
    /// later one.
    pub(super) fn then(&mut self, m: &Mass, k: usize, first: bool) -> Mass {
        let law = if first { &self.first } else { &self.later };
        self.words += words(&m.n) * words(&law[k]);
        Mass {
            n: &m.n * &law[k],
            e: m.e + 1,
        }
    }

    /// `m` scaled to the exponent `e >= m.e`.
    fn scaled(&mut self, m: &Mass, e: u32) -> BigUint {
        if e == m.e {
            self.words += words(&m.n);
            return m.n.clone();
        }
        let power = self.power(e - m.e).into_owned();
        self.words += words(&m.n) * words(&power);
        &m.n * &power
    }

    /// `sum + m`.
    pub(super) fn add(&mut self, sum: &mut Mass, m: &Mass) {
        self.words += words(&sum.n).max(words(&m.n));
        if sum.n.is_zero() {
            *sum = m.clone();
        } else if sum.e == m.e {
            sum.n += &m.n;
        } else if sum.e > m.e {
            let scaled = self.scaled(m, sum.e);
            sum.n += scaled;
        } else {
            let scaled = self.scaled(sum, m.e);
            sum.n = scaled + &m.n;
            sum.e = m.e;
        }
    }

    /// `n / (x d^e)` reduced: by the primes of `x` and `d`, or by a gcd
    /// where they are not the small ones.
    fn reduce(&mut self, n: BigInt, e: u32, x: &BigUint) -> Exact {
        let (Some(d), Some(more)) = (&self.factors, Exact::factors_below(x, TRIAL_PRIMES)) else {
            return self.gcd_reduce(n, e, x);
        };
        let mut primes: Factors = d.iter().map(|&(p, k)| (p, k.saturating_mul(e))).collect();
        for (p, k) in more {
            match primes.iter_mut().find(|(q, _)| *q == p) {
                Some(at) => at.1 = at.1.saturating_add(k),
                None => primes.push((p, k)),
            }
        }
        let (before, n_words) = (n.bits(), words(n.magnitude()));
        let r = Exact::over_factors(n, &primes);
        // A pass over the numerator for each prime, and one for each 31
        // bits taken out of it; then the fraction made and written.
        let taken = before.saturating_sub(r.0.numer().bits()) / 31;
        self.words += n_words * (primes.len() as u64 + 1 + taken);
        self.words += written(&r);
        r
    }

    /// [`Masses::reduce`] by a binary gcd: a pass over the words for each
    /// bit of the numbers.
    fn gcd_reduce(&mut self, n: BigInt, e: u32, x: &BigUint) -> Exact {
        let d = BigInt::from(self.power(e).into_owned() * x);
        let w = words(n.magnitude()).max(words(d.magnitude()));
        self.words += 128 * w * w;
        let r = Exact(num_rational::BigRational::new(n, d));
        self.words += written(&r);
        r
    }

    /// `m` as a reported fraction.
    pub(super) fn exact(&mut self, m: &Mass) -> Exact {
        self.reduce(BigInt::from(m.n.clone()), m.e, &BigUint::one())
    }

    /// The sum of each `x` times its mass `m`, reduced once: an expected
    /// net over the nets a seat was settled.
    pub(super) fn weighted<'a>(
        &mut self,
        terms: impl Iterator<Item = (&'a Exact, &'a Mass)> + Clone,
    ) -> Exact {
        let e = terms.clone().map(|(_, m)| m.e).max().unwrap_or(0);
        let l = terms
            .clone()
            .fold(BigInt::one(), |l, (x, _)| l.lcm(x.0.denom()));
        let mut sum = BigInt::zero();
        for (x, m) in terms {
            let scale = x.0.numer() * (&l / x.0.denom());
            let n = BigInt::from(self.scaled(m, e));
            self.words += words(n.magnitude()) * words(scale.magnitude());
            sum += n * scale;
        }
        self.reduce(sum, e, l.magnitude())
    }
}
