package rotatora

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// directory is the part of the identity platform the job talks to.
type directory interface {
	// Secrets lists the password credentials of a registration.
	Secrets(ctx context.Context, objectID string) ([]secretInfo, error)
	// AddSecret creates a new password credential and returns its value.
	AddSecret(ctx context.Context, objectID, label string, lifetime time.Duration) (string, error)
	// RemoveSecret deletes a password credential.
	RemoveSecret(ctx context.Context, objectID, keyID string) error
	// AppID resolves the application id of a registration.
	AppID(ctx context.Context, objectID string) (string, error)
}

// vaults stores and reads the secrets kept for each registration.
type vaults interface {
	Put(ctx context.Context, vault, name, value string) error
	Get(ctx context.Context, vault, name string) (string, error)
}

// repos refreshes the Actions secrets of a repository.
type repos interface {
	PushCredentials(ctx context.Context, repo, appID, secret, tenant, subscription string) error
}

type secretInfo struct {
	KeyID   string
	Expires time.Time
}

// job holds what one run needs.
type job struct {
	tenant string
	dir    directory
	vault  vaults
	repo   repos // nil when no repository key is installed
	table  *aztables.Client
}

// runOnce reads the registry and handles every row in turn.
func runOnce(ctx context.Context, cfg settings, cred azcore.TokenCredential, dir directory, v vaults, r repos) error {
	table, err := openRegistry(cfg, cred)
	if err != nil {
		return err
	}
	j := &job{tenant: cfg["TENANT-ID"], dir: dir, vault: v, repo: r, table: table}
	for _, row := range loadRegistry(ctx, table) {
		j.handle(ctx, row)
	}
	return nil
}

// handle renews one registration's secret, or only re-pushes the stored one
// when the previous run could not reach the repository.
func (j *job) handle(ctx context.Context, row rotationRow) {
	if row.Vault == "" {
		log.Printf("row %s has no key vault; skipped", row.Registration)
		return
	}
	if row.PartitionKey == "0" {
		return // the template row
	}

	if row.PushPending {
		value, err := j.vault.Get(ctx, row.Vault, row.SecretName)
		if err != nil {
			log.Printf("read %s from %s: %v", row.SecretName, row.Vault, err)
		}
		if j.repo != nil {
			if err := j.repo.PushCredentials(ctx, row.Repository, row.ObjectID, value, j.tenant, row.Subscription); err == nil {
				setPushPending(ctx, j.table, row, false) // L: TL414
			}
		}
		return
	}

	value, err := j.renew(ctx, row)
	if err != nil {
		log.Printf("renew %s: %v", row.Registration, err)
	}
	appID, err := j.dir.AppID(ctx, row.ObjectID)
	if err != nil {
		log.Printf("app id of %s: %v", row.ObjectID, err)
	}
	if j.repo != nil {
		if err := j.repo.PushCredentials(ctx, row.Repository, appID, value, j.tenant, row.Subscription); err != nil {
			setPushPending(ctx, j.table, row, true) // L: TL414
		}
	}
}

// renew adds a new secret when the registration has a single one that is
// close to expiry, and prunes expired ones when it has two or more.
func (j *job) renew(ctx context.Context, row rotationRow) (string, error) {
	current, err := j.dir.Secrets(ctx, row.ObjectID)
	if err != nil {
		return "", err
	}
	switch {
	case len(current) == 0:
		return "", fmt.Errorf("registration %s has no secret to rotate", row.ObjectID)
	case len(current) == 1:
		if time.Until(current[0].Expires) > 30*24*time.Hour {
			return "", nil
		}
		value, err := j.dir.AddSecret(ctx, row.ObjectID, row.SecretName, 180*24*time.Hour)
		if err != nil {
			return "", err
		}
		if err := j.vault.Put(ctx, row.Vault, row.SecretName, value); err != nil {
			// The new secret is useless without the vault copy: take it back.
			if derr := j.dropNewest(ctx, row.ObjectID); derr != nil {
				log.Printf("clean up %s: %v", row.ObjectID, derr)
			}
			return "", err
		}
		if row.ContactMail != "" {
			log.Printf("would notify %s about %s", row.ContactMail, row.SecretName)
		}
		return value, nil
	default:
		return "", j.pruneExpired(ctx, row.ObjectID, current)
	}
}

func (j *job) dropNewest(ctx context.Context, objectID string) error {
	current, err := j.dir.Secrets(ctx, objectID)
	if err != nil {
		return err
	}
	if len(current) == 0 {
		return errors.New("nothing to drop")
	}
	newest := current[0]
	for _, s := range current[1:] {
		if s.Expires.After(newest.Expires) {
			newest = s
		}
	}
	return j.dir.RemoveSecret(ctx, objectID, newest.KeyID)
}

func (j *job) pruneExpired(ctx context.Context, objectID string, current []secretInfo) error {
	for _, s := range current {
		if time.Now().After(s.Expires) {
			if err := j.dir.RemoveSecret(ctx, objectID, s.KeyID); err != nil {
				return err
			}
		}
	}
	return nil
}
