package review

// Rules are the IDs of the rules review's own checks report. A design's
// queries also get the $filter checks (filtercheck.Rules), and its
// directives the directive rules of internal/suppress.
var Rules = []string{
	"TL101", "TL102", "TL103", "TL104", "TL105",
	"TL110", "TL111", "TL112", "TL113", "TL114", "TL115", "TL116",
	"TL120", "TL121", "TL122", "TL123", "TL127", "TL130", "TL132",
	"TL201", "TL202", "TL204", "TL205", "TL206", "TL207", "TL208", "TL209", "TL210", "TL212", "TL213",
	"TL301", "TL303", "TL310", "TL311", "TL314", "TL315", "TL316", "TL317", "TL318", "TL319",
	"TL323", "TL324", "TL325",
	"TL401", "TL403", "TL407", "TL408",
	"TL501", "TL503", "TL504", "TL505", "TL506", "TL507", "TL508", "TL509", "TL510",
	"TL512", "TL513", "TL514", "TL515", "TL516",
}
