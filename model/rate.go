package model

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Rate is a frequency in events per second.
type Rate float64

// rateUnits maps a rate's unit to seconds.
var rateUnits = map[string]float64{"s": 1, "min": 60, "h": 3600, "day": 86400}

// ParseRate parses "N/s", "N/min", "N/h" or "N/day"; N is a non-negative
// number ("20", "0.5", "1e3").
func ParseRate(s string) (Rate, error) {
	num, unit, ok := strings.Cut(strings.TrimSpace(s), "/")
	if !ok {
		return 0, fmt.Errorf("rate %q needs a unit: N/s, N/min, N/h or N/day", s)
	}
	secs, ok := rateUnits[strings.TrimSpace(unit)]
	if !ok {
		return 0, fmt.Errorf("rate %q has unknown unit %q: want s, min, h or day", s, unit)
	}
	n, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if err != nil || n < 0 || math.IsInf(n, 0) || math.IsNaN(n) {
		return 0, fmt.Errorf("rate %q: %q is not a non-negative number", s, num)
	}
	if n/secs > MaxRate {
		return 0, fmt.Errorf("rate %q is more than %.0f/s, beyond any storage account", s, float64(MaxRate))
	}
	return Rate(n / secs), nil
}

// MaxRate bounds rates (events a second): far beyond what an account
// serves, it keeps rates × durations and rates × counts finite and
// within int64 where they are counted.
const MaxRate = 1e9

// PerSecond returns the rate as events per second.
func (r Rate) PerSecond() float64 { return float64(r) }

// String formats the rate in the largest unit that keeps it at least 1:
// "500/s", "1/min", "2.5/h".
func (r Rate) String() string {
	v := float64(r)
	switch {
	case v == 0:
		return "0/s"
	case v >= 1:
		return trimFloat(v) + "/s"
	case v*60 >= 1:
		return trimFloat(v*60) + "/min"
	case v*3600 >= 1:
		return trimFloat(v*3600) + "/h"
	}
	return trimFloat(v*86400) + "/day"
}

func trimFloat(v float64) string {
	if v == math.Trunc(v) && v < 1e15 {
		return strconv.FormatInt(int64(v), 10)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}
