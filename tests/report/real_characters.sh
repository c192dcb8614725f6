#!/usr/bin/env bash
# The physics-mesh paths on real characters: every skinned and animated file of Debian's
# assimp-testmodels that Assimp loads (X, MDL, SMD, BVH, FBX, glTF2, Collada, CSM), except four
# kept aside for an independent check, each made into an asset by `tweed-cli create` with weld,
# simplify to 800 vertices and iso to 1,500 vertices. Prints a Markdown table: create's exit code
# and the skinned-pose check's largest stretch of the physics mesh (what the bones alone do to
# it), and pass/fail per issue 21:
#   - create exits 0 or 1 (with a message), never 2;
#   - simplify: its largest stretch within 5% of the weld path's on the same character;
#   - iso: within 5% of the weld path's, or the fused regions reported (create refuses, naming
#     them, unless --accept-fused).
# Usage: tests/report/real_characters.sh [BUILD_DIR] [MODELS_DIR]   (a few minutes on two cores)
set -u

build=${1:-build}
models=${2:-/usr/share/assimp/models}
cli="$build/app/tweed-cli"
[ -x "$cli" ] || { echo "no $cli: build tweed-cli first" >&2; exit 1; }
cli=$(realpath "$cli")
command -v jq >/dev/null || { echo "jq is needed" >&2; exit 1; }

# Kept aside for an independent check of these measures: never run here, never tuned to.
kept_aside=("X/BCN_Epileptic.X" "MDL/MDL (HL1)/man.mdl" "FBX/animation_with_skeleton.fbx"
            "BLEND/HUMAN.blend")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The physics figure of create's "skinned largest stretch: physics P, graphics G" line.
figure() { sed -n 's/.*skinned largest stretch: physics \([0-9.]*\),.*/\1/p' "$1" | head -n 1; }

echo "| File | weld: exit, stretch | simplify 800: exit, stretch, / weld | iso 1500: exit, stretch, / weld | result |"
echo "| --- | --- | --- | --- | --- |"
failures=0
rows=0
cd "$models" || exit 1
while IFS= read -r file; do
    skip=0
    for k in "${kept_aside[@]}"; do [ "$file" = "$k" ] && skip=1; done
    [ $skip = 1 ] && continue
    info=$(timeout 120 "$cli" info --json "$file" 2>/dev/null) || continue
    skinned=$(jq '[.meshes[]? | select(.skinned)] | length' <<<"$info")
    clips=$(jq '.clips | length' <<<"$info")
    [ "$skinned" -gt 0 ] && [ "$clips" -gt 0 ] || continue
    rows=$((rows + 1))
    declare -A rc=() stretch=()
    for method in weld simplify iso; do
        case $method in
            weld) args=(--method weld) ;;
            simplify) args=(--method simplify --target-vertices 800) ;;
            iso) args=(--method iso --target-vertices 1500) ;;
        esac
        out="$work/$method.out" err="$work/$method.err"
        timeout 600 "$cli" create "$file" -o "$work/$method.tweed" "${args[@]}" \
            >"$out" 2>"$err"
        rc[$method]=$?
        stretch[$method]=$(figure "$out")
        cp "$err" "$work/$method.last.err"
    done
    fused=0
    grep -qi "fused" "$work/iso.last.err" && fused=1
    ratio() { # $1 = method: its figure over weld's, or "n/a"
        if [ -n "${stretch[$1]}" ] && [ -n "${stretch[weld]}" ]; then
            awk -v a="${stretch[$1]}" -v b="${stretch[weld]}" 'BEGIN { printf "%.3f", a / b }'
        else
            echo "n/a"
        fi
    }
    within() { awk -v r="$1" 'BEGIN { exit !(r != "n/a" && r <= 1.05) }'; }
    rs=$(ratio simplify) ri=$(ratio iso)
    verdict=pass why=""
    for method in weld simplify iso; do
        if [ "${rc[$method]}" -ne 0 ] && [ "${rc[$method]}" -ne 1 ]; then
            verdict=FAIL why="$why $method exit ${rc[$method]};"
        fi
    done
    if [ -n "${stretch[weld]}" ]; then
        within "$rs" || { verdict=FAIL; why="$why simplify above 5%;"; }
        if ! within "$ri" && [ $fused = 0 ]; then verdict=FAIL; why="$why iso above 5%, not reported fused;"; fi
    else
        why="$why no weld figure (weld exit ${rc[weld]});"
        [ -z "${stretch[simplify]}" ] || { verdict=FAIL; why="$why nothing to compare with;"; }
    fi
    [ $fused = 1 ] && why="$why iso reported fused;"
    [ $verdict = FAIL ] && failures=$((failures + 1))
    cell() { echo "${rc[$1]}, ${stretch[$1]:--}"; }
    echo "| $file | $(cell weld) | $(cell simplify), $rs | $(cell iso), $ri | $verdict${why:+ ($why )} |"
    unset rc stretch
done < <(find X MDL SMD BVH FBX glTF2 Collada CSM -type f \( -iname '*.x' -o -iname '*.mdl' \
    -o -iname '*.smd' -o -iname '*.bvh' -o -iname '*.fbx' -o -iname '*.gltf' -o -iname '*.glb' \
    -o -iname '*.dae' -o -iname '*.csm' \) | LC_ALL=C sort)
echo
echo "$rows files, $failures failing"
[ $failures = 0 ]
