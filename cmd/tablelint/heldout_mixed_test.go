package main

import "testing"

// heldoutMixedRules are the rules testdata/heldout-mixed is labelled for:
// the same families as heldout-valueflow (query, ETag, size, keys from
// requests, time keys, batches). TL303 is an info finding, so info
// findings count.
var heldoutMixedRules = heldoutValueflowRules

// heldoutMixedHeader heads testdata/heldout-mixed/labels.txt.
const heldoutMixedHeader = `# Held-out corpus for issue 23's judging rule (heldout-mixed), labelled on
# 2026-11-27 from the rule docs and the service's documented behaviour
# before tablelint was run on it (the analyzers' source and testdata were
# not read); not yet measured. Placement as in heldout-valueflow: a query
# finding on the line of the call that runs the query (the pager, the
# legacy QueryEntities); TL321 on the line where the value enters the
# quoted literal, once per value; TL307 on the line that reads the one
# page. A finding about a value (a key, a property, a struct field) on the
# line of that value; one about a request on the line of the call that
# makes the mistake (TL414 and TL411: the write; TL401 and TL403: the
# submit). A key taken from a request path without sanitising is TL201.
`

// TestHeldoutMixedLabels checks that heldout-mixed's labels.txt is what
// the markers say.
func TestHeldoutMixedLabels(t *testing.T) {
	checkCorpusLabelsAs(t, "heldout-mixed", "TestHeldoutMixedLabels", heldoutMixedHeader)
}

// TestHeldoutMixedRecall measures check over testdata/heldout-mixed, a
// second held-out corpus (ten public repositories, SOURCES.md) labelled
// before tablelint ran on it. Floors a little below the first
// measurement, so that a drop fails: on 3ec2cca with the labels as first
// committed (c4bbbdb), 33/47 (70.2 %) and 33/36 (91.7 %); the misses are
// listed in docs/benchmarks.md. With the write side's mechanisms (ETag
// through parsing helpers and read keys, embedded Entity keys, EDMEntity
// nested values, properties maps, time fields, key arguments one by
// one) and main's map elements: 41/47 (87.2 %) and 41/43 (95.3 %); with
// the batches' per-iteration keys and outside counts too: 46/47 (97.9 %)
// and 46/48 (95.8 %).
func TestHeldoutMixedRecall(t *testing.T) {
	right, expected, found := measureCorpus(t, "heldout-mixed", heldoutMixedRules, true, 45, 20)
	checkRates(t, right, expected, found, 0.95, 0.93)
}
