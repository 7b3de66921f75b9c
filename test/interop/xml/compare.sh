#!/usr/bin/env bash
# compare.sh [ROUNDS]: times the W1-W7 values in OPC UA XML with open62541
# (o6xml bench: UA_encodeXml into a preallocated buffer, UA_decodeXml +
# UA_clear) and with uaxml (BenchmarkXML in this directory: Append into a
# reused buffer, Unmarshal into a new value), in ROUNDS rounds (default 5)
# that alternate C and Go on CPU 1, and prints a markdown table of the
# medians with the CPU model and the load average. o6xml's path is taken
# from UABIN_O6XML or build.sh's output.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
rounds=${1:-5}
prog=${UABIN_O6XML:-$(bash "$here/build.sh" | tail -1)}
pin=""
command -v taskset >/dev/null && pin="taskset -c 1"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$root" && go test -c -o "$work/xml.test" ./test/interop/xml/)
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
for r in $(seq 1 "$rounds"); do
  echo "-- round $r of $rounds" >&2
  $pin "$prog" bench 5 5 <"$here/testdata/workloads.tsv" | grep '^CSV,' >>"$work/c.csv"
  (cd "$here" && $pin "$work/xml.test" -test.run '^$' -test.bench '^BenchmarkXML/' -test.benchtime 200ms) |
    grep '^BenchmarkXML/' >>"$work/go.txt"
done
load_end=$(cut -d' ' -f1-3 /proc/loadavg)
cpu=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)
echo "CPU: ${cpu:-unknown}; $(nproc --all) cores; load average at start $load_start, at end $load_end; $rounds rounds, medians (ns/op); $(go version | cut -d' ' -f3)"
echo
awk -F, -v gofile="$work/go.txt" '
function median(list,   n, a, i, j, t) {
  n = split(list, a, " ")
  if (n == 0) return -1
  for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] + 0 > t + 0; j--) a[j + 1] = a[j]; a[j + 1] = t }
  return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function cell(c, g) { return c < 0 ? sprintf("- | %.0f | -", g) : sprintf("%.0f | %.0f | %.2fx", c, g, g / c) }
{ c[$2 SUBSEP $4] = c[$2 SUBSEP $4] " " $5 }
END {
  while ((getline line < gofile) > 0) {
    split(line, f, /[ \t]+/); n = split(f[1], p, "/"); sub(/-[0-9]+$/, "", p[3])
    g[p[2] SUBSEP p[3]] = g[p[2] SUBSEP p[3]] " " f[3]
    if (!(p[2] in seen)) { seen[p[2]] = 1; order[++rows] = p[2] }
  }
  print "| row | C enc | uaxml enc | uaxml/C | C dec+clr | uaxml dec (new value) | uaxml/C |"
  print "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
  for (i = 1; i <= rows; i++) {
    r = order[i]
    ce = median(c[r SUBSEP "enc"]); cd = median(c[r SUBSEP "dec+clr"])
    ge = median(g[r SUBSEP "encode"]); gd = median(g[r SUBSEP "decode"])
    printf "| %s | %s | %s |\n", r, cell(ce, ge), cell(cd, gd)
    if (ce > 0) { le += log(ge / ce); ne++ }
    if (cd > 0) { ld += log(gd / cd); nd++ }
  }
  printf "\nGeometric means uaxml/open62541 where open62541 has a figure: encode %.2fx (%d rows), decode %.2fx (%d rows); higher is slower. \"-\": open62541 cannot (see README.md).\n", exp(le / ne), ne, exp(ld / nd), nd
}' "$work/c.csv"
