#!/usr/bin/env bash
# Tweed set-up: installs what a fresh Debian 12 machine lacks, builds incrementally,
# then runs the editor on the bundled sample character or the whole test suite.
#
#   ./setup.sh run     build and launch the editor on the sample character
#   ./setup.sh test    build and run every test headless (xvfb + Mesa)
#   ./setup.sh deps    only install the Debian packages
set -euo pipefail
cd "$(dirname "$0")"

PACKAGES=(
  # toolchain
  build-essential cmake ninja-build pkg-config git
  # Qt 6: widgets, Qt3D viewport, tests, translations, charts, svg icons
  qt6-base-dev qt6-3d-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  linguist-qt6 qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libgl1-mesa-dev
  qt6-translations-l10n
  # mesh import/export and processing, asset format
  libassimp-dev assimp-testmodels libopenmesh-dev libyaml-cpp-dev
  libmeshoptimizer-dev libtinygltf-dev
  # command line, benchmarks and peer solver for the benchmark
  libcli11-dev nlohmann-json3-dev libbullet-dev
  # CGAL and Eigen (header-only): the most accurate simplifier, a peer in tweed-bench meshproc
  libcgal-dev libeigen3-dev
  # headless display and software OpenGL for the editor's tests
  xvfb xauth x11-apps libgl1-mesa-dri mesa-utils
)

install_deps() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  # Khronos' glTF validator for the export tests is an npm package the tests install into the
  # build folder; Node.js may already come from elsewhere, with npm inside its own package.
  command -v npm >/dev/null 2>&1 || missing+=(nodejs npm)
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "setup: installing ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

BUILD_DIR=${TWEED_BUILD_DIR:-build}
build() {
  local type=${1:-RelWithDebInfo}
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE="$type" -DTWEED_WERROR="${TWEED_WERROR:-$([ "${CI:-}" = true ] && echo ON || echo OFF)}" >/dev/null
  cmake --build "$BUILD_DIR" --parallel "$(nproc)"
}

case "${1:-}" in
  deps) install_deps ;;
  run)
    install_deps; build
    shift
    exec "$BUILD_DIR/app/tweed" "$@" ;;
  test)
    install_deps; build
    cd "$BUILD_DIR"
    # QT_QPA_PLATFORM=xcb under xvfb with Mesa's llvmpipe: Qt3D renders in software.
    LIBGL_ALWAYS_SOFTWARE=1 xvfb-run -a -s "-screen 0 1600x1000x24" \
      ctest --output-on-failure --timeout 900 -LE bench ;;
  *)
    sed -n '2,9p' "$0"; exit 1 ;;
esac
