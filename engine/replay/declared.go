package replay

// Rules are the IDs of the rules a replay reports, its $filter checks
// (filtercheck.Rules) included.
var Rules = []string{
	"TL104", "TL120", "TL121", "TL122", "TL123",
	"TL201", "TL202", "TL204", "TL205", "TL209",
	"TL306", "TL309", "TL319",
	"TL401", "TL403", "TL405",
	"TL501", "TL502", "TL517", "TL518",
}
