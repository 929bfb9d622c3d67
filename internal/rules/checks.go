package rules

import (
	"fmt"
	"path"
	"strings"

	"github.com/tablelint/tablelint/internal/suggest"
)

// Selection is a set of rules chosen by a checks list (ParseChecks).
// The zero value and nil select every rule.
type Selection struct {
	on  map[string]bool
	all bool
}

// Selected reports whether rule id is selected. IDs that are not in the
// registry are selected (they are reported as they come).
func (s *Selection) Selected(id string) bool {
	if s == nil || s.all {
		return true
	}
	if r, ok := Get(id); ok {
		return s.on[r.ID]
	}
	return true
}

// String returns the selected rule IDs, comma-separated, or "all".
func (s *Selection) String() string {
	if s == nil || s.all {
		return "all"
	}
	var ids []string
	for _, r := range All() {
		if s.on[r.ID] {
			ids = append(ids, r.ID)
		}
	}
	return strings.Join(ids, ",")
}

// ParseChecks parses a checks list, as staticcheck's -checks: items
// separated by commas, applied in order. An item is "all" (or "*"), a
// rule ID ("TL303"), a rule name ("partition-scan") or a pattern of IDs
// with * ("TL3*"); a leading "-" turns the rules off again. A list that
// starts by turning rules off starts from all of them ("-TL303" is
// "all,-TL303"). An empty list selects every rule. An item that names no
// rule is an error, with the closest rule when there is one.
func ParseChecks(list string) (*Selection, error) {
	list = strings.TrimSpace(list)
	if list == "" {
		return &Selection{all: true}, nil
	}
	s := &Selection{on: map[string]bool{}}
	for i, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		off := strings.HasPrefix(item, "-")
		item = strings.TrimPrefix(item, "-")
		if item == "" {
			return nil, fmt.Errorf("empty item in checks %q", list)
		}
		if i == 0 && off {
			for _, r := range All() {
				s.on[r.ID] = true
			}
		}
		ids, err := matchChecks(item)
		if err != nil {
			return nil, err
		}
		for _, id := range ids {
			s.on[id] = !off
		}
	}
	return s, nil
}

// matchChecks returns the rule IDs an item of a checks list names.
func matchChecks(item string) ([]string, error) {
	if item == "all" || item == "*" {
		var ids []string
		for _, r := range All() {
			ids = append(ids, r.ID)
		}
		return ids, nil
	}
	if strings.ContainsAny(item, "*?[") {
		pattern := strings.ToUpper(item)
		if _, err := path.Match(pattern, ""); err != nil {
			return nil, fmt.Errorf("invalid pattern %q in checks", item)
		}
		var ids []string
		for _, r := range All() {
			if ok, _ := path.Match(pattern, r.ID); ok {
				ids = append(ids, r.ID)
			}
		}
		if len(ids) == 0 {
			return nil, fmt.Errorf("pattern %q in checks matches no rule", item)
		}
		return ids, nil
	}
	if r, ok := Get(item); ok {
		return []string{r.ID}, nil
	}
	if best := suggest.Closest(item, Names()); best != "" {
		return nil, fmt.Errorf("unknown rule %q in checks (did you mean %q?)", item, best)
	}
	return nil, fmt.Errorf("unknown rule %q in checks (run 'tablelint rules' for the list)", item)
}
