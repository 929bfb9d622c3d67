package odata

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The grammar as it was before Factor implemented participle.Parseable,
// with participle's own lexer.Upgrade: the reference that FuzzGrammarRef
// holds the current parser to.
type (
	refExpr struct {
		Terms []*refTerm `parser:"@@ ( 'or' @@ )*"`
	}
	refTerm struct {
		Factors []*refFactor `parser:"@@ ( 'and' @@ )*"`
	}
	refFactor struct {
		Cmp   *Comparison `parser:"  @@"`
		Group *refExpr    `parser:"| '(' @@ ')'"`
		Not   *refFactor  `parser:"| 'not' @@"`
	}
)

var refParser = participle.MustBuild[refExpr](
	participle.Lexer(definition{}),
	participle.UseLookahead(1),
)

func (e *refExpr) convert() *Expr {
	out := &Expr{}
	for _, t := range e.Terms {
		ot := &Term{}
		for _, f := range t.Factors {
			ot.Factors = append(ot.Factors, f.convert())
		}
		out.Terms = append(out.Terms, ot)
	}
	return out
}

func (f *refFactor) convert() *Factor {
	switch {
	case f.Not != nil:
		return &Factor{Not: f.Not.convert()}
	case f.Group != nil:
		return &Factor{Group: f.Group.convert()}
	}
	return &Factor{Cmp: f.Cmp}
}

// refParse is parseTokens with the reference grammar.
func refParse(s string, toks []lexer.Token) (*Filter, error) {
	if err := checkTokens(s, toks); err != nil {
		return nil, err
	}
	plex, err := lexer.Upgrade(&sliceLexer{toks: toks})
	if err != nil {
		return nil, err
	}
	e, err := refParser.ParseFromLexer(plex)
	if err != nil {
		return nil, translate(s, toks, err)
	}
	return &Filter{Expr: e.convert()}, nil
}

// differ returns why the current parser and the reference disagree on s,
// or "". They must agree on whether s is valid and on its tree. Errors
// may differ in place and words: in the reference, a group that breaks
// off inside an optional "and …" or "or …" is backtracked over and the
// error is reported at the "and" or "or" ("(A eq 1 and (": unexpected
// "and"; expected "and", "or", ")"…), where the parser now reports the
// token that breaks the group (unexpected end of filter; expected a
// comparison). Both must be an *Error inside the input.
func differ(s string, template bool) string {
	toks, err := lex(s, template)
	if err != nil || len(toks) == 1 {
		return ""
	}
	e, gotErr := checkAndParse(s, toks, new(lexer.PeekingLexer))
	f := &Filter{Expr: e}
	g, wantErr := refParse(s, toks)
	switch {
	case (gotErr == nil) != (wantErr == nil):
		return fmt.Sprintf("%q: error %v, reference error %v", s, gotErr, wantErr)
	case gotErr != nil:
		e, ok := gotErr.(*Error)
		if !ok || e.Offset < 0 || e.Offset > len(s) || e.Msg == "" {
			return fmt.Sprintf("%q: bad error %#v", s, gotErr)
		}
	case Dump(f) != Dump(g):
		return fmt.Sprintf("%q:\n got %s\nwant %s", s, Dump(f), Dump(g))
	}
	return ""
}

// FuzzGrammarRef checks that the parser accepts exactly what the
// reference grammar accepts, with the same tree (see differ).
func FuzzGrammarRef(f *testing.F) {
	for _, file := range []string{"../testdata/filters/corpus.txt", "../testdata/filters/bench41.txt"} {
		fh, err := os.Open(file)
		if err != nil {
			f.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			line := sc.Text()
			if rest, ok := strings.CutPrefix(line, "> "); ok {
				line = rest
			} else if rest, ok := strings.CutPrefix(line, ">t "); ok {
				line = rest
			}
			f.Add(line, false)
			f.Add(line, true)
		}
		fh.Close()
	}
	for _, s := range []string{"not", "not (", "not not A eq 1", "(A eq 1", "((A eq 1) or not (B eq 2)) and C eq 3",
		"not 1", "( )", "A eq 1 and ()", "not (A eq 1))", "(not A eq 1 or B eq 2)", "A eq 1 and not", "(A)"} {
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, s string, template bool) {
		if d := differ(s, template); d != "" {
			t.Fatal(d)
		}
	})
}

// TestPeekingLayout makes sure that peeking builds participle's
// PeekingLexer directly (see peekingLayout) rather than falling back.
func TestPeekingLayout(t *testing.T) {
	if !peekingOK {
		t.Fatal("lexer.PeekingLexer's fields changed: update peekingLayout for this participle version")
	}
	toks, _ := lex("A eq 1 and (B eq 'x' or not C lt 2)", false)
	var got []string
	for p := peeking(new(lexer.PeekingLexer), toks); ; {
		tok := p.Next()
		got = append(got, tok.Value)
		if tok.EOF() {
			break
		}
	}
	if strings.Join(got[:len(got)-1], " ") != "A eq 1 and ( B eq 'x' or not C lt 2 )" {
		t.Fatalf("tokens %q", got)
	}
}
