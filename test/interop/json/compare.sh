#!/usr/bin/env bash
# compare.sh [ROUNDS]: times the W1-W7 rows in OPC UA JSON with
# open62541 (o6json bench: UA_encodeJson into a preallocated buffer,
# UA_decodeJson + UA_clear) and with uajson (go test -bench in ./uajson:
# Append into a reused buffer, Unmarshal into a reused value, and
# encoding/json on the same Go values), in ROUNDS rounds (default 5) that
# alternate C and Go on CPU 1, and prints a markdown table of the medians
# with the CPU model and the load average. Build o6json first (build.sh);
# its path is taken from UABIN_O6JSON or build.sh's output.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
rounds=${1:-5}
prog=${UABIN_O6JSON:-$(bash "$here/build.sh" | tail -1)}
pin=""
command -v taskset >/dev/null && pin="taskset -c 1"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$root" && go test -c -o "$work/uajson.test" ./uajson/)
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
for r in $(seq 1 "$rounds"); do
  echo "-- round $r of $rounds" >&2
  $pin "$prog" bench 5 5 | grep '^CSV,W[1-7]\.' >>"$work/c.csv"
  (cd "$root/uajson" && $pin "$work/uajson.test" -test.run '^$' -test.bench '^Benchmark(Encode|Decode)/' \
      -test.benchtime 200ms -test.benchmem) | grep '^Benchmark' >>"$work/go.txt"
done
load_end=$(cut -d' ' -f1-3 /proc/loadavg)
cpu=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)
echo "CPU: ${cpu:-unknown}; $(nproc --all) cores; load average at start $load_start, at end $load_end; $rounds rounds, medians; $(go version | cut -d' ' -f3)"
echo
awk -F, -v gofile="$work/go.txt" '
function id(name) { gsub(/\./, "", name); sub(/Int322x3/, "Int32Matrix", name); return name }
function median(list,   n, a, i, j, t) {
  n = split(list, a, " ")
  for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] + 0 > t + 0; j--) a[j + 1] = a[j]; a[j + 1] = t }
  return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{ c[id($2) SUBSEP $4] = c[id($2) SUBSEP $4] " " $5; rows[id($2)] = 1; order[id($2)] = NR }
END {
  while ((getline line < gofile) > 0) {
    split(line, f, /[ \t]+/); split(f[1], p, "/"); sub(/-[0-9]+$/, "", p[3])
    g[p[2] SUBSEP p[1] SUBSEP p[3]] = g[p[2] SUBSEP p[1] SUBSEP p[3]] " " f[3]
    if (p[3] == "uajson") a[p[2] SUBSEP p[1]] = f[7] " " f[9]
  }
  print "| row | C enc | uajson enc | ratio | C dec+clr | uajson dec (reused) | ratio | encoding/json enc | ratio | encoding/json dec | ratio |"
  print "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  n = 0
  for (r in rows) keys[++n] = r
  for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (order[keys[j]] < order[keys[i]]) { t = keys[i]; keys[i] = keys[j]; keys[j] = t }
  le = 0; ld = 0; cnt = 0
  for (i = 1; i <= n; i++) {
    r = keys[i]
    ce = median(c[r SUBSEP "enc"]); cd = median(c[r SUBSEP "dec+clr"])
    ge = median(g[r SUBSEP "BenchmarkEncode" SUBSEP "uajson"]); gd = median(g[r SUBSEP "BenchmarkDecode" SUBSEP "uajson"])
    se = median(g[r SUBSEP "BenchmarkEncode" SUBSEP "encoding-json"]); sd = median(g[r SUBSEP "BenchmarkDecode" SUBSEP "encoding-json"])
    cdr = "-"; cdq = "-"
    if (cd > 0) { cdr = sprintf("%.0f", cd); cdq = sprintf("%.2fx", gd / cd); ld += log(gd / cd); cntd++ }
    printf "| %s | %.0f | %.0f | %.2fx | %s | %.0f | %s | %.0f | %.1fx | %.0f | %.1fx |\n", r, ce, ge, ge / ce, cdr, gd, cdq, se, se / ge, sd, sd / gd
    le += log(ge / ce); cnt++
    if (r ~ /^W[4-6]/) { se4 += log(se / ge); sd4 += log(sd / gd); c4++ }
  }
  printf "\nGeometric means uajson/open62541 over W1-W7: encode %.2fx (%d rows), decode %.2fx (%d rows: open62541 cannot decode W7) (ns/op, lower is faster).\n", exp(le / cnt), cnt, exp(ld / cntd), cntd
  if (c4 > 0) printf "Geometric means encoding/json/uajson over the service messages W4-W6: encode %.1fx, decode %.1fx (higher: uajson faster; W7 is a Variant, whose fields encoding/json cannot see).\n", exp(se4 / c4), exp(sd4 / c4)
}' "$work/c.csv"
