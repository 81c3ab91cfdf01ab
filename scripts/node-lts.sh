#!/usr/bin/env bash
# The Node.js Turnkeeper is tested on, for a machine whose system Node is older or different: the npm
# registry's node-linux-<arch> package (the official binary and its headers), unpacked in .node/<version>/.
# Nothing is downloaded from anywhere but the npm registry.
#
#   scripts/node-lts.sh [24|22]                 prints the folder holding that Node's `node` (default 24)
#   scripts/node-lts.sh [24|22] -- npm test     runs the command with that Node first on PATH
#
# better-sqlite3 (13, Node-API) ships prebuilt binaries that load on both; where none fits (another
# architecture or libc) it is built from source against that Node's headers (npm_config_nodedir points
# node-gyp at them, so it downloads none), and rebuilt before a command when it does not load.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
major="${1:-24}"
case "$major" in 22|24) ;; *) echo "node-lts.sh: Turnkeeper is tested on Node 24 and 22, not '$major'." >&2; exit 2 ;; esac
shift || true
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64|arm64) arch=arm64 ;;
  *) echo "node-lts.sh: no Node package for $(uname -m) on the npm registry; install Node $major yourself." >&2; exit 2 ;;
esac

home="$root/.node"
mkdir -p "$home"
# The newest release of that line the registry has (cached for a day).
stamp="$home/latest-$major"
if [ ! -s "$stamp" ] || [ -n "$(find "$stamp" -mmin +1440 2>/dev/null)" ]; then
  npm view "node-linux-$arch@$major" version --json 2>/dev/null | tr -d '[]" \n' | tr ',' '\n' | sort -V | tail -1 >"$stamp.tmp" || true
  if [ -s "$stamp.tmp" ]; then mv "$stamp.tmp" "$stamp"; else rm -f "$stamp.tmp"; fi
fi
if [ ! -s "$stamp" ]; then
  found="$(ls -d "$home/$major".* 2>/dev/null | sort -V | tail -1 || true)"
  [ -n "$found" ] || { echo "node-lts.sh: cannot reach the npm registry to find Node $major." >&2; exit 1; }
  basename "$found" >"$stamp"
fi
version="$(cat "$stamp")"
dir="$home/$version"
if [ ! -x "$dir/bin/node" ]; then
  echo "Fetching Node $version (node-linux-$arch) from the npm registry..." >&2
  tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack "node-linux-$arch@$version" --silent >/dev/null)
  mkdir -p "$dir"
  tar xzf "$tmp"/node-linux-"$arch"-*.tgz -C "$dir" --strip-components=1
  rm -rf "$tmp"
  "$dir/bin/node" --version >/dev/null
fi

if [ "${1:-}" != "--" ]; then
  echo "$dir/bin"
  exit 0
fi
shift
export PATH="$dir/bin:$PATH"
export npm_config_nodedir="$dir"
# node_modules built for another Node's ABI: rebuild the native module for this one.
if [ -d "$root/node_modules/better-sqlite3" ] && ! (cd "$root" && node -e "new (require('better-sqlite3'))(':memory:').close()" 2>/dev/null); then
  echo "Rebuilding better-sqlite3 for Node $version..." >&2
  (cd "$root" && npm rebuild better-sqlite3 --build-from-source --no-audit --no-fund >&2)
fi
exec "$@"
