package surfgearb

import (
	"encoding/json"
	"net/http"
	"regexp"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

// newProduct is the JSON body of a product submission.
type newProduct struct {
	Category string  `json:"category"`
	Title    string  `json:"title"`
	Stock    int32   `json:"stock"`
	Amount   float32 `json:"amount"`
}

var categoryShape = regexp.MustCompile(`^gear-[a-z]+-[a-z]+$`)

// ServeAdd answers POST /products: the category of the body is the
// PartitionKey as sent.
func (c *Catalogue) ServeAdd(w http.ResponseWriter, r *http.Request) {
	var in newProduct
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4096)).Decode(&in); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if in.Category == "" {
		http.Error(w, "category missing", http.StatusBadRequest)
		return
	}
	p := Product{
		Entity: aztables.Entity{
			PartitionKey: in.Category,      // L: TL201
			RowKey:       uuid.NewString(), // S
		},
		Title:  in.Title,
		Stock:  int(in.Stock),
		Amount: in.Amount,
	}
	doc, err := json.Marshal(p)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if _, err := c.products.AddEntity(r.Context(), doc, nil); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// ServeAddChecked is ServeAdd with the category matched against the
// catalogue's naming pattern first.
func (c *Catalogue) ServeAddChecked(w http.ResponseWriter, r *http.Request) {
	var in newProduct
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4096)).Decode(&in); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if !categoryShape.MatchString(in.Category) {
		http.Error(w, "bad category", http.StatusBadRequest)
		return
	}
	p := Product{
		Entity: aztables.Entity{
			PartitionKey: in.Category,      // S
			RowKey:       uuid.NewString(), // S
		},
		Title:  in.Title,
		Stock:  int(in.Stock),
		Amount: in.Amount,
	}
	doc, err := json.Marshal(p)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if _, err := c.products.AddEntity(r.Context(), doc, nil); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusCreated)
}
