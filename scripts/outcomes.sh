#!/usr/bin/env bash
# The outcomes a change that moves code must keep byte for byte: every shipped scenario's
# `simulate --runs 300 --seed 1 --json` (its seconds left out), digested; five battles of each
# saved (`simulate --save`, seeds 1 to 5): the replay file digested (every command as written)
# and its `--verify` line (every event as written); and every shipped replay's `--verify` line.
# Run it on the build before and after, and compare the two outputs.
# Usage: scripts/outcomes.sh [BINARY] (default target/release/gridkeeper, built first).
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-}"
if [ -z "$binary" ]; then
    cargo build --release --quiet
    binary="${CARGO_TARGET_DIR:-target}/release/gridkeeper"
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for scenario in maps/*.ron maps/tiled/*.ron; do
    case "$scenario" in *.map.ron | *.gridkeeper.ron) continue ;; esac
    digest=$("$binary" simulate "$scenario" --runs 300 --seed 1 --json 2>/dev/null |
        sed 's/"seconds":[0-9.e-]*,//' | sha256sum | cut -c1-16)
    echo "$scenario $digest"
    for seed in 1 2 3 4 5; do
        saved="$scratch/$(basename "$scenario" .ron)-$seed.ron"
        "$binary" simulate "$scenario" --seed "$seed" --save "$saved" >/dev/null 2>&1
        written=$(sha256sum <"$saved" | cut -c1-16)
        echo "  seed $seed: file $written, $("$binary" replay "$saved" --verify 2>&1 | tail -1)"
    done
done
for replay in replays/*.ron; do
    echo "$replay $("$binary" replay "$replay" --verify 2>&1 | tail -1)"
done
