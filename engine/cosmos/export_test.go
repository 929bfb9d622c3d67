package cosmos

import (
	"bufio"
	"net/http"
)

func httpReadResponse(r *bufio.Reader) (*http.Response, error) { return http.ReadResponse(r, nil) }
