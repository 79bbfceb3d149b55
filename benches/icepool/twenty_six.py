"""Twenty-six (games/twenty_six.dice) in icepool.

The bettor announces a face, throws 10d6 thirteen times and scores the
number of times the face came up over the 130 dice; the seed's table of odds
pays on the score (net per unit): 13 -> +5, 10 or less -> +10, 26 -> +4,
27 -> +5, 28 -> +6, 29 -> +8, 30 or more -> +10, any other score loses 1.

`twenty_six` computes one face: every face gives the same distribution, so
the choice does not matter. `twenty_six_6` computes all six options and takes
the best for the bettor, as `dicerules` does for a `choose ... by player`.
"""

from fractions import Fraction

import icepool

from common import run

# The house edge the tool reports (the game, as read, favours the bettor).
EDGE = Fraction(
    -3668334892186659599915406784932934418950920495172922713731314709427849259070566519739883451664901735,
    9026981807732168580146370122330498578553405597419077508400396150974775377332428809219862750073716736,
)

ODDS = {13: 5, 26: 4, 27: 5, 28: 6, 29: 8}


def net(score):
    if score in ODDS:
        return ODDS[score]
    if score <= 10 or score >= 30:
        return 10
    return -1


def edge_for(d6, face):
    hit = d6.map(lambda x: 1 if x == face else 0)
    throw = 10 @ hit      # times the face shows in one throw of 10 dice
    score = 13 @ throw    # over the thirteen throws
    return -score.map(net).mean()


def edges():
    d6 = icepool.Die(range(1, 7))
    return {"player": edge_for(d6, 1)}


def edges_all_faces():
    d6 = icepool.Die(range(1, 7))
    return {"player": min(edge_for(d6, face) for face in range(1, 7))}


if __name__ == "__main__":
    run("twenty_six", edges, {"player": EDGE})
    run("twenty_six_6", edges_all_faces, {"player": EDGE})
