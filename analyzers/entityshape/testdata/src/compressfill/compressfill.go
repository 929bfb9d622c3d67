// Package compressfill: a file's bytes gzipped into a buffer by a helper
// and base64-encoded into a String property; compression bounds nothing.
package compressfill

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"os"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// squeeze returns data gzipped (a helper of the package, its result
// built in a buffer the writer fills).
func squeeze(data []byte) []byte {
	var out bytes.Buffer
	w := gzip.NewWriter(&out)
	_, _ = w.Write(data)
	_ = w.Close()
	return out.Bytes()
}

func keep(ctx context.Context, c *aztables.Client, path string) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	packed := base64.RawURLEncoding.EncodeToString(squeeze(raw))
	row := map[string]any{"PartitionKey": "files", "RowKey": "1", "Data": packed} // want `TL122: property Data is filled from`
	b, _ := json.Marshal(row)
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

func keepZlib(ctx context.Context, c *aztables.Client, f *os.File) error {
	raw, err := io.ReadAll(f)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	zw := zlib.NewWriter(&buf)
	_, _ = zw.Write(raw)
	_ = zw.Close()
	row := map[string]any{"PartitionKey": "files", "RowKey": "2", "Data": buf.Bytes()} // want `TL123: property Data is filled from`
	b, _ := json.Marshal(row)
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

// Silent: the file is read through a 16 KiB limit before it is packed.
func keepSmall(ctx context.Context, c *aztables.Client, f *os.File) error {
	raw, err := io.ReadAll(io.LimitReader(f, 16<<10))
	if err != nil {
		return err
	}
	packed := base64.RawURLEncoding.EncodeToString(squeeze(raw))
	row := map[string]any{"PartitionKey": "files", "RowKey": "3", "Data": packed}
	b, _ := json.Marshal(row)
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

type failure struct {
	Code    string
	Details []string
}

// Silent: a marshalled document gzipped to fit: JSON text shrinks many
// times over, so its compressed size is not known to be over the limit.
func keepFailure(ctx context.Context, c *aztables.Client, f failure) error {
	doc, err := json.Marshal(f)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	_, _ = zw.Write(doc)
	_ = zw.Close()
	row := map[string]any{"PartitionKey": "failures", "RowKey": f.Code, "Doc": buf.Bytes()}
	b, _ := json.Marshal(row)
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

// pack reads a file and returns its name and its packed text: the text
// is the second of three results.
func pack(dir string, limit int64) (string, string, error) {
	name := dir + "/out.bin"
	f, err := os.Open(name)
	if err != nil {
		return "", "", err
	}
	defer f.Close()
	var r io.Reader = f
	if limit > 0 {
		r = io.LimitReader(f, limit)
	}
	raw, err := io.ReadAll(r)
	if err != nil {
		return "", "", err
	}
	return name, base64.StdEncoding.EncodeToString(squeeze(raw)), nil
}

// packSmall is pack with the read cut at 8 KiB.
func packSmall(dir string) (string, string, error) {
	name := dir + "/small.bin"
	f, err := os.Open(name)
	if err != nil {
		return "", "", err
	}
	defer f.Close()
	raw, err := io.ReadAll(io.LimitReader(f, 8<<10))
	if err != nil {
		return "", "", err
	}
	return name, base64.StdEncoding.EncodeToString(squeeze(raw)), nil
}

func keepPacked(ctx context.Context, c *aztables.Client, dir string) error {
	name, packed, err := pack(dir, 0)
	if err != nil {
		return err
	}
	row := map[string]any{"PartitionKey": "packs", "RowKey": "1", "Name": name, "Data": packed} // want `TL122: property Data is filled from io.ReadAll \(from pack\)`
	b, _ := json.Marshal(row)
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

// Silent: the second result is read through an 8 KiB limit.
func keepPackedSmall(ctx context.Context, c *aztables.Client, dir string) error {
	name, packed, err := packSmall(dir)
	if err != nil {
		return err
	}
	row := map[string]any{"PartitionKey": "packs", "RowKey": "2", "Name": name, "Data": packed}
	b, _ := json.Marshal(row)
	_, err = c.AddEntity(ctx, b, nil)
	return err
}
