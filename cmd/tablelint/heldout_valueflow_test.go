package main

import "testing"

// heldoutValueflowRules are the rules testdata/heldout-valueflow is
// labelled for (query, ETag, size, keys from requests, time keys, batches,
// key format) and their neighbours of the same families. TL303 is an info
// finding, so info findings count.
var heldoutValueflowRules = map[string]bool{
	"TL301": true, "TL303": true, "TL304": true, "TL307": true, "TL308": true,
	"TL321": true,
	"TL414": true, "TL411": true,
	"TL121": true, "TL122": true, "TL123": true, "TL126": true,
	"TL201": true, "TL209": true, "TL205": true,
	"TL401": true, "TL403": true,
}

// heldoutValueflowHeader heads testdata/heldout-valueflow/labels.txt.
const heldoutValueflowHeader = `# Held-out corpus for issue 23, labelled from the rule docs and the
# service's documented behaviour before tablelint was run on it (the
# analyzers' source and testdata were not read). A query finding is placed
# on the line of the call that runs the query (the pager, QueryEntities, or
# the caller's call of a helper or interface method given the filter);
# TL321 on the line where the value enters the quoted literal, once per
# value (in a helper that quotes, at the helper's line); TL307 on the line
# that reads the one page (legacy API: the QueryEntities call). A finding
# about a value (a key, a property, a struct field) is placed on the line
# of that value (a value given to a helper of the package that makes it a
# property or a key: at the helper's property or key); one about a request on the line of the call that makes
# the mistake (TL414: the write, or the caller's call of a helper that
# writes; TL401 and TL403: the submit). A key taken from a request, a
# query string or a path without sanitising is TL201: it can hold / \ # ?.
`

// TestHeldoutValueflowLabels checks that heldout-valueflow's labels.txt is
// what the markers say.
func TestHeldoutValueflowLabels(t *testing.T) {
	checkCorpusLabelsAs(t, "heldout-valueflow", "TestHeldoutValueflowLabels", heldoutValueflowHeader)
}

// TestHeldoutValueflowRecall measures check over testdata/heldout-valueflow
// (issue 23's held-out corpus: public-code shapes of ten repositories,
// SOURCES.md). Floors a little below the first measurement, so that a
// drop fails: on 55f3f28 with the labels as first committed (6df6d2f),
// 23/49 (46.9 %) and 23/26 (88.5 %); the misses and the three unlabelled
// findings are listed in docs/benchmarks.md. Issue 23's goal is 90 % and
// 95 %: raise the floors as the value-flow work lands. With the flow
// layer (wip/valueflow: TL201 from requests, TL414 and TL209 across
// functions and interfaces): 31/49 (63.3 %) and 31/34 (91.2 %). With the
// query side on the flow layer (wip/queryflow): 41/49 (83.7 %) and
// 41/41 (100 %). With the write side's mechanisms (wip/writeflow: list
// reads, slices' elements, fields of parameters, interface fills, legacy
// batches, helper-sized loops): 46/49 (93.9 %) and 46/46 (100 %).
func TestHeldoutValueflowRecall(t *testing.T) {
	right, expected, found := measureCorpus(t, "heldout-valueflow", heldoutValueflowRules, true, 45, 18)
	checkRates(t, right, expected, found, 0.91, 0.97)
}
