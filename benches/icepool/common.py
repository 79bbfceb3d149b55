"""Shared timing for the icepool reference programs (see docs/PERFORMANCE.md).

Each program defines `edges()`, which builds every die it needs from scratch
and returns the exact house edges as Fractions; `run()` checks them against
the values the .dice files expect, then times `edges()` with timeit and
prints one line per program: the best per-call time of several repeats.
"""

import sys
import timeit
from fractions import Fraction

import icepool


def run(name, edges, expected, repeat=7, min_time=0.5):
    got = edges()
    for bet, want in expected.items():
        assert got[bet] == Fraction(want), f"{name}: {bet}: {got[bet]} != {want}"
    timer = timeit.Timer(edges)
    number, _ = timer.autorange()
    # autorange stops at >= 0.2 s; stretch to ~min_time per repeat.
    number = max(number, int(number * min_time / 0.2))
    times = timer.repeat(repeat=repeat, number=number)
    best = min(times) / number
    median = sorted(times)[len(times) // 2] / number
    print(
        f"{name:<16} icepool {icepool.__version__}  best {best * 1e3:8.3f} ms"
        f"  median {median * 1e3:8.3f} ms  ({number} calls x {repeat})"
        f"  edges {', '.join(f'{k}={v}' for k, v in got.items())}",
        flush=True,
    )
    return best


if __name__ == "__main__":
    sys.exit("run heist.py, baccarat_dice.py, heaven_and_nine.py, twenty_six.py, quatorze.py or punto_banco.py, or all.sh")
