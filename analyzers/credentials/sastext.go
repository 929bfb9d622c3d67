package credentials

import (
	"go/ast"
	"net/url"
	"strings"
	"time"

	"github.com/tablelint/tablelint/analyzers/internal/flow"
)

// sasForm is where a SAS written as text stands in a client's argument.
type sasForm int

const (
	inURL              sasForm = iota // the query of a service or table URL
	asToken                           // the argument is the token itself
	inConnectionString                // SharedAccessSignature= of a connection string
)

// hole stands for a run-time piece of a value in the text read here.
const hole = "\x00"

// textSAS judges the SAS written as text in argument i of call (a
// constant, or text built from constants, as flow gives it) by the same
// rules as a SAS the code signs: its permissions (sp, with tn or ss and
// srt saying which kind of SAS it is, spk, epk, srk and erk its key range)
// and its lifetime (se after st). It is one finding, at the argument,
// whichever of the values the argument takes holds what is over-broad.
func (c *checker) textSAS(call *ast.CallExpr, i int, form sasForm) {
	v, ok := c.fl.Arg(call, i)
	if !ok {
		return
	}
	var broad *grant
	var longest time.Duration
	for _, vr := range v.Variants {
		q, ok := sasQuery(vr, form)
		if !ok {
			continue
		}
		g, life, ok := parseSAS(q)
		if !ok {
			continue
		}
		if broad == nil || !broad.everything() {
			broad = &g
		}
		longest = max(longest, life)
	}
	if broad != nil || longest > 0 {
		c.judge(call.Args[i], broad, longest)
	}
}

// sasQuery returns the SAS query string in vr, written with holes marked,
// for the form it has.
func sasQuery(vr flow.Variant, form sasForm) (string, bool) {
	s := vr.Marked(hole)
	switch form {
	case inURL:
		_, q, ok := strings.Cut(s, "?")
		if !ok {
			return "", false
		}
		q, _, _ = strings.Cut(q, "#")
		return q, true
	case asToken:
		return strings.TrimPrefix(s, "?"), true
	case inConnectionString:
		var sas string
		found := false
		for _, seg := range strings.Split(s, ";") {
			k, val, _ := strings.Cut(seg, "=")
			switch strings.ToLower(strings.TrimSpace(k)) {
			case "accountkey":
				return "", false // aztables signs with the key and drops the SAS
			case "sharedaccesssignature":
				sas, found = strings.TrimPrefix(strings.TrimSpace(val), "?"), true
			}
		}
		return sas, found
	}
	return "", false
}

// parseSAS reads a SAS query string: what it grants and how long it is
// valid (0 when not known). ok is false when q is no SAS (no sig), or is
// one for services other than tables. A parameter whose value holds a
// run-time piece is known to be present but not its value.
func parseSAS(q string) (g grant, life time.Duration, ok bool) {
	params := map[string]string{}
	unknown := map[string]bool{}
	for _, seg := range strings.Split(q, "&") {
		k, val, _ := strings.Cut(seg, "=")
		if k == "" || strings.Contains(k, hole) {
			continue
		}
		if _, dup := params[k]; dup || unknown[k] {
			unknown[k] = true
			delete(params, k)
			continue
		}
		s, err := url.QueryUnescape(val)
		if err != nil || strings.Contains(val, hole) {
			unknown[k] = true
			continue
		}
		params[k] = s
	}
	has := func(k string) bool { _, ok := params[k]; return ok || unknown[k] }
	if !has("sig") {
		return grant{}, 0, false
	}
	g.account = has("ss") || has("srt")
	if g.account && (unknown["ss"] || !strings.Contains(params["ss"], "t")) {
		return grant{}, 0, false // not a table SAS, or not known to be one
	}
	for _, k := range []string{"spk", "epk", "srk", "erk"} {
		g.keyRange = g.keyRange || unknown[k] || params[k] != ""
	}
	if g.account || has("tn") {
		g.perms = params["sp"]
	}
	start, okStart := sasTime(params["st"])
	end, okEnd := sasTime(params["se"])
	if okStart && okEnd && end.After(start) {
		life = end.Sub(start)
	}
	return g, life, true
}

// sasTime parses a SAS's st or se value: ISO 8601 in UTC, a date with or
// without the time of day and its seconds.
func sasTime(s string) (time.Time, bool) {
	for _, layout := range []string{time.RFC3339, "2006-01-02T15:04Z07:00", time.DateOnly} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
