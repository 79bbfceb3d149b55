"""Heaven and Nine (games/heaven_and_nine.dice) in icepool.

The 21 unordered throws of 2d6 are hands of two suits ranked best first;
pairs under one military name share a rank. The banker wins at once on
Heaven or Nines and loses at once on Red Mallet Six or Final Three; else the
player throws until his hand is of the banker's suit, higher rank wins 1 to
1 and an equal rank pushes.
"""

from fractions import Fraction

import icepool

from common import run

CIVIL = [[(6, 6)], [(1, 1)], [(4, 4)], [(3, 1)], [(5, 5)], [(3, 3)], [(2, 2)],
         [(6, 5)], [(6, 4)], [(6, 1)], [(5, 1)]]
MILITARY = [[(5, 4), (6, 3)], [(5, 3), (6, 2)], [(4, 3), (5, 2)], [(4, 2)],
            [(3, 2), (4, 1)], [(2, 1)]]
# hand (high, low) -> (suit, rank); rank 0 is the best
CHART = {h: (suit, rank)
         for suit, ranks in (("civil", CIVIL), ("military", MILITARY))
         for rank, hands in enumerate(ranks) for h in hands}
assert len(CHART) == 21
BANKER_WINS = {(6, 6), (5, 4), (6, 3)}   # heaven, nines
PLAYER_WINS = {(5, 1), (2, 1)}           # red mallet six, final three


def edges():
    d6 = icepool.Die(range(1, 7))
    hand = icepool.map(lambda a, b: (max(a, b), min(a, b)), d6, d6)

    def round_(banker):
        if banker in BANKER_WINS:
            return -1
        if banker in PLAYER_WINS:
            return 1
        suit, rank = CHART[banker]
        player = hand.filter(lambda h: CHART[h][0] == suit, star=False, depth="inf")
        # a lower rank number is a better hand
        return player.map(lambda h: (CHART[h][1] < rank) - (CHART[h][1] > rank), star=False)

    net = hand.map(round_, star=False)
    return {"player": -net.mean()}


if __name__ == "__main__":
    run("heaven_and_nine", edges, {"player": Fraction(11, 960)})
