// Package replayout writes the report of a replay (engine/replay's
// Report) in the forms users read it: the text tables that follow the
// findings, the JSON fields of --format json, and the SVG heat map of
// partition load. The engine measures; this package only renders.
package replayout
