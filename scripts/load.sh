#!/usr/bin/env bash
# Load figures for the pages and the API, on loopback only, bounded:
# starts `arbiter serve` (release) on a fresh data directory with the
# samples, runs wrk against a step page, an API step, the match page and
# /verify, and the middle step of a 45-event and of a 1,200-event match,
# and prints requests/s and latency for each. Needs wrk
# (apt-get install wrk). Not run by CI.
#
#   scripts/load.sh [SECONDS=10] [CONNECTIONS=64] [ARBITER=target/release/arbiter]
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10}
conns=${2:-64}
bin=${3:-target/release/arbiter}
command -v wrk >/dev/null || { echo "load.sh needs wrk: apt-get install wrk" >&2; exit 2; }
[ -x "$bin" ] || cargo build --release -q
data=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
up() {
  for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$port/" >/dev/null 2>&1 && return
    sleep 0.1
  done
}
# The first start loads the samples; then two Traffic Jam matches made by
# examples/long_match.rs, of 45 and 1,200 events, are added.
"$bin" serve --addr "127.0.0.1:$port" --data "$data/db" 2>"$data/serve.log" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$data"' EXIT
up
kill $pid; wait $pid 2>/dev/null || true
cargo build --release -q --example long_match
target/release/examples/long_match tj-short 4 > "$data/short.json"
target/release/examples/long_match tj-long 109 > "$data/long.json"
"$bin" load "$data/short.json" --data "$data/db" >/dev/null
"$bin" load "$data/long.json" --data "$data/db" >/dev/null
"$bin" serve --addr "127.0.0.1:$port" --data "$data/db" 2>>"$data/serve.log" &
pid=$!
up
# The yardstick: a hello-world actix server with a 9.4 KB page.
cargo build --release -q --example hello_world
hport=$((port + 1))
target/release/examples/hello_world "127.0.0.1:$hport" &
hpid=$!
trap 'kill $pid $hpid 2>/dev/null; rm -rf "$data"' EXIT
sleep 0.5
hello=$(wrk -t2 -c"$conns" -d"${secs}s" "http://127.0.0.1:$hport/" | awk '/Requests\/sec/ {print $2}')
printf '%-48s %10s req/s\n' "hello world (actix, 9.4 KB)" "$hello"
for path in \
  /matches/bj-code-red-dm5/steps/20 \
  /matches/tj-penzo-cup-final/steps/40 \
  /api/matches/tj-penzo-cup-final/steps/40 \
  /matches/tj-penzo-cup-final \
  /matches/bj-code-red-dm5 \
  /api/matches/tj-penzo-cup-final/verify \
  /matches/tj-short/steps/17 \
  /matches/tj-long/steps/600; do
  curl -sf "http://127.0.0.1:$port$path" >/dev/null   # warm: the first view computes
  out=$(wrk -t2 -c"$conns" -d"${secs}s" --latency "http://127.0.0.1:$port$path")
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  p50=$(echo "$out" | awk '$1 == "50%" {print $2}')
  p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
  share=$(awk -v a="$rps" -v b="$hello" 'BEGIN {printf "%.0f%%", 100 * a / b}')
  printf '%-48s %10s req/s  %5s of hello  p50 %8s  p99 %8s\n' "$path" "$rps" "$share" "$p50" "$p99"
done
