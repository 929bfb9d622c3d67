package bookshelfa

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// shelf is what the resolvers are given.
type shelf struct {
	writers *aztables.Client
	volumes *aztables.Client
}

// openShelf creates both tables and, when asked to, stores the sample
// catalogue in them. A table that already exists makes it fail.
func openShelf(ctx context.Context, conn string, withSamples bool) (*shelf, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(conn, nil)
	if err != nil {
		return nil, err
	}

	if _, err := svc.CreateTable(ctx, "writers", nil); err != nil { // S
		return nil, err
	}
	writers := svc.NewClient("writers")
	if withSamples {
		if err := plant(ctx, writers, sampleWriters); err != nil {
			return nil, err
		}
	}

	if _, err := svc.CreateTable(ctx, "volumes", nil); err != nil { // S
		return nil, err
	}
	volumes := svc.NewClient("volumes")
	if withSamples {
		if err := plant(ctx, volumes, sampleVolumes); err != nil {
			return nil, err
		}
	}

	return &shelf{writers: writers, volumes: volumes}, nil
}

// plant stores every row the generator returns, one request each, replacing
// a row that is already there.
func plant(ctx context.Context, c *aztables.Client, gen func() []rowMaker) error {
	opts := &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}
	for _, item := range gen() {
		body, err := json.Marshal(item.row())
		if err != nil {
			return err
		}
		if _, err := c.UpsertEntity(ctx, body, opts); err != nil { // S
			return err
		}
	}
	return nil
}

func given(s string) *string { return &s }

func sampleWriters() []rowMaker {
	return []rowMaker{
		&Writer{ID: "w1", Given: given("Jules"), Surname: "Verne"},
		&Writer{ID: "w2", Given: given("Herbert George"), Surname: "Wells"},
	}
}

func sampleVolumes() []rowMaker {
	verne := []*Writer{{ID: "w1"}}
	wells := []*Writer{{ID: "w2"}}
	return []rowMaker{
		&Volume{ISBN: "978-0140449068", Title: "Twenty Thousand Leagues Under the Seas", Writers: verne},
		&Volume{ISBN: "978-0199552436", Title: "Around the World in Eighty Days", Writers: verne},
		&Volume{ISBN: "978-0141441030", Title: "The Time Machine", Writers: wells},
		&Volume{ISBN: "978-0141441061", Title: "The War of the Worlds", Writers: wells},
		&Volume{ISBN: "978-0141439983", Title: "The Invisible Man", Writers: wells},
	}
}

var errNotImplemented = errors.New("not implemented")

// The mutations of the schema are declared but not written yet.

func (s *shelf) createWriter(ctx context.Context, in Writer) (*Writer, error) {
	return nil, fmt.Errorf("createWriter: %w", errNotImplemented)
}

func (s *shelf) updateWriter(ctx context.Context, in Writer) (*Writer, error) {
	return nil, fmt.Errorf("updateWriter: %w", errNotImplemented)
}

func (s *shelf) deleteWriter(ctx context.Context, id string) (*Writer, error) {
	return nil, fmt.Errorf("deleteWriter: %w", errNotImplemented)
}

func (s *shelf) createVolume(ctx context.Context, in Volume) (*Volume, error) {
	return nil, fmt.Errorf("createVolume: %w", errNotImplemented)
}

func (s *shelf) deleteVolume(ctx context.Context, isbn string) (*Volume, error) {
	return nil, fmt.Errorf("deleteVolume: %w", errNotImplemented)
}

func (s *shelf) listVolumes(ctx context.Context, isbn *string) ([]*Volume, error) {
	return nil, fmt.Errorf("volumes: %w", errNotImplemented)
}

// (added) writerByID answers the writers query for one id: a point read in
// the writers partition by the id the query was given.
func (s *shelf) writerByID(ctx context.Context, id string) (*Writer, error) {
	got, err := s.writers.GetEntity(ctx, "writer", id, nil) // S
	if err != nil {
		return nil, err
	}
	var e aztables.EDMEntity
	if err := json.Unmarshal(got.Value, &e); err != nil {
		return nil, err
	}
	return writerFromRow(&e), nil
}
