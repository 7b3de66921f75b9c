//go:build !unix

package nodeset_test

import "time"

// cpuTime is 0 where the process's CPU time is not read: the cpu-ns/byte
// metric of BenchmarkValues is then 0.
func cpuTime() time.Duration { return 0 }
