package fundinga

import (
	"context"
	"errors"
	"fmt"
	"html"
	"log"
	"net/http"
	"os"
	"strconv"
	"strings"
)

// fallbackConnection is used when the environment has none; it is empty in
// the published code.
const fallbackConnection = ""

// Run is the tool's entry point: `funding <TICKER> <HOW-MANY>`.
func Run(args []string) error {
	if len(args) < 3 {
		return errors.New("usage: funding <TICKER> <HOW-MANY>")
	}
	ticker := args[1]
	keep, err := strconv.Atoi(args[2])
	if err != nil {
		return fmt.Errorf("how many: %w", err)
	}

	conn := os.Getenv("AZURE_STORAGE_CONNECTION_STRING")
	if conn == "" {
		log.Println("AZURE_STORAGE_CONNECTION_STRING is not set; using the built-in one")
		conn = fallbackConnection
	}
	svc, err := aztablesService(conn)
	if err != nil {
		return err
	}
	client := svc.NewClient(ratesTable) // S

	points, err := latestRates(context.Background(), client, ticker, keep)
	if err != nil {
		return err
	}

	const page = "funding.html"
	if err := writeChart(page, ticker, points); err != nil {
		return err
	}
	fmt.Println("chart written to", page)
	return serveOnce(page)
}

// writeChart draws the rates as an SVG polyline in a small HTML page.
func writeChart(path, ticker string, points []point) error {
	const width, height = 800.0, 300.0
	var b strings.Builder
	fmt.Fprintf(&b, "<html><body><h1>Funding rate of %s</h1>\n", html.EscapeString(ticker))
	if len(points) == 0 {
		b.WriteString("<p>no data</p></body></html>\n")
		return os.WriteFile(path, []byte(b.String()), 0o644)
	}
	lo, hi := points[0].Rate, points[0].Rate
	for _, p := range points {
		if p.Rate < lo {
			lo = p.Rate
		}
		if p.Rate > hi {
			hi = p.Rate
		}
	}
	span := hi - lo
	if span == 0 {
		span = 1
	}
	fmt.Fprintf(&b, "<svg width=\"%.0f\" height=\"%.0f\"><polyline fill=\"none\" stroke=\"black\" points=\"", width, height)
	for i, p := range points {
		x := width * float64(i) / float64(max(len(points)-1, 1))
		y := height - height*(p.Rate-lo)/span
		fmt.Fprintf(&b, "%.1f,%.1f ", x, y)
	}
	b.WriteString("\"/></svg>\n<ul>\n")
	for _, p := range points {
		fmt.Fprintf(&b, "<li>%s: %g</li>\n", html.EscapeString(p.At), p.Rate)
	}
	b.WriteString("</ul></body></html>\n")
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// serveOnce serves the page to the first request and then stops.
func serveOnce(path string) error {
	done := make(chan struct{}, 1)
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFile(w, r, path)
		select {
		case done <- struct{}{}:
		default:
		}
	})
	srv := &http.Server{Addr: ":8080", Handler: mux}
	errs := make(chan error, 1)
	go func() {
		log.Println("serving", path, "at http://localhost:8080")
		errs <- srv.ListenAndServe()
	}()
	select {
	case <-done:
		return srv.Shutdown(context.Background())
	case err := <-errs:
		return err
	}
}
