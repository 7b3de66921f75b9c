package main

// The chart of the comparison with open62541 (-chart FILE): for every
// workload and direction, uabin's time and gopcua's as a multiple of C's,
// on a logarithmic axis, as an SVG image that docs/benchmarks.md shows
// beside its tables. Its figures are the run's: uabin's is the median of the
// per-round uabin/C ratios of the table (uabin.Codec[T]), gopcua's its time
// in the gopcua table over C's median time.

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// chartPanels are the chart's three panels: a column of the C table and
// the direction of the gopcua table that matches it.
var chartPanels = []struct {
	title string
	col   int // colEncode, colReused, colNew
	dir   int // the direction of the gopcua table
	cOp   string
}{
	{"encode", colEncode, 0, cEnc},
	{"decode into a reused value", colReused, 1, cDec},
	{"decode into a new value", colNew, dirDecodeNew, cDecClr},
}

// Geometry of the chart, in pixels, and its axis: time / C's time from
// 2^chartMinExp to 2^chartMaxExp.
const (
	chartLabelW  = 190
	chartPanelW  = 250
	chartGap     = 20
	chartTop     = 70
	chartBarH    = 5
	chartRowH    = 3*chartBarH + 7
	chartMinExp  = -3
	chartMaxExp  = 6
	chartBottomH = 40
)

// chartColors are the bars' colours: C, uabin, gopcua.
var chartColors = [3]string{"#9e9e9e", "#1f77b4", "#e8710a"}

// chartX returns the x offset in a panel of a ratio, clamped to the axis.
func chartX(v float64) float64 {
	e := math.Log2(v)
	e = max(chartMinExp, min(chartMaxExp, e))
	return (e - chartMinExp) / (chartMaxExp - chartMinExp) * chartPanelW
}

// gopcuaRatio returns gopcua's time over C's for panel p of r, or NaN.
func gopcuaRatio(rows []row, r cRow, dir int, cOp string) float64 {
	cns := r.cns[cOp]
	if cns == 0 {
		return math.NaN()
	}
	for _, x := range rows {
		if x.c.id == r.c.id && x.dir == dir {
			if m := x.m[2]; m.na == "" && m.ns > 0 {
				return m.ns / cns
			}
		}
	}
	return math.NaN()
}

// renderChart returns the SVG chart of the W1-W7 rows of cmp, with
// gopcua's figures from rows (the gopcua table; none if rows is nil).
func renderChart(cmp *cComparison, rows []row) string {
	var rs []cRow
	for _, r := range cmp.rows {
		if r.c.workload != "W8" {
			rs = append(rs, r)
		}
	}
	width := chartLabelW + len(chartPanels)*(chartPanelW+chartGap)
	height := chartTop + len(rs)*chartRowH + chartBottomH
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="11">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", width, height)
	fmt.Fprintf(&b, `<text x="10" y="18" font-size="14" font-weight="bold">Time relative to open62541 (C = 1), lower is better; logarithmic axis</text>`+"\n")
	legend := []string{"open62541 (C)", "uabin (Codec[T], median of the rounds)", "gopcua v0.8.0"}
	x := 10
	for i, l := range legend {
		fmt.Fprintf(&b, `<rect x="%d" y="28" width="12" height="10" fill="%s"/><text x="%d" y="37">%s</text>`+"\n", x, chartColors[i], x+16, html.EscapeString(l))
		x += 16 + 7*len(l) + 20
	}
	for pi, p := range chartPanels {
		left := float64(chartLabelW + pi*(chartPanelW+chartGap))
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" font-weight="bold">%s</text>`+"\n", left, chartTop-12, html.EscapeString(p.title))
		bottom := chartTop + len(rs)*chartRowH
		for e := chartMinExp; e <= chartMaxExp; e++ {
			gx := left + chartX(math.Exp2(float64(e)))
			stroke := "#e0e0e0"
			if e == 0 {
				stroke = "#616161"
			}
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s"/>`+"\n", gx, chartTop-4, gx, bottom, stroke)
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" fill="#424242">%s</text>`+"\n", gx, bottom+14, axisLabel(e))
		}
		for i, r := range rs {
			y := float64(chartTop + i*chartRowH)
			vals := [3]float64{1, r.ratioOf(pathCodec, p.col), gopcuaRatio(rows, r, p.dir, p.cOp)}
			if p.col == colNew && r.cns[p.cOp] == 0 {
				vals[0] = math.NaN()
			}
			for k, v := range vals {
				if math.IsNaN(v) || v <= 0 {
					continue
				}
				fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%d" fill="%s"><title>%s %s %s: %s</title></rect>`+"\n",
					left, y+float64(k*chartBarH), max(chartX(v), 1), chartBarH, chartColors[k],
					html.EscapeString(r.c.workload+" "+r.c.title), html.EscapeString(p.title), legend[k], formatCRatio(v))
			}
			if v := vals[1]; !math.IsNaN(v) {
				fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="9" fill="%s">%s</text>`+"\n",
					left+chartX(v)+3, y+2*chartBarH, chartColors[1], formatCRatio(v))
			}
		}
	}
	for i, r := range rs {
		y := chartTop + i*chartRowH + chartRowH/2 + 1
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", chartLabelW-8, y, html.EscapeString(r.c.workload+" "+r.c.title))
	}
	fmt.Fprintf(&b, `<text x="10" y="%d" fill="#424242">%s</text>`+"\n", height-8,
		html.EscapeString(fmt.Sprintf("open62541 %s; %d rounds, %s to %s; load average %s before, %s after; bars beyond the axis are clamped",
			cmp.version, cmp.rounds, cmp.start.UTC().Format("2006-01-02 15:04"), cmp.end.UTC().Format("15:04 MST"), cmp.loadBefore, cmp.loadAfter)))
	b.WriteString("</svg>\n")
	return b.String()
}

// axisLabel names the gridline of 2^e: "1/8x", "1x", "64x".
func axisLabel(e int) string {
	if e < 0 {
		return fmt.Sprintf("1/%dx", 1<<-e)
	}
	return fmt.Sprintf("%dx", 1<<e)
}
