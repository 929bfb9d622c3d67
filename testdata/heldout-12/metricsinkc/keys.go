// Package metricsinkc is an agent output that writes aggregated metrics to
// per-period diagnostics tables, the layout the VM diagnostics extension
// reads: a new table every ten days, two rows per metric so that both
// "newest first" and "by counter" scans are prefix scans.
package metricsinkc

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf16"
)

const (
	sampleLayout = "02/01/2006 03:04:05 PM"
	// ticks of 9999-12-31T23:59:59.9999999, as .NET counts them
	maxTicks = uint64(3155378975999999999)
	// seconds from 1601-01-01 to 1970-01-01
	epochGap      = int64(11644473600)
	ticksPerSec   = int64(10000000)
	tenDaysInTick = int64(10 * 24 * 60 * 60 * 10000000)
)

// escapeKey spells every character that is not a letter or digit as its
// UTF-16 code unit in hex, so resource ids and counter names fit in keys.
func escapeKey(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			continue
		}
		for _, u := range utf16.Encode([]rune{r}) {
			fmt.Fprintf(&b, ":%04X", u)
		}
	}
	return b.String()
}

// descendingTicks turns a sample's end time into ticks counted down from
// the largest .NET date, so later samples sort first.
func descendingTicks(stamp string) (uint64, error) {
	at, err := time.Parse(sampleLayout, stamp)
	if err != nil {
		return 0, err
	}
	since := uint64(at.Sub(time.Date(1970, time.January, 1, 0, 0, 0, 0, time.UTC))) / 100
	return maxTicks - since, nil
}

// tableSuffix is the date that starts the ten-day window holding now.
func tableSuffix(now int64) (string, error) {
	if now < 0 {
		return "", errors.New("time before 1970")
	}
	ft := (epochGap + now) * ticksPerSec
	ft -= ft % tenDaysInTick
	start := time.Unix(ft/ticksPerSec-epochGap, 0).UTC()
	return start.Format("20060102"), nil
}

// periodName turns "60s" into "PT1M", "90s" into "PT1M30S".
func periodName(period string) (string, error) {
	secs, err := strconv.Atoi(strings.TrimSuffix(period, "s"))
	if err != nil {
		return "", err
	}
	out := "PT"
	if h := secs / 3600; h > 0 {
		out += strconv.Itoa(h) + "H"
	}
	if m := secs % 3600 / 60; m > 0 {
		out += strconv.Itoa(m) + "M"
	}
	if s := secs % 60; s > 0 {
		out += strconv.Itoa(s) + "S"
	}
	return out, nil
}
