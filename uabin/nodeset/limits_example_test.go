package nodeset_test

import (
	"errors"
	"fmt"

	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/nodeset"
)

// A file nested deeper than the limit: the error says which limit, where
// and what, and is uabin.ErrLimitExceeded for errors.Is.
func ExampleParseOptions() {
	file := []byte(`<UANodeSet>
  <UAVariable NodeId="ns=1;i=7" BrowseName="1:Deep">
    <Value><a><b><c><d><e/></d></c></b></a></Value>
  </UAVariable>
</UANodeSet>`)
	_, err := nodeset.ParseOptions{MaxDepth: 6}.Parse("deep.xml", file)
	fmt.Println(err)
	var le *nodeset.LimitError
	if errors.As(err, &le) {
		fmt.Println(le.Limit, le.Max, le.Value, le.Line, le.Column, le.Offset, le.Path)
	}
	fmt.Println(errors.Is(err, uabin.ErrLimitExceeded))
	// Output:
	// nodeset: deep.xml: node ns=1;i=7 (1:Deep): UANodeSet/UAVariable/Value/a/b/c/d at line 3, column 21 (offset 85): limit exceeded: element at depth 7, above MaxDepth 6
	// MaxDepth 6 7 3 21 85 UANodeSet/UAVariable/Value/a/b/c/d
	// true
}
