module github.com/tablelint/tablelint/plugin

go 1.24.0

require (
	github.com/golangci/plugin-module-register v0.1.2
	github.com/tablelint/tablelint v0.1.0
	golang.org/x/tools v0.42.0
)

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	golang.org/x/mod v0.33.0 // indirect
	golang.org/x/sync v0.19.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)

// For development inside the tablelint repository: the plugin is built
// against the analyzers next to it. A user's build ignores this line and
// uses the tablelint version required above.
replace github.com/tablelint/tablelint => ../
