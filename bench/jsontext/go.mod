module github.com/uabin/uabin/bench/jsontext

go 1.26

require github.com/uabin/uabin v0.0.0

require (
	github.com/go-json-experiment/json v1.27.2
	github.com/modern-go/reflect2 v1.0.2 // indirect
)

replace github.com/uabin/uabin => ../..
