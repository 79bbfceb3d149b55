"""Punto Banco (games/punto_banco.dice) in icepool: one coup from a full
8-deck shoe, dealt without replacement.

Cards count A=1, 2..9 their pips, 10/J/Q/K 0, so the shoe is built from its
13 ranks x 32 and at once collapsed to ten values (0 x 128, 1..9 x 32 each):
only values matter.

How it works. The six cards a coup can use (player pair, banker pair, player
third, banker third) are exchangeable, so the coup is one `MultiDeal` of six
cards from the `Deck`, always dealt even when a third card goes unused. A
`MultisetEvaluator` walks the ten values once, carrying the state
(hand-0 total mod 10, hand-1 total mod 10, the third cards seen so far); its
`final_outcome` applies the tableau. Two exchangeability folds shrink the
state space and the deal's generator states:
- the two third cards are dealt as one unordered 2-card hand; given its
  cards {c, d}, player-gets-c and player-gets-d are equally likely, so the
  final outcome covers both orders;
- the player and banker pairs are one `deal_groups` group of two
  indistinguishable 2-card hands; given the two pairs, either is the
  player's with probability 1/2, so the final outcome covers both roles.
Each final state thus yields four equally likely coup results (a sorted
string such as "BBPT"), and P(result) is the weighted count of its letter
over 4.

Alternatives timed (best of 5, per call, on the shared 2-core machine while
others were building):
- this one, `deal_groups((2, 2), (2, 1))` with both folds:     ~0.10 s
- `deal((2, 2, 2))` (thirds folded only, roles kept):          ~0.13 s
- `deal((2, 2, 1, 1))`, no folds, state (P, B, p3, b3):        ~0.22 s
- the same six-card deal through a `@multiset_function`
  returning `(ph.sum(), bh.sum(), th.expand())` then `.map`:   ~0.61 s
- nested `icepool.map` over the expanded pairs of `deal((2, 2))`,
  with `Die(shoe - cards)` for each third card:                 ~1.3 s
Forcing ascending or descending order made no difference.
"""

from fractions import Fraction

import icepool

from common import run

# Bank's third-card rule when the player drew: bank total -> values of the
# player's third card on which the bank draws (0..2 always, 7 never).
BANK_DRAWS = {b: frozenset(range(10)) for b in range(3)}
BANK_DRAWS[3] = frozenset(range(10)) - {8}
BANK_DRAWS[4] = frozenset(range(2, 8))
BANK_DRAWS[5] = frozenset(range(4, 8))
BANK_DRAWS[6] = frozenset({6, 7})
BANK_DRAWS[7] = frozenset()


def coup(p, b, c, d):
    """The result ('P', 'B' or 'T') of two-card totals p, b with the
    player's third card c and the banker's third card d (used if drawn)."""
    if p <= 7 and b <= 7:  # no natural
        if p <= 5:  # player draws
            p = (p + c) % 10
            if c in BANK_DRAWS[b]:
                b = (b + d) % 10
        elif b <= 5:  # player stood on 6-7; bank draws on 0-5
            b = (b + d) % 10
    return "P" if p > b else "B" if p < b else "T"


class Coup(icepool.MultisetEvaluator):
    """Counts per value: (hand 0, hand 1 of the pair group, third cards)."""

    def initial_state(self, order, outcomes, *sizes):
        return 0, 0, ()

    def next_state(self, state, order, value, counts):
        h0, h1, thirds = state
        n0, n1, nt = counts
        if nt:
            thirds += (value,) * nt
        return (h0 + n0 * value) % 10, (h1 + n1 * value) % 10, thirds

    def final_outcome(self, state, *_):
        h0, h1, (c, d) = state
        return "".join(sorted(
            coup(h0, h1, c, d) + coup(h0, h1, d, c)
            + coup(h1, h0, c, d) + coup(h1, h0, d, c)))


def edges():
    ranks = [r if r < 10 else 0 for r in range(1, 14)]  # A..K as values
    shoe = icepool.Deck(ranks, times=32)  # 8 decks: 32 of each rank
    results = Coup().evaluate(shoe.deal_groups((2, 2), (2, 1)))
    n = 4 * results.denominator()
    p, b, t = (
        Fraction(sum(q * o.count(k) for o, q in results.items()), n)
        for k in "PBT")
    return {
        "player": b - p,                       # 1 to 1, tie pushes
        "banker": p - Fraction(19, 20) * b,    # 1 to 1 less 5%, tie pushes
        "tie": p + b - 8 * t,                  # 8 to 1
    }


if __name__ == "__main__":
    tie = Fraction(619306544887, 6508331087895)
    run(
        "punto_banco",
        edges,
        {
            "player": Fraction(241149546272, 19524993263685),
            "banker": Fraction(114753351728, 10847218479825),
            "tie": 1 - 9 * tie,
        },
    )
