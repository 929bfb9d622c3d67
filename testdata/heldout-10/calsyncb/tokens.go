// Package calsyncb is the sign-in side of a calendar-to-notes sync job:
// it runs the OAuth code flow against the identity platform, refreshes the
// access token on a timer, and keeps the token pair in one row of a table
// (legacy storage API) so that a restart can resume without a new sign-in.
package calsyncb

import (
	"encoding/json"
	"errors"
	"io"
	"log"
	"net/http"
	"net/url"
	"os"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// The row's table and keys come from the deployment's settings.
var (
	tokenAccount   = os.Getenv("SYNC_TABLE_ACCOUNT")
	tokenKey       = os.Getenv("SYNC_TABLE_KEY")
	tokenTable     = os.Getenv("SYNC_TABLE")
	tokenPartition = os.Getenv("SYNC_TOKEN_PK")
	tokenRow       = os.Getenv("SYNC_TOKEN_RK")
	appID          = os.Getenv("SYNC_APP_ID")
	appSecret      = os.Getenv("SYNC_APP_SECRET")
	tokenEndpoint  = os.Getenv("SYNC_TOKEN_URL")
)

func tokenTableRef() (*storage.Table, error) {
	c, err := storage.NewBasicClient(tokenAccount, tokenKey)
	if err != nil {
		return nil, err
	}
	svc := c.GetTableService()
	return svc.GetTableReference(tokenTable), nil
}

// storeTokens overwrites the one row with the pair just issued; nothing is
// read first.
func storeTokens(access, refresh string) error {
	t, err := tokenTableRef()
	if err != nil {
		return err
	}
	row := t.GetEntityReference(tokenPartition, tokenRow) // S
	row.Properties = map[string]interface{}{
		"accessToken":  access,
		"refreshToken": refresh,
	}
	return row.Update(true, nil) // S
}

// loadTokens takes the first row of whatever the table returns first.
func loadTokens() (string, string, error) {
	t, err := tokenTableRef()
	if err != nil {
		return "", "", err
	}
	res, err := t.QueryEntities(30, storage.FullMetadata, nil) // L: TL301 TL307
	if err != nil {
		return "", "", err
	}
	if len(res.Entities) == 0 {
		return "", "", errors.New("calsync: no tokens stored")
	}
	p := res.Entities[0].Properties
	a, _ := p["accessToken"].(string)
	r, _ := p["refreshToken"].(string)
	return a, r, nil
}

// loadTokenRow (added) is the twin: the row read by its two keys.
func loadTokenRow() (string, string, error) {
	t, err := tokenTableRef()
	if err != nil {
		return "", "", err
	}
	row := t.GetEntityReference(tokenPartition, tokenRow)
	if err := row.Get(30, storage.MinimalMetadata, nil); err != nil { // S
		return "", "", err
	}
	a, _ := row.Properties["accessToken"].(string)
	r, _ := row.Properties["refreshToken"].(string)
	return a, r, nil
}

// rotateRefresh (added) reads the row, swaps the refresh token in place and
// forces the write back: If-Match * loses a rotation made meanwhile.
func rotateRefresh(next string) error {
	t, err := tokenTableRef()
	if err != nil {
		return err
	}
	row := t.GetEntityReference(tokenPartition, tokenRow)
	if err := row.Get(30, storage.FullMetadata, nil); err != nil {
		return err
	}
	row.Properties["refreshToken"] = next
	return row.Update(true, nil) // L: TL414
}

// rotateRefreshChecked (added) is its twin: Update(false) sends the ETag the
// read kept, and a concurrent rotation fails the write.
func rotateRefreshChecked(next string) error {
	t, err := tokenTableRef()
	if err != nil {
		return err
	}
	row := t.GetEntityReference(tokenPartition, tokenRow)
	if err := row.Get(30, storage.FullMetadata, nil); err != nil {
		return err
	}
	row.Properties["refreshToken"] = next
	return row.Update(false, nil) // S
}

// session holds the pair in memory between refreshes.
type session struct {
	access, refresh string
}

func exchange(form url.Values) (string, string, error) {
	res, err := http.PostForm(tokenEndpoint, form)
	if err != nil {
		return "", "", err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return "", "", err
	}
	var body struct {
		Access  string `json:"access_token"`
		Refresh string `json:"refresh_token"`
	}
	if err := json.Unmarshal(raw, &body); err != nil {
		return "", "", err
	}
	return body.Access, body.Refresh, nil
}

// callback finishes the code flow and keeps the issued pair.
func (s *session) callback(w http.ResponseWriter, r *http.Request) {
	a, rf, err := exchange(url.Values{
		"client_id":     {appID},
		"client_secret": {appSecret},
		"code":          {r.URL.Query().Get("code")},
		"grant_type":    {"authorization_code"},
	})
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	s.access, s.refresh = a, rf
	if err := storeTokens(a, rf); err != nil {
		log.Println(err)
	}
	w.WriteHeader(http.StatusNoContent)
}

// refresh runs on a timer: after a restart the refresh token comes from the
// table, and the new pair is stored again.
func (s *session) refreshNow() error {
	if s.refresh == "" {
		a, rf, err := loadTokens()
		if err != nil {
			return err
		}
		s.access, s.refresh = a, rf
	}
	a, rf, err := exchange(url.Values{
		"client_id":     {appID},
		"client_secret": {appSecret},
		"refresh_token": {s.refresh},
		"grant_type":    {"refresh_token"},
	})
	if err != nil {
		return err
	}
	s.access, s.refresh = a, rf
	return storeTokens(a, rf)
}
