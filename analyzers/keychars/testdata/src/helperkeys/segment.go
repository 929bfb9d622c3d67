package helperkeys

import (
	"context"
	"net/http"
	"path"
)

// binRow reads the row of one bin of the shelf.
func (s *shelf) binRow(ctx context.Context, bin string) error {
	_, err := s.tc.GetEntity(ctx, "bins",
		bin, // want `TL201: RowKey comes from the request \(r.URL.Path, passed at line \d+\) unchecked`
		nil)
	return err
}

// binStatus is a second function between the handler and the read.
func (s *shelf) binStatus(ctx context.Context, bin string) error {
	return s.binRow(ctx, bin)
}

// The last segment of the path has no / but may hold \ # or ?.
func (s *shelf) pollBin(w http.ResponseWriter, r *http.Request) {
	_ = s.binStatus(r.Context(), path.Base(r.URL.Path))
}

// Silent: the segment checked against a pattern first.
func (s *shelf) pollBinChecked(w http.ResponseWriter, r *http.Request) {
	bin := path.Base(r.URL.Path)
	if !codeRe.MatchString(bin) {
		return
	}
	_ = s.binStatus(r.Context(), bin)
}
