// Package sealedkv is a generic key/value store over a table whose values
// are JSON, optionally sealed with AES-GCM before they are stored.
package sealedkv

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type cell struct {
	aztables.Entity
	Blob string `json:"Blob"`
}

// KV keeps values of V under (group, name).
type KV[V any] struct {
	tc  *aztables.Client
	key []byte
}

// Open makes the table when missing and returns the store.
func Open[V any](svc *aztables.ServiceClient, table string, key []byte) (*KV[V], error) {
	tc := svc.NewClient(table)
	if _, err := tc.CreateTable(context.Background(), nil); err != nil {
		var re *azcore.ResponseError
		if !errors.As(err, &re) || re.ErrorCode != "TableAlreadyExists" {
			return nil, err
		}
	}
	return &KV[V]{tc: tc, key: key}, nil
}

func (s *KV[V]) seal(plain []byte) (string, error) {
	if s.key == nil {
		return string(plain), nil
	}
	block, err := aes.NewCipher(s.key)
	if err != nil {
		return "", err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return "", err
	}
	nonce := make([]byte, gcm.NonceSize())
	_, _ = rand.Read(nonce)
	return base64.StdEncoding.EncodeToString(gcm.Seal(nonce, nonce, plain, nil)), nil
}

func (s *KV[V]) open(text string) ([]byte, error) {
	if s.key == nil {
		return []byte(text), nil
	}
	raw, err := base64.StdEncoding.DecodeString(text)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(s.key)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil || len(raw) < gcm.NonceSize() {
		return nil, errors.New("sealed value is damaged")
	}
	n := gcm.NonceSize()
	return gcm.Open(nil, raw[:n], raw[n:], nil)
}

// load reads a value and the ETag it was read at.
func (s *KV[V]) load(group, name string) (V, azcore.ETag, bool) {
	var zero V
	resp, err := s.tc.GetEntity(context.Background(), group, name, nil)
	if err != nil {
		return zero, "", false
	}
	var c cell
	if json.Unmarshal(resp.Value, &c) != nil {
		return zero, "", false
	}
	plain, err := s.open(c.Blob)
	if err != nil {
		return zero, "", false
	}
	var v V
	if json.Unmarshal(plain, &v) != nil {
		return zero, "", false
	}
	return v, resp.ETag, true
}

// Get returns the value, if any.
func (s *KV[V]) Get(group, name string) (V, bool) {
	v, _, ok := s.load(group, name)
	return v, ok
}

// Put replaces the value.
func (s *KV[V]) Put(group, name string, v V) error {
	plain, err := json.Marshal(v)
	if err != nil {
		return err
	}
	text, err := s.seal(plain)
	if err != nil {
		return err
	}
	b, _ := json.Marshal(cell{Entity: aztables.Entity{PartitionKey: group, RowKey: name}, Blob: text})
	_, err = s.tc.UpsertEntity(context.Background(), b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

// Take reads the value and deletes it only if nobody changed it since.
func (s *KV[V]) Take(group, name string) (V, bool) {
	v, etag, ok := s.load(group, name)
	if !ok {
		return v, false
	}
	_, err := s.tc.DeleteEntity(context.Background(), group, name, &aztables.DeleteEntityOptions{IfMatch: &etag})
	return v, err == nil
}
