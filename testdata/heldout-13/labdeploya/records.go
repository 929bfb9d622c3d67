package labdeploya

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// SignedIn records that user signed in.
func (s *Store) SignedIn(ctx context.Context, user string) error {
	row := signInRow{Entity: aztables.Entity{PartitionKey: user, RowKey: randomKey(32)}} // S
	b, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = s.table("LoginRecords").AddEntity(ctx, b, nil) // S
	return err
}

// Planned records that user planned lab.
func (s *Store) Planned(ctx context.Context, user string, lab Lab) error {
	return s.note(ctx, "Plans", user, lab)
}

// Applied records that user deployed lab.
func (s *Store) Applied(ctx context.Context, user string, lab Lab) error {
	return s.note(ctx, "Deployments", user, lab)
}

func (s *Store) note(ctx context.Context, table, user string, lab Lab) error {
	text, err := json.Marshal(lab)
	if err != nil {
		return err
	}
	row := labNoteRow{
		Entity:  aztables.Entity{PartitionKey: user, RowKey: randomKey(32)}, // S
		LabJSON: string(text),                                               // L: TL122
	}
	b, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = s.table(table).AddEntity(ctx, b, nil)
	return err
}
