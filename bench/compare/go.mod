module github.com/uabin/uabin/bench/compare

go 1.24.0

require (
	github.com/google/go-cmp v0.7.0
	github.com/gopcua/opcua v0.8.0
	github.com/modern-go/reflect2 v1.0.2
	github.com/uabin/uabin v0.0.0
	golang.org/x/crypto v0.48.0
)

require (
	github.com/cloudflare/circl v1.6.4 // indirect
	golang.org/x/sys v0.41.0 // indirect
)

replace github.com/uabin/uabin => ../..
