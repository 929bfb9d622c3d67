// Package swiftnodes is the table store of a cross-domain identity network
// (legacy storage API): one row per node (network, domain) and one row per
// node secret (domain, key), read into memory and refreshed on a miss.
package swiftnodes

import (
	"strings"
	"sync"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const timeout = 2

type node struct {
	network string
	domain  string
	expires time.Time
	role    int
	secrets []secret
}

type secret struct {
	key     string
	created time.Time
}

// Store keeps the nodes in memory, backed by two tables.
type Store struct {
	mu      sync.Mutex
	nodes   map[string]*node
	nodeTbl *storage.Table
	secTbl  *storage.Table
}

// Open connects and loads every node.
func Open(account, key string) (*Store, error) {
	cli, err := storage.NewBasicClient(account, key)
	if err != nil {
		return nil, err
	}
	svc := cli.GetTableService()
	s := &Store{nodeTbl: svc.GetTableReference("swiftnodes"), secTbl: svc.GetTableReference("swiftsecrets")}
	return s, s.refresh()
}

func (s *Store) refresh() error {
	res, err := s.nodeTbl.QueryEntities(timeout, storage.FullMetadata, nil) // L: TL301 TL307
	if err != nil {
		return err
	}
	ns := map[string]*node{}
	for _, e := range res.Entities {
		exp, _ := e.Properties["Expires"].(time.Time)
		role, _ := e.Properties["Role"].(float64)
		ns[e.RowKey] = &node{network: e.PartitionKey, domain: e.RowKey, expires: exp, role: int(role)}
	}
	sec, err := s.secTbl.QueryEntities(timeout, storage.FullMetadata, nil) // L: TL301 TL307
	if err != nil {
		return err
	}
	for _, e := range sec.Entities {
		if n := ns[e.PartitionKey]; n != nil {
			n.secrets = append(n.secrets, secret{key: e.RowKey, created: e.TimeStamp})
		}
	}
	s.mu.Lock()
	s.nodes = ns
	s.mu.Unlock()
	return nil
}

// Network reads the nodes of one network, every segment.
func (s *Store) Network(network string) ([]*storage.Entity, error) {
	res, err := s.nodeTbl.QueryEntities(timeout, storage.FullMetadata, &storage.QueryOptions{
		Filter: "PartitionKey eq '" + network + "'", // L: TL321
	})
	if err != nil {
		return nil, err
	}
	all := res.Entities
	for res.NextLink != nil {
		if res, err = res.NextResults(nil); err != nil {
			return nil, err
		}
		all = append(all, res.Entities...)
	}
	return all, nil
}

// NetworkEscaped is Network with the name's quotes doubled.
func (s *Store) NetworkEscaped(network string) ([]*storage.Entity, error) {
	res, err := s.nodeTbl.QueryEntities(timeout, storage.FullMetadata, &storage.QueryOptions{
		Filter: "PartitionKey eq '" + strings.ReplaceAll(network, "'", "''") + "'", // S
	})
	if err != nil {
		return nil, err
	}
	all := res.Entities
	for res.NextLink != nil {
		if res, err = res.NextResults(nil); err != nil {
			return nil, err
		}
		all = append(all, res.Entities...)
	}
	return all, nil
}

// SetNode stores a node and its secrets.
func (s *Store) SetNode(n *node) error {
	if err := s.setSecrets(n); err != nil {
		return err
	}
	row := s.nodeTbl.GetEntityReference(n.network, n.domain)
	row.Properties = map[string]interface{}{"Expires": n.expires, "Role": n.role}
	return row.Insert(storage.FullMetadata, nil)
}

func (s *Store) setSecrets(n *node) error {
	for _, sc := range n.secrets {
		row := s.secTbl.GetEntityReference(n.domain, sc.key)
		row.TimeStamp = sc.created // L: TL128
		if err := row.Insert(storage.FullMetadata, nil); err != nil {
			return err
		}
	}
	return nil
}

// RotateAll stores a new secret for every node in one batch.
func (s *Store) RotateAll(domain string, keys []string) error {
	batch := s.secTbl.NewBatch()
	for _, k := range keys {
		row := s.secTbl.GetEntityReference(domain, k)
		row.Properties = map[string]interface{}{"Created": time.Now().UTC()}
		batch.InsertEntity(row)
	}
	return batch.ExecuteBatch() // L: TL401
}
