// Package flyersa recreates, in new words, the table code of a small
// tournament ("flyer") API: a database interface with an in-memory and an
// Azure Tables implementation, chosen by an environment variable, and the
// HTTP routes that create flyers and players. See SOURCES-a.md.
package flyersa

// Seat is one player's standing in a flyer.
type Seat struct {
	PlayerID string `json:"playerId"`
	Wins     int    `json:"wins"`
	Losses   int    `json:"losses"`
}

// Stage is one phase of a flyer.
type Stage struct {
	ID      string   `json:"id"`
	Order   int      `json:"order"`
	Players []string `json:"players"`
	Started *int64   `json:"startTime,omitempty"`
}

// Flyer is a tournament.
type Flyer struct {
	ID       string  `json:"id"`
	Started  *int64  `json:"startTime,omitempty"`
	Finished *int64  `json:"finishTime,omitempty"`
	Stages   []Stage `json:"phases"`
	Standing []Seat  `json:"ranking"`
}

// NewFlyer is the body of a create request: everything but the id.
type NewFlyer struct {
	Started  *int64  `json:"startTime,omitempty"`
	Finished *int64  `json:"finishTime,omitempty"`
	Stages   []Stage `json:"phases"`
	Standing []Seat  `json:"ranking"`
}

// Player is a registered player.
type Player struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// NewPlayer is the body of a player create request.
type NewPlayer struct {
	Name string `json:"name"`
}
