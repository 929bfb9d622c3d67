package drift

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Employee struct {
	PartitionKey string
	RowKey       string
	Department   string
	EmployeeId   int32
	LastName     string
}

type Archived struct {
	PartitionKey string
	RowKey       string
	LastName     string
}

type store struct {
	emp     *aztables.Client
	archive *aztables.Client
}

func open(svc *aztables.ServiceClient) *store {
	return &store{emp: svc.NewClient("Employees"), archive: svc.NewClient("Archive")}
}

// save writes what the design declares: silent.
func (s *store) save(ctx context.Context, dept string, id int32, last string) {
	e := map[string]any{"PartitionKey": dept, "RowKey": fmt.Sprintf("empid_%06d", id), "Department": dept, "EmployeeId": id, "LastName": last}
	b, _ := json.Marshal(e)
	s.emp.AddEntity(ctx, b, nil)
}

// dash uses another separator.
func (s *store) dash(ctx context.Context, dept string, id int32, last string) {
	e := Employee{PartitionKey: dept, RowKey: fmt.Sprintf("empid-%06d", id), Department: dept, EmployeeId: id, LastName: last} // want `TL520: RowKey: literal text "empid-"`
	b, _ := json.Marshal(e)
	s.emp.AddEntity(ctx, b, nil)
}

// narrow pads to another width.
func (s *store) narrow(ctx context.Context, dept string, id int32) {
	e := map[string]any{"PartitionKey": dept, "RowKey": fmt.Sprintf("empid_%04d", id), "Department": dept, "EmployeeId": id} // want `TL520: .*formatted with %04d where the template has \{EmployeeId:%06d\}`
	b, _ := json.Marshal(e)
	s.emp.UpsertEntity(ctx, b, nil)
}

// hired writes a time.Time without annotation: stored as a String.
func (s *store) hired(ctx context.Context, dept string, id int32, when time.Time) {
	e := map[string]any{"PartitionKey": dept, "RowKey": fmt.Sprintf("empid_%06d", id), "EmployeeId": id, "Hired": when} // want `TL520: UpsertEntity writes property Hired of StoreHired as String where the design declares DateTime`
	b, _ := json.Marshal(e)
	s.emp.UpsertEntity(ctx, b, nil)
}

// hiredAnnotated says it is a DateTime: silent.
func (s *store) hiredAnnotated(ctx context.Context, dept string, id int32, when time.Time) {
	e := map[string]any{"PartitionKey": dept, "RowKey": fmt.Sprintf("empid_%06d", id), "EmployeeId": id, "Hired": when, "Hired@odata.type": "Edm.DateTime"}
	b, _ := json.Marshal(e)
	s.emp.UpsertEntity(ctx, b, nil)
}

// archive writes to a table the design does not list.
func (s *store) archiveOne(ctx context.Context, dept, last string) {
	b, _ := json.Marshal(Archived{PartitionKey: dept, RowKey: last, LastName: last})
	s.archive.AddEntity(ctx, b, nil) // want `TL520: AddEntity writes Archived to table Archive, which the design does not list$`
}

func (s *store) list(ctx context.Context, f string) int {
	p := s.emp.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	n := 0
	for p.More() {
		page, _ := p.NextPage(ctx)
		n += len(page.Entities)
	}
	return n
}

// byID is declared (conditions in another order): silent.
func (s *store) byID(ctx context.Context, dept string, id int32) int {
	f := fmt.Sprintf("RowKey eq 'empid_%06d' and PartitionKey eq '%s'", id, dept)
	p := s.emp.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	n := 0
	for p.More() {
		page, _ := p.NextPage(ctx)
		n += len(page.Entities)
	}
	return n
}

// byEmail is not declared.
func (s *store) byEmail(ctx context.Context, email string) int {
	f := "Email eq '" + email + "'"
	p := s.emp.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // want `TL519: store.byEmail runs "Email eq '\{Email\}'": no query of the design in table Employees has its shape`
	n := 0
	for p.More() {
		page, _ := p.NextPage(ctx)
		n += len(page.Entities)
	}
	return n
}

// sales runs a declared query with constant values: silent.
func (s *store) sales(ctx context.Context) int {
	f := "PartitionKey eq 'Sales' and LastName eq 'Jones'"
	p := s.emp.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	n := 0
	for p.More() {
		page, _ := p.NextPage(ctx)
		n += len(page.Entities)
	}
	return n
}

// yearly keys by the time where the design keys by department.
func (s *store) yearly(ctx context.Context, dept string, id int32) {
	e := map[string]any{"PartitionKey": time.Now().Format("2006"), "RowKey": fmt.Sprintf("empid_%06d", id), "Department": dept} // want `TL520: .*PartitionKey: \{now:2006\} is a time where the template has \{Department\}, no time`
	b, _ := json.Marshal(e)
	s.emp.UpsertEntity(ctx, b, nil)
}
