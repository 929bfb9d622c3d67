package rules

import (
	"strings"
	"testing"
)

func TestParseChecks(t *testing.T) {
	for _, tc := range []struct {
		list    string
		on, off []string
		wantErr string
	}{
		{list: "", on: []string{"TL101", "TL303", "TL999"}},
		{list: "all", on: []string{"TL101", "TL303"}},
		{list: "all,-TL303", on: []string{"TL301", "TL304"}, off: []string{"TL303"}},
		{list: "-TL303", on: []string{"TL301"}, off: []string{"TL303"}},
		{list: "TL3*", on: []string{"TL301", "TL321"}, off: []string{"TL101", "TL601"}},
		{list: "TL3*,-TL30?", on: []string{"TL310", "TL321"}, off: []string{"TL301", "TL308", "TL601"}},
		{list: "table-scan, TL601", on: []string{"TL301", "TL601"}, off: []string{"TL303"}},
		{list: "all,-tl3*", on: []string{"TL601"}, off: []string{"TL303"}},
		{list: "TL3O1", wantErr: `unknown rule "TL3O1" in checks (did you mean "TL301"?)`},
		{list: "TL7*", wantErr: `pattern "TL7*" in checks matches no rule`},
		{list: "all,,TL301", wantErr: `empty item`},
		{list: "TL[3", wantErr: `invalid pattern`},
	} {
		s, err := ParseChecks(tc.list)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%q: error %v, want %q", tc.list, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.list, err)
			continue
		}
		for _, id := range tc.on {
			if !s.Selected(id) {
				t.Errorf("%q: %s not selected", tc.list, id)
			}
		}
		for _, id := range tc.off {
			if s.Selected(id) {
				t.Errorf("%q: %s selected", tc.list, id)
			}
		}
	}
	var none *Selection
	if !none.Selected("TL301") || none.String() != "all" {
		t.Error("a nil Selection does not select every rule")
	}
}
