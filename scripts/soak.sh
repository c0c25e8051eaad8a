#!/usr/bin/env bash
# The long soak of docs/RELIABILITY.md: AI battles of every shipped scenario of every rulebook
# at every AI level (and each level against the baseline), each run failing on a battle that
# stands still; prints each run's refused commands. Usage: scripts/soak.sh [BATTLES_PER_RUN]
# [FIRST_SEED] (default 2500 from seed 1: 4 scenarios x 5 runs x 2500 = 50,000 battles).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-${HOME}/.cache/gridkeeper/target}"
runs="${1:-2500}"
first_seed="${2:-1}"
cargo build --release --quiet
game="$CARGO_TARGET_DIR/release/gridkeeper"
total=0
for scenario in maps/cellar.ron maps/farmstead.ron maps/warehouse.ron maps/kingsport.ron; do
    for level in baseline reckless careful ruthless against; do
        if [ "$level" = against ]; then
            args=(--against-baseline)
        else
            args=(--ai "$level")
        fi
        summary=$("$game" simulate "$scenario" --runs "$runs" --seed "$first_seed" "${args[@]}" --json | tail -1)
        refused=$(printf '%s' "$summary" | grep -o '"refused":[0-9]*' | head -1)
        printf '%s %s: %s battles, %s\n' "$scenario" "$level" "$runs" "$refused"
        total=$((total + runs))
    done
done
echo "soaked: $total battles, none stalled"
