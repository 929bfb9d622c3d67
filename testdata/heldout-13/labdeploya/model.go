// Package labdeploya recreates, in new words, the table code of a lab
// deployment tool: each user's lab rollouts kept as JSON documents in one
// table, an append-only history of rollout changes, and sign-in and plan
// records. See SOURCES-a.md.
package labdeploya

import (
	"crypto/rand"
	"log"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Blueprint is the cluster template of a lab.
type Blueprint struct {
	KubernetesVersion string   `json:"kubernetesVersion"`
	NetworkPlugin     string   `json:"networkPlugin"`
	AddressSpace      []string `json:"addressSpace"`
	Subnets           []string `json:"subnets"`
}

// Lab is a lab a user picked or wrote; it arrives in request bodies.
type Lab struct {
	ID           string    `json:"id"`
	Name         string    `json:"name"`
	Description  string    `json:"description"`
	Tags         []string  `json:"tags"`
	Blueprint    Blueprint `json:"template"`
	ExtendScript string    `json:"extendScript"`
	Owners       []string  `json:"owners"`
	Editors      []string  `json:"editors"`
}

// Rollout is one lab deployed into one workspace of one subscription.
type Rollout struct {
	ID           string `json:"deploymentId"`
	User         string `json:"deploymentUserId"`
	Subscription string `json:"deploymentSubscriptionId"`
	Workspace    string `json:"deploymentWorkspace"`
	Status       string `json:"deploymentStatus"`
	Lab          Lab    `json:"deploymentLab"`
	AutoDelete   bool   `json:"deploymentAutoDelete"`
	LifespanSecs int64  `json:"deploymentLifespan"`
	DeleteAtUnix int64  `json:"deploymentAutoDeleteUnixTime"`
}

// rolloutRow is the stored form: the rollout as one JSON string.
type rolloutRow struct {
	aztables.Entity
	Document string
}

// changeRow is one line of a rollout's history.
type changeRow struct {
	PartitionKey string `json:"PartitionKey"`
	RowKey       string `json:"RowKey"`
	Workspace    string `json:"Workspace"`
	User         string `json:"User"`
	Subscription string `json:"Subscription"`
	Status       string `json:"Status"`
	AutoDelete   bool   `json:"AutoDelete"`
	LifespanSecs int64  `json:"LifespanSecs"`
	DeleteAtUnix int64  `json:"DeleteAtUnix"`
	LabJSON      string `json:"LabJSON"`
}

// signInRow records a sign-in.
type signInRow struct {
	aztables.Entity
}

// labNoteRow records a plan or an apply of a lab.
type labNoteRow struct {
	aztables.Entity
	LabJSON string
}

// Store opens per-table clients on a SAS URL.
type Store struct {
	Account string
	SAS     string
}

func (s *Store) table(name string) *aztables.Client {
	u := "https://" + s.Account + ".table.core.windows.net/" + name + "?" + s.SAS
	c, err := aztables.NewClientWithNoCredential(u, nil) // S
	if err != nil {
		log.Printf("table client %s: %v", name, err)
	}
	return c
}

const keyAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789"

// randomKey returns n characters from keyAlphabet.
func randomKey(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = keyAlphabet[int(b[i])%len(keyAlphabet)]
	}
	return string(b)
}
