// Package hr keeps an employee directory: employees partitioned by
// department, and an index entity per email address in the same
// partition, written together.
package hr

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const table = "Employees"

// Employee is one employee.
type Employee struct {
	PartitionKey string
	RowKey       string
	Department   string
	Id           int
	FirstName    string
	LastName     string `json:"LastName"`
	Email        string
	Salary       float64
	Active       bool
	internal     string
}

// EmailIndex finds an employee by email address.
type EmailIndex struct {
	PartitionKey string
	RowKey       string
	EmployeeId   int `json:"EmployeeId"`
}

// Directory stores employees.
type Directory struct{ c *aztables.Client }

// Open creates the table and returns the directory.
func Open(ctx context.Context, svc *aztables.ServiceClient) (*Directory, error) {
	if _, err := svc.CreateTable(ctx, table, nil); err != nil {
		return nil, err
	}
	return &Directory{c: svc.NewClient(table)}, nil
}

// Hire adds an employee and its email index entity in one transaction.
func (d *Directory) Hire(ctx context.Context, dept string, id int, first, last, email string) error {
	e := Employee{
		PartitionKey: dept,
		RowKey:       fmt.Sprintf("empid_%06d", id),
		Department:   dept,
		Id:           id,
		FirstName:    first,
		LastName:     last,
		Email:        email,
		Active:       true,
	}
	ix := EmailIndex{PartitionKey: dept, RowKey: "email_" + email, EmployeeId: id}
	eb, err := json.Marshal(e)
	if err != nil {
		return err
	}
	ib, err := json.Marshal(ix)
	if err != nil {
		return err
	}
	actions := []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeAdd, Entity: eb},
		{ActionType: aztables.TransactionTypeAdd, Entity: ib},
	}
	_, err = d.c.SubmitTransaction(ctx, actions, nil)
	return err
}

// Raise updates an employee's salary.
func (d *Directory) Raise(ctx context.Context, dept string, id int, salary float64) error {
	e := Employee{PartitionKey: dept, RowKey: fmt.Sprintf("empid_%06d", id), Department: dept, Id: id, Salary: salary}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = d.c.UpsertEntity(ctx, b, nil)
	return err
}

// ByID reads one employee.
func (d *Directory) ByID(ctx context.Context, dept string, id int) (int, error) {
	f := fmt.Sprintf("PartitionKey eq '%s' and RowKey eq 'empid_%06d'", dept, id)
	p := d.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Top: to.Ptr(int32(1))})
	n := 0
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

// ByLastName lists a department's employees with a last name.
func (d *Directory) ByLastName(ctx context.Context, dept, last string) (int, error) {
	f := "PartitionKey eq '" + dept + "' and LastName eq '" + last + "'"
	sel := "FirstName,LastName,Email"
	p := d.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Select: &sel, Top: to.Ptr(int32(50))})
	n := 0
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}
