// Package manycallers: twenty calls give a query helper its filter, the
// last one without a PartitionKey: every call is checked, however many.
package manycallers

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type depot struct{ tc *aztables.Client }

// drain runs the filter it is given; twenty calls of the package give it
// one, more than a value's variant bound.
func (d *depot) drain(ctx context.Context, f string) int {
	p := d.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	n := 0
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n
		}
		n += len(page.Entities)
	}
	return n
}

func (d *depot) Bay00(ctx context.Context) int { return d.drain(ctx, "PartitionKey eq 'bay-00'") }
func (d *depot) Bay01(ctx context.Context) int { return d.drain(ctx, "PartitionKey eq 'bay-01'") }
func (d *depot) Bay02(ctx context.Context) int { return d.drain(ctx, "PartitionKey eq 'bay-02'") }
func (d *depot) Bay03(ctx context.Context) int { return d.drain(ctx, "PartitionKey eq 'bay-03'") }
func (d *depot) Bay04(ctx context.Context) int { return d.drain(ctx, "PartitionKey eq 'bay-04'") }
func (d *depot) Bay05(ctx context.Context) int { return d.drain(ctx, "PartitionKey eq 'bay-05'") }
func (d *depot) Bay06(ctx context.Context) int { return d.drain(ctx, "PartitionKey eq 'bay-06'") }
func (d *depot) Bay07(ctx context.Context) int { return d.drain(ctx, "PartitionKey eq 'bay-07'") }
func (d *depot) Bay08(ctx context.Context) int { return d.drain(ctx, "PartitionKey eq 'bay-08'") }
func (d *depot) Bay09(ctx context.Context) int { return d.drain(ctx, "PartitionKey eq 'bay-09'") }
func (d *depot) Bay10(ctx context.Context) int { return d.drain(ctx, "PartitionKey eq 'bay-10'") }
func (d *depot) Bay11(ctx context.Context) int { return d.drain(ctx, "PartitionKey eq 'bay-11'") }
func (d *depot) Bay12(ctx context.Context) int { return d.drain(ctx, "PartitionKey eq 'bay-12'") }
func (d *depot) Bay13(ctx context.Context) int { return d.drain(ctx, "PartitionKey eq 'bay-13'") }
func (d *depot) Bay14(ctx context.Context) int { return d.drain(ctx, "PartitionKey eq 'bay-14'") }
func (d *depot) Bay15(ctx context.Context) int { return d.drain(ctx, "PartitionKey eq 'bay-15'") }
func (d *depot) Bay16(ctx context.Context) int { return d.drain(ctx, "PartitionKey eq 'bay-16'") }
func (d *depot) Bay17(ctx context.Context) int { return d.drain(ctx, "PartitionKey eq 'bay-17'") }
func (d *depot) Bay18(ctx context.Context) int { return d.drain(ctx, "PartitionKey eq 'bay-18'") }
func (d *depot) Lost(ctx context.Context) int  { return d.drain(ctx, "RowKey eq 'lost'") } // want `TL301: query via depot.drain at manycallers.go:\d+ scans the whole table`
