package replayout

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/tablelint/tablelint/engine/replay"
	"github.com/tablelint/tablelint/internal/numtext"
)

// heatBins are the heat map's colour classes, as fractions of the
// partition target: blues up to the target, oranges and reds above it,
// so a partition over its target stands out at a glance.
var heatBins = []struct {
	upTo  float64 // the class holds loads up to this fraction of the target
	color string
	label string
}{
	{0.25, "#c6dbef", "≤25%"},
	{0.50, "#6baed6", "≤50%"},
	{0.75, "#2171b5", "≤75%"},
	{1.00, "#08306b", "≤100%"},
	{1.50, "#fdae61", "≤150%"},
	{2.00, "#f46d43", "≤200%"},
	{4.00, "#d73027", "≤400%"},
	{0, "#7f0000", ">400%"},
}

const heatEmpty = "#fafafa"

func heatColor(v int64, target float64) string {
	if v <= 0 {
		return heatEmpty
	}
	f := float64(v) / target
	for _, b := range heatBins {
		if b.upTo == 0 || f <= b.upTo {
			return b.color
		}
	}
	return heatBins[len(heatBins)-1].color
}

// WriteSVG writes a replay's heat map of partition load over time as an SVG
// image: one row per hottest partition (and one for all others), one
// column per second (or group of seconds), each cell coloured by the
// partition's peak entities a second in that column relative to the
// target, with a legend that marks the target. name is shown in the
// title.
func WriteSVG(w io.Writer, r *replay.Report, name string) error {
	h := r.Throughput.Heat
	cols := 0
	if len(h.Rows) > 0 {
		cols = len(h.Rows[0])
	}
	const (
		margin  = 20
		labelW  = 260
		peakW   = 110
		cellH   = 22
		titleH  = 58
		axisH   = 44
		legendH = 90
	)
	cellW := 12
	if cols > 0 {
		cellW = max(6, min(40, 840/cols))
	}
	gridW := cellW * max(cols, 1)
	const swatchW = 62 // legend swatch width
	gridX, gridY := margin+labelW, margin+titleH
	legendEnd := gridX + swatchW + 6 + len(heatBins)*swatchW
	width := max(margin+labelW+gridW+peakW+margin, legendEnd+margin, 720)
	gridH := cellH * max(len(h.Rows), 1)
	height := gridY + gridH + axisH + legendH + margin

	bw := bufio.NewWriter(w)
	p := func(format string, args ...any) { fmt.Fprintf(bw, format, args...) }
	p(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Helvetica, Arial, sans-serif" font-size="12">`+"\n", width, height, width, height)
	p(`<rect width="100%%" height="100%%" fill="#ffffff"/>` + "\n")
	p(`<text x="%d" y="%d" font-size="16" font-weight="bold">Partition load over time — %s</text>`+"\n", margin, margin+16, esc(name))
	unit := "second by second"
	if h.BucketSeconds > 1 {
		unit = fmt.Sprintf("the busiest second of every %d", h.BucketSeconds)
	}
	if ru := r.Throughput.RU; ru != nil {
		// Cosmos DB throttles by request units, not by this target.
		p(`<text x="%d" y="%d" fill="#444">Entities a second per partition, %s; colours scaled to %s entities/s (Table storage's partition target). Cosmos DB throttles by request units: %s answered 429.</text>`+"\n",
			margin, margin+36, unit, numtext.Group(int64(h.Target)), numtext.Plural(int64(r.Throughput.Throttled), "operation"))
	} else {
		p(`<text x="%d" y="%d" fill="#444">Entities a second per partition, %s; target %s entities/s per partition. %s</text>`+"\n",
			margin, margin+36, unit, numtext.Group(int64(h.Target)), esc(hotSummary(r.Throughput)))
	}

	if len(h.Rows) == 0 || cols == 0 {
		p(`<text x="%d" y="%d" fill="#444">No partition load: the workload has no reads or writes of entities.</text>`+"\n", gridX, gridY+16)
	}
	// Rows: label, cells, peak.
	for i, row := range h.Rows {
		y := gridY + i*cellH
		label := h.Labels[i]
		if label == "other" {
			label = fmt.Sprintf("other (busiest of %d more)", h.Other)
		}
		// The full label as a tooltip: a <title> on a group, not inside
		// <text>, which renderers such as ImageMagick print as text.
		p(`<g><title>%s</title><text x="%d" y="%d" text-anchor="end">%s</text></g>`+"\n", esc(h.Labels[i]), gridX-8, y+cellH/2+4, esc(truncate(label, 38)))
		var peak int64
		for j, v := range row {
			peak = max(peak, v)
			x := gridX + j*cellW
			p(`<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#ffffff" stroke-width="1"><title>%s, %s: %s entities/s</title></rect>`+"\n",
				x, y, cellW, cellH, heatColor(v, h.Target), esc(h.Labels[i]), colName(j, h.BucketSeconds), numtext.Group(v))
		}
		weight := "normal"
		fill := "#222"
		if float64(peak) > h.Target {
			weight, fill = "bold", "#b2182b"
		}
		p(`<text x="%d" y="%d" font-weight="%s" fill="%s">peak %s/s</text>`+"\n", gridX+gridW+8, y+cellH/2+4, weight, fill, numtext.Group(peak))
	}
	if len(h.Rows) > 0 && cols > 0 {
		p(`<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#bbb"/>`+"\n", gridX, gridY, gridW, gridH)
	}
	// Axis: ticks every few columns, labelled in seconds.
	axisY := gridY + gridH
	if cols > 0 {
		p(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333"/>`+"\n", gridX, axisY, gridX+gridW, axisY)
		step := niceStep(cols, cellW)
		for j := 0; j <= cols; j += step {
			x := gridX + j*cellW
			p(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333"/>`+"\n", x, axisY, x, axisY+5)
			p(`<text x="%d" y="%d" text-anchor="middle" font-size="11">%d</text>`+"\n", x, axisY+18, j*h.BucketSeconds)
		}
		p(`<text x="%d" y="%d" text-anchor="middle" fill="#444">seconds since the start of the workload</text>`+"\n", gridX+gridW/2, axisY+36)
	}
	// Legend: colour classes as a fraction of the target, the target
	// marked between the last blue and the first orange class.
	ly := axisY + axisH + 26
	sw := swatchW
	p(`<text x="%d" y="%d" text-anchor="end" fill="#444">load vs target</text>`+"\n", gridX-8, ly+14)
	lx := gridX
	p(`<rect x="%d" y="%d" width="%d" height="18" fill="%s" stroke="#bbb"/>`+"\n", lx, ly, sw, heatEmpty)
	p(`<text x="%d" y="%d" text-anchor="middle" font-size="11">none</text>`+"\n", lx+sw/2, ly+32)
	lx += sw + 6
	for k, b := range heatBins {
		p(`<rect x="%d" y="%d" width="%d" height="18" fill="%s"/>`+"\n", lx+k*sw, ly, sw, b.color)
		val := ""
		if b.upTo > 0 {
			val = numtext.Group(int64(b.upTo * h.Target))
		} else {
			val = ">" + numtext.Group(int64(4*h.Target))
		}
		p(`<text x="%d" y="%d" text-anchor="middle" font-size="11">%s</text>`+"\n", lx+k*sw+sw/2, ly+32, esc(b.label))
		p(`<text x="%d" y="%d" text-anchor="middle" font-size="10" fill="#666">%s/s</text>`+"\n", lx+k*sw+sw/2, ly+45, val)
	}
	tx := lx + 4*sw
	p(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#000" stroke-width="3"/>`+"\n", tx, ly-8, tx, ly+22)
	p(`<text x="%d" y="%d" text-anchor="middle" font-weight="bold">target %s/s</text>`+"\n", tx, ly-12, numtext.Group(int64(h.Target)))
	p("</svg>\n")
	return bw.Flush()
}

// hotSummary says how many partitions went over the target.
func hotSummary(tp *replay.Throughput) string {
	n := 0
	for _, p := range tp.Partitions {
		if float64(p.Peak) > tp.PartitionRate {
			n++
		}
	}
	switch n {
	case 0:
		return "No partition is over the target."
	case 1:
		return "1 partition is over the target."
	}
	return fmt.Sprintf("%d partitions are over the target.", n)
}

func colName(j, bucket int) string {
	if bucket == 1 {
		return fmt.Sprintf("second %d", j)
	}
	return fmt.Sprintf("seconds %d–%d", j*bucket, (j+1)*bucket-1)
}

// niceStep returns a tick step in columns: 1, 2, 5, 10, 20, 50, … so that
// labels are at least 40 pixels apart.
func niceStep(cols, cellW int) int {
	for _, s := range []int{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000} {
		if s*cellW >= 40 || s >= cols {
			return s
		}
	}
	return 1000
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

func esc(s string) string {
	// Control characters are not allowed in XML 1.0.
	s = strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' && r != '\n' {
			return '\uFFFD'
		}
		return r
	}, s)
	return html.EscapeString(s)
}
