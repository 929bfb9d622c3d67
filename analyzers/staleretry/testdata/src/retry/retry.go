// Package retry is a generic retry helper, as many projects have one.
package retry

// Do runs op up to attempts times, until it succeeds.
func Do(attempts int, op func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(); err == nil {
			return nil
		}
	}
	return err
}

// DoIf runs op up to attempts times while retryable says its error is
// worth retrying.
func DoIf(attempts int, op func() error, retryable func(error) bool) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(); err == nil || !retryable(err) {
			return err
		}
	}
	return err
}
