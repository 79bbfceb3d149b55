"""Baccarat Dice (games/baccarat_dice.dice) in icepool.

A hand's value is the total of its dice mod 10, so each cast of two dice is
taken as its total (2@d6); the banker's third-pair rule follows the seed's
table keyed by the banker's first value and the player's second pair.
"""

from fractions import Fraction

import icepool

from common import run

# banker first value -> player's second-pair values (mod 10) on which he draws
DRAW = {v: set(range(10)) for v in range(4)}
DRAW[4] = {2, 3, 4, 5, 6, 7}
DRAW[5] = {4, 5, 6, 7}
DRAW[6] = {6, 7}
DRAW[7] = set()


def result(p, b):
    return "player" if p > b else "banker" if p < b else "tie"


def edges():
    d6 = icepool.Die(range(1, 7))
    pair = (d6 + d6).map(lambda t: t % 10)

    def first(pf, bf):
        if pf <= 7 and bf <= 7:
            if pf <= 5:

                def second(ps):
                    p = (pf + ps) % 10
                    if ps in DRAW[bf]:
                        return pair.map(lambda bs: result(p, (bf + bs) % 10))
                    return result(p, bf)

                return pair.map(second)
            if bf <= 5:
                return pair.map(lambda bs: result(pf, (bf + bs) % 10))
        return result(pf, bf)

    hand = icepool.map(first, pair, pair)
    p, b, t = (hand.probability(o) for o in ("player", "banker", "tie"))
    return {
        "player": b - p,
        "banker": p - Fraction(19, 20) * b,
        "tie": p + b - 6 * t,
    }


if __name__ == "__main__":
    run(
        "baccarat_dice",
        edges,
        {
            "player": Fraction(2689, 209952),
            "banker": Fraction(158443, 16796160),
            "tie": Fraction(57871, 419904),
        },
    )
