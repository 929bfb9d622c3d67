package flyersa

import (
	"context"
	"encoding/json"
	"log/slog"
	"os"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Backend is what the routes need from storage.
type Backend interface {
	Flyers(ctx context.Context) (bool, []Flyer)
	PutFlyer(ctx context.Context, f *Flyer) bool
	Players(ctx context.Context) (bool, []Player)
	PutPlayer(ctx context.Context, p *Player) bool
}

// OpenBackend picks Azure Tables when a connection string is configured and
// memory otherwise.
func OpenBackend(logger *slog.Logger) Backend {
	conn := os.Getenv("AZURE_TABLES_CONNECTION_STRING")
	if conn == "" {
		logger.Info("data backend: memory")
		return &memoryBackend{}
	}
	logger.Info("data backend: Azure Table Storage")
	svc, err := aztables.NewServiceClientFromConnectionString(conn, &aztables.ClientOptions{ // S
		ClientOptions: policy.ClientOptions{},
	})
	if err != nil {
		logger.Error(err.Error())
		os.Exit(1)
	}
	return &tableBackend{svc: svc, logger: logger}
}

type tableBackend struct {
	svc    *aztables.ServiceClient
	logger *slog.Logger
}

// Flyers is not implemented for tables yet: it answers an empty list.
func (b *tableBackend) Flyers(ctx context.Context) (bool, []Flyer) {
	return true, make([]Flyer, 0)
}

// PutFlyer stores the flyer's id under the flyer partition; its stages and
// standing are not stored.
func (b *tableBackend) PutFlyer(ctx context.Context, f *Flyer) bool {
	row := aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: "Flyer", // S
			RowKey:       f.ID,    // L: TL201
		},
		Properties: map[string]any{},
	}
	b2, err := json.Marshal(row)
	if err != nil {
		b.logger.Error(err.Error())
		return false
	}
	if _, err := b.svc.NewClient("Flyers").AddEntity(ctx, b2, nil); err != nil { // S
		b.logger.Error(err.Error())
		return false
	}
	return true
}

func (b *tableBackend) Players(ctx context.Context) (bool, []Player) {
	panic("not implemented")
}

func (b *tableBackend) PutPlayer(ctx context.Context, p *Player) bool {
	panic("not implemented")
}

type memoryBackend struct {
	flyers  []Flyer
	players []Player
}

func (m *memoryBackend) Flyers(ctx context.Context) (bool, []Flyer) { return true, m.flyers }

func (m *memoryBackend) PutFlyer(ctx context.Context, f *Flyer) bool {
	m.flyers = append(m.flyers, *f)
	return true
}

func (m *memoryBackend) Players(ctx context.Context) (bool, []Player) { return true, m.players }

func (m *memoryBackend) PutPlayer(ctx context.Context, p *Player) bool {
	m.players = append(m.players, *p)
	return true
}
