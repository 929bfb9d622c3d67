package antennad

import (
	"crypto/subtle"
	"io"
	"net/http"
)

// Sender delivers one text to one chat.
type Sender interface {
	Send(chat int64, text string) error
}

// Relay is the HTTP side: POST /relay/{app} with the app's id and token as
// basic credentials sends the body to every chat following the app.
type Relay struct {
	Reg Registry
	Out Sender
}

func (h *Relay) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /relay/{app}", h.post)
}

func (h *Relay) post(w http.ResponseWriter, req *http.Request) {
	appID := req.PathValue("app")
	user, pass, ok := req.BasicAuth()
	if !ok || user != appID {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
	app, err := h.Reg.App(appID)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if subtle.ConstantTimeCompare([]byte(app.Token), []byte(pass)) != 1 {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
	body, err := io.ReadAll(req.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	chats, err := h.Reg.Followers(appID)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	text := string(body)
	for _, c := range chats {
		for start := 0; start < len(text); start += 4096 {
			if err := h.Out.Send(c, text[start:min(start+4096, len(text))]); err != nil {
				break
			}
		}
	}
	w.WriteHeader(http.StatusNoContent)
}
