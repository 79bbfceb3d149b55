#!/bin/sh
# Times the icepool reference programs: sh benches/icepool/all.sh
# Needs `pip install icepool` (measured with 2.1.3).
cd "$(dirname "$0")" || exit 1
for p in heist.py baccarat_dice.py heaven_and_nine.py twenty_six.py quatorze.py punto_banco.py; do
    python3 "$p" || exit 1
done
