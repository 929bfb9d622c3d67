// Package prefixsweepd recreates the clean-up step of a live test harness for
// a tunnel that runs over Azure Storage: the account comes from a JSON
// configuration file, every resource of one run shares a random prefix that
// is checked before use, the tables of the run are found by a range filter on
// TableName, deleted one by one, and listed again to prove none is left.
package prefixsweepd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// endpointConf is one listener of the harness's configuration file.
type endpointConf struct {
	Driver  string `json:"driver"`
	Address string `json:"address"`
	Account string `json:"storage_account"`
	Secret  string `json:"storage_account_key"`
}

var hostSuffix = map[string]string{
	"azblob":  ".blob.core.windows.net",
	"azqueue": ".queue.core.windows.net",
	"aztable": ".table.core.windows.net",
}

// findAccount picks the configured HTTPS endpoint of the driver, with the
// path, query and user stripped from its URL.
func findAccount(confPath, driver string) (endpointConf, *url.URL, error) {
	raw, err := os.ReadFile(confPath)
	if err != nil {
		return endpointConf{}, nil, err
	}
	var conf struct {
		Listeners []endpointConf `json:"listeners"`
	}
	if err := json.Unmarshal(raw, &conf); err != nil {
		return endpointConf{}, nil, err
	}
	suffix := hostSuffix[driver]
	for _, l := range conf.Listeners {
		u, err := url.Parse(l.Address)
		if err != nil || l.Driver != driver || suffix == "" || u.Scheme != "https" {
			continue
		}
		if !strings.HasSuffix(u.Hostname(), suffix) || l.Account == "" || l.Secret == "" {
			continue
		}
		u.Path, u.RawQuery, u.Fragment, u.User = "", "", "", nil
		return l, u, nil
	}
	return endpointConf{}, nil, errors.New("no matching account in the configuration")
}

// checkRunPrefix accepts only the harness's own prefixes: "pb" and 22 hex
// digits.
func checkRunPrefix(p string) error {
	if len(p) != 24 || !strings.HasPrefix(p, "pb") || strings.Trim(p[2:], "0123456789abcdef") != "" {
		return fmt.Errorf("invalid run prefix %q", p)
	}
	return nil
}

// sweeper lists and removes one driver's resources; only tables here.
type sweeper struct {
	list   func() ([]string, error)
	remove func(name string) error
}

func tableSweeper(ctx context.Context, acct endpointConf, u *url.URL, prefix string) (sweeper, error) {
	cred, err := aztables.NewSharedKeyCredential(acct.Account, acct.Secret) // S
	if err != nil {
		return sweeper{}, err
	}
	svc, err := aztables.NewServiceClientWithSharedKey(u.String(), cred, nil)
	if err != nil {
		return sweeper{}, err
	}
	return sweeper{
		list: func() ([]string, error) {
			var names []string
			window := "TableName ge '" + prefix + "' and TableName lt '" + prefix + "z'"  // L: TL321
			pager := svc.NewListTablesPager(&aztables.ListTablesOptions{Filter: &window}) // S
			for pager.More() {
				page, err := pager.NextPage(ctx) // S
				if err != nil {
					return nil, err
				}
				for _, t := range page.Tables {
					names = append(names, *t.Name)
				}
			}
			return names, nil
		},
		remove: func(name string) error {
			_, err := svc.NewClient(name).Delete(ctx, nil)
			return err
		},
	}, nil
}

// Sweep removes what one run left behind and fails when anything remains.
func Sweep(ctx context.Context, confPath, driver string) error {
	prefix := os.Getenv("LIVE_PREFIX")
	if err := checkRunPrefix(prefix); err != nil {
		return err
	}
	acct, u, err := findAccount(confPath, driver)
	if err != nil {
		return err
	}
	if driver != "aztable" {
		return fmt.Errorf("driver %q is swept elsewhere", driver)
	}
	s, err := tableSweeper(ctx, acct, u, prefix)
	if err != nil {
		return err
	}
	left, err := s.list()
	if err != nil {
		return err
	}
	fmt.Printf("CLEANUP driver=%s prefix=%s residual_before=%d\n", driver, prefix, len(left))
	for _, name := range left {
		if !strings.HasPrefix(name, prefix) {
			return fmt.Errorf("refusing to delete %q", name)
		}
		if err := s.remove(name); err != nil {
			return err
		}
	}
	again, err := s.list()
	if err != nil {
		return err
	}
	if len(again) != 0 {
		return errors.New("tables of the run remain")
	}
	if len(left) > 0 {
		return errors.New("the run's own close left tables; the sweep removed them")
	}
	return nil
}
