"""Heist and its variants A, B, C (games/heist*.dice) in icepool.

The banker casts 2d6; a banker 6-6 wins at once (variants add instant
results); otherwise the player casts 2d6: a player 6-6 is paid 2 to 1, a
higher total 1 to 1, anything else loses. Every cast that matters alone is
the only cast of its total (6-6 is 12, 1-1 is 2, 1-2 is 3), so the program
works on totals (2@d6, 11 outcomes) rather than on the 36 ordered pairs.
"""

from fractions import Fraction

import icepool

from common import run

# Banker totals that end the round at once: total -> player's net.
VARIANTS = {
    "heist": ({12: -1}, Fraction(37, 432)),        # 6-6 banker wins
    "heist_a": ({12: -1, 2: 1}, Fraction(55, 648)),  # and 1-1 pays the player
    "heist_b": ({12: -1, 2: 1, 3: 1}, Fraction(25, 324)),  # and 1-2 too
    "heist_c": ({12: -1, 2: -1}, Fraction(91, 648)),  # 1-1 banker wins too
}


def make(instant):
    def edges():
        d6 = icepool.Die(range(1, 7))
        cast = d6 + d6

        def net(banker, player):
            if banker in instant:
                return instant[banker]
            if player == 12:
                return 2
            return 1 if player > banker else -1

        return {"player": -icepool.map(net, cast, cast).mean()}

    return edges


if __name__ == "__main__":
    for name, (instant, edge) in VARIANTS.items():
        run(name, make(instant), {"player": edge})
