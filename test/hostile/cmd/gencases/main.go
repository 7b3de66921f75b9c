// Command gencases writes the hostile-input cases and the seed corpora of
// the fuzz targets in test/hostile/testdata (see package cases). Run it
// with go generate in test/hostile, or directly:
//
//	go run ./test/hostile/cmd/gencases -dir test/hostile/testdata
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/uabin/uabin/test/hostile/cases"
)

func main() {
	dir := flag.String("dir", "testdata", "the testdata directory to write")
	flag.Parse()
	if err := cases.Write(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "gencases:", err)
		os.Exit(1)
	}
}
