"""Quatorze (games/quatorze.dice) in icepool.

The face is the one shown most often on a first throw of 10d6, credited as
at least three: score0 = max(largest count, 3). Four more throws of 10d6
count that face (later); they treat every face alike, so later does not
depend on which face was picked and is independent of the first throw. The
bettor wins 8 to 1 when later = 0 (a blank) or score0 + later >= 14, and
loses 1 otherwise.
"""

from fractions import Fraction

import icepool

from common import run

EDGE = Fraction(72362665459732446558207274859423989, 467755368903219942501816898412347392)


def edges():
    d6 = icepool.Die(range(1, 7))
    score0 = d6.pool(10).largest_count().map(lambda m: max(m, 3))
    hit = d6.map(lambda x: 1 if x == 6 else 0)   # any one face
    later = 4 @ (10 @ hit)

    def net(first, rest):
        return 8 if rest == 0 or first + rest >= 14 else -1

    return {"player": -icepool.map(net, score0, later).mean()}


if __name__ == "__main__":
    run("quatorze", edges, {"player": EDGE})
