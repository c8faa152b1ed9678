#!/usr/bin/env bash
# Step pages served from PostgreSQL: one `arbiter serve --store URL`, then
# two on the same database, under wrk on loopback; and sled's one server
# beside them. The database must exist and may be empty (the first server
# loads the samples into it). Needs wrk (apt-get install wrk). Not run by
# CI.
#
#   scripts/load_postgres.sh postgres://USER@HOST/DB [SECONDS=10] [CONNECTIONS=64]
set -euo pipefail
cd "$(dirname "$0")/.."
url=${1:?give the database: postgres://USER@HOST/DB}
secs=${2:-10}
conns=${3:-64}
bin=target/release/arbiter
command -v wrk >/dev/null || { echo "load_postgres.sh needs wrk: apt-get install wrk" >&2; exit 2; }
cargo build --release -q
data=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$data"' EXIT
start() { # start NAME PORT [--store URL]
  local name=$1 port=$2
  shift 2
  "$bin" serve --addr "127.0.0.1:$port" --data "$data/$name" "$@" 2>"$data/$name.log" &
  pids+=($!)
  for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$port/" >/dev/null 2>&1 && return
    sleep 0.1
  done
  echo "server $name did not start:" >&2
  cat "$data/$name.log" >&2
  exit 1
}
rps() { awk '/Requests\/sec/ {print $2}'; }
base=$((20000 + RANDOM % 20000))
start sled $base
start pg-a $((base + 1)) --store "$url"
start pg-b $((base + 2)) --store "$url"
for path in /matches/tj-penzo-cup-final/steps/40 /matches/bj-code-red-dm5/steps/20; do
  for port in $base $((base + 1)) $((base + 2)); do
    curl -sf "http://127.0.0.1:$port$path" >/dev/null # warm: the first view computes
  done
  sled=$(wrk -t2 -c"$conns" -d"${secs}s" "http://127.0.0.1:$base$path" | rps)
  one=$(wrk -t2 -c"$conns" -d"${secs}s" "http://127.0.0.1:$((base + 1))$path" | rps)
  # Two servers at once, half the connections each.
  wrk -t1 -c$((conns / 2)) -d"${secs}s" "http://127.0.0.1:$((base + 1))$path" >"$data/a.out" &
  wa=$!
  wrk -t1 -c$((conns / 2)) -d"${secs}s" "http://127.0.0.1:$((base + 2))$path" >"$data/b.out" &
  wb=$!
  wait $wa $wb
  two=$(awk -v a="$(rps <"$data/a.out")" -v b="$(rps <"$data/b.out")" 'BEGIN {printf "%.2f", a + b}')
  printf '%-40s sled %10s  postgres, 1 server %10s  2 servers %10s req/s\n' "$path" "$sled" "$one" "$two"
done
