package shapes

import "strings"

// Values pinned by an equality guard: a result returned under `if x ==
// C` (or in a switch case on x) is the constant C there, not x.

// bin gives an empty bin code back as it is and doubles the quotes of any
// other: its early return is the empty text, so only escaped text leaves.
func bin(code string) string {
	if code == "" {
		return code
	}
	return strings.ReplaceAll(code, "'", "''")
}

// binPrefixed returns the code unescaped when it has a prefix: not a
// constant, so the parameter itself is a variant.
func binPrefixed(code string) string {
	if strings.HasPrefix(code, "x") {
		return code
	}
	return strings.ReplaceAll(code, "'", "''")
}

// binTick returns the code unescaped when it is one quote: that quote.
func binTick(code string) string {
	if code == "'" {
		return code
	}
	return strings.ReplaceAll(code, "'", "''")
}

// speed keeps two known modes, by a switch; anything else is normal.
func speed(mode string) string {
	switch mode {
	case "fast", "slow":
		return mode
	case "idle":
		return mode + "-0"
	}
	return "normal"
}

// zone is "eu" on the path where it is not anything else.
func zone(z string) string {
	if z != "eu" {
		return "global"
	}
	return z
}

// bay doubles quotes by hand after an early return of the empty code:
// an escaper still.
func bay(code string) string {
	if len(code) == 0 || code == "" {
		return code
	}
	var sb strings.Builder
	for _, c := range code {
		if c == '\'' {
			sb.WriteRune('\'')
		}
		sb.WriteRune(c)
	}
	return sb.String()
}

// bayOr is bay with the early return taken also for a code starting
// with a digit: not pinned, not an escaper.
func bayOr(code string) string {
	if code == "" || code[0] < 'A' {
		return code
	}
	var sb strings.Builder
	for _, c := range code {
		if c == '\'' {
			sb.WriteRune('\'')
		}
		sb.WriteRune(c)
	}
	return sb.String()
}

func pinnedUses(a, b, c, mode, z, d, e string) {
	sink(bin(a))         // want `^ \| \{param0:a/escaped\}$`
	sink(binPrefixed(b)) // want `^\{param1:b\} \| \{param1:b/escaped\}$`
	sink(binTick(c))     // want `^' \| \{param2:c/escaped/validated\}$`
	sink(speed(mode))    // want `^fast \| slow \| idle-0 \| normal$`
	sink(zone(z))        // want `^global \| eu$`
	sink(bay(d))         // want `^\{param5:d/escaped\}$`
	sink(bayOr(e))       // want `^(?:[^/]|/[^e])*$`
}
