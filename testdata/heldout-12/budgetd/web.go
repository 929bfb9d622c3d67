package budgetd

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"strconv"
)

// API serves the budget pages' JSON calls.
type API struct {
	Ledger *Ledger
}

func reply(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

// Plan answers GET and POST /api/plan?month=2026-11.
func (a *API) Plan(w http.ResponseWriter, r *http.Request) {
	month := r.URL.Query().Get("month")
	if month == "" {
		reply(w, http.StatusBadRequest, "month is required")
		return
	}
	switch r.Method {
	case http.MethodGet:
		plan, err := a.Ledger.Plan(r.Context(), month)
		if err != nil {
			reply(w, http.StatusInternalServerError, err.Error())
			return
		}
		reply(w, http.StatusOK, plan)
	case http.MethodPost:
		var plan MonthPlan
		if err := json.NewDecoder(r.Body).Decode(&plan); err != nil {
			reply(w, http.StatusBadRequest, "bad body")
			return
		}
		if err := a.Ledger.SavePlan(r.Context(), month, &plan); err != nil {
			reply(w, http.StatusInternalServerError, err.Error())
			return
		}
		reply(w, http.StatusOK, "saved")
	default:
		reply(w, http.StatusMethodNotAllowed, "method not allowed")
	}
}

// Cards answers GET and POST /api/cards.
func (a *API) Cards(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet {
		cards, err := a.Ledger.Cards(r.Context())
		if err != nil {
			reply(w, http.StatusInternalServerError, err.Error())
			return
		}
		reply(w, http.StatusOK, cards)
		return
	}
	var card Card
	if err := json.NewDecoder(r.Body).Decode(&card); err != nil {
		reply(w, http.StatusBadRequest, "bad body")
		return
	}
	if err := a.Ledger.PutCard(r.Context(), card); err != nil {
		reply(w, http.StatusInternalServerError, err.Error())
		return
	}
	reply(w, http.StatusOK, "saved")
}

// ProcessStatement imports a CSV statement (date,text,amount,account) that
// a queue message pointed at, then moves the cards' balances.
func (a *API) ProcessStatement(ctx context.Context, data []byte) (int, error) {
	recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		return 0, err
	}
	var lines []BankLine
	for _, rec := range recs {
		if len(rec) < 4 {
			continue
		}
		amt, err := strconv.ParseFloat(rec[2], 64)
		if err != nil {
			continue
		}
		acct, _ := strconv.Atoi(rec[3])
		lines = append(lines, BankLine{Date: rec[0], Text: rec[1], Amount: amt, Account: acct})
	}
	added, err := a.Ledger.Import(ctx, lines)
	if err != nil {
		return 0, err
	}
	for _, b := range added {
		if err := a.Ledger.AddToBalance(ctx, b.Account, b.Amount); err != nil {
			return len(added), err
		}
	}
	return len(added), nil
}
