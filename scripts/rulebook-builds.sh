#!/usr/bin/env bash
# Each rulebook built alone (`--no-default-features --features <rulebook>`), proving the engine
# needs none of the others: its tests (the library's, the battle's and the sixth rulebook's)
# pass; its shipped scenarios play (`simulate --runs 100 --seed 1 --json`, less the seconds)
# and its replays verify exactly as in the build of all five; every other rulebook's scenario
# and replay is refused by its rulebook's name.
# The builds of one are unoptimised (CARGO_PROFILE_DEV_OPT_LEVEL=0: one takes about half a
# minute on two cores where opt-level 1 takes five; the dependencies keep their own level, so
# nothing else is rebuilt).
# Usage: scripts/rulebook-builds.sh [RULEBOOK...] (default: all five).
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The build of all five, kept aside: a build of one is written over it.
cargo build --quiet
all="$scratch/gridkeeper-all"
cp "$target/debug/gridkeeper" "$all"

# The rulebook's name in files, for each feature.
declare -A named=(
    [coc7e]=Coc7e [brp_classic]=BrpClassic [d10_pool]=D10Pool [frontier]=Frontier
    [d100_house]=D100House
)

# The rulebook a scenario or replay is played by: its `ruleset`, or the default.
rulebook_of() {
    local found
    found=$(grep -oE 'ruleset: *[A-Za-z0-9]+' "$1" | head -n 1 | sed 's/ruleset: *//')
    echo "${found:-Coc7e}"
}

# What a build makes of one file: a scenario's battles or a replay's verification.
played() {
    case "$2" in
    replays/*) "$1" replay "$2" --verify 2>&1 | tail -n 1 ;;
    *) "$1" simulate "$2" --runs 100 --seed 1 --json 2>/dev/null | sed 's/"seconds":[0-9.e-]*,//' ;;
    esac
}

files=()
for file in maps/*.ron maps/tiled/*.ron replays/*.ron; do
    case "$file" in *.map.ron | *.gridkeeper.ron) continue ;; esac
    files+=("$file")
done

features=("$@")
if [ ${#features[@]} -eq 0 ]; then
    features=(coc7e brp_classic d10_pool frontier d100_house)
fi
failed=0
for feature in "${features[@]}"; do
    id="${named[$feature]:?no rulebook $feature}"
    echo "== $feature alone"
    export CARGO_PROFILE_DEV_OPT_LEVEL=0
    if cargo test --no-fail-fast --no-default-features --features "$feature" --lib --test battle \
        --test sixth_rulebook >"$scratch/tests.log" 2>&1; then
        grep "^test result" "$scratch/tests.log"
    else
        grep -E "^test .* FAILED|panicked|^error" "$scratch/tests.log" | head -n 40
        echo "FAILED: the tests of $feature alone"
        failed=1
    fi
    cargo build --quiet --no-default-features --features "$feature"
    unset CARGO_PROFILE_DEV_OPT_LEVEL
    one="$target/debug/gridkeeper"
    same=0
    refused=0
    for file in "${files[@]}"; do
        rulebook=$(rulebook_of "$file")
        if [ "$rulebook" = "$id" ]; then
            if [ "$(played "$all" "$file")" = "$(played "$one" "$file")" ]; then
                same=$((same + 1))
            else
                echo "FAILED: $file plays otherwise with $feature alone"
                failed=1
            fi
            continue
        fi
        case "$file" in
        replays/*) words=$("$one" replay "$file" --verify 2>&1) && status=0 || status=$? ;;
        *) words=$("$one" simulate "$file" --runs 1 2>&1) && status=0 || status=$? ;;
        esac
        if [ "$status" = 2 ] && grep -q "no rulebook named \`$rulebook\` in this build" <<<"$words"; then
            refused=$((refused + 1))
        else
            echo "FAILED: $file ($rulebook) is not refused by name with $feature alone: $words"
            failed=1
        fi
    done
    echo "$feature alone: $same of its own files played as with all five; $refused of the others' refused by name"
    if [ "$same" = 0 ]; then
        echo "FAILED: no shipped file of $feature's was played alone"
        failed=1
    fi
done
# The build of all five back where the other checks look for it.
cp "$all" "$target/debug/gridkeeper"
exit "$failed"
