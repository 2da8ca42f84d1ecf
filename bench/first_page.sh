#!/usr/bin/env bash
# Seconds from a fresh clone to the first page of `make run`: clones this repository's HEAD
# into a temporary folder, starts `make run` there (it creates .venv and installs), polls the
# page with curl until it answers, then stops the server and removes the clone.
#   bench/first_page.sh [PORT [COMMIT]]      (default 8790, HEAD)
set -euo pipefail
port=${1:-8790}
commit=${2:-HEAD}
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
work=$(mktemp -d)
server=""
cleanup() {
    if [[ -n $server ]]; then kill -- "-$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

start=$(date +%s.%N)
git clone -q "$repo" "$work/ginrummy"
git -C "$work/ginrummy" checkout -q "$commit"
setsid make -C "$work/ginrummy" run PORT="$port" >"$work/make.log" 2>&1 &
server=$!
for _ in $(seq 1 1200); do
    if curl -fs -o /dev/null "http://127.0.0.1:$port/"; then
        end=$(date +%s.%N)
        sed 's/^/  | /' "$work/make.log" | grep '==' || true
        du -sh "$work/ginrummy/.venv" | sed 's/^/  .venv: /'
        uptime | sed 's/.*load/  load/'
        awk -v a="$start" -v b="$end" 'BEGIN { printf "first page after %.1f s (clone, venv, install, start)\n", b - a }'
        exit 0
    fi
    if ! kill -0 "$server" 2>/dev/null; then cat "$work/make.log"; echo "make run stopped"; exit 1; fi
    sleep 0.25
done
cat "$work/make.log"
echo "no page after 300 s"
exit 1
