module github.com/uabin/uabin/pubsub/mqtt

go 1.24.0

replace github.com/uabin/uabin => ../..

require (
	github.com/eclipse/paho.mqtt.golang v1.5.1
	github.com/stretchr/testify v1.11.1
	github.com/uabin/uabin v0.0.0
)

require (
	github.com/davecgh/go-spew v1.1.1 // indirect
	github.com/gorilla/websocket v1.5.3 // indirect
	github.com/modern-go/reflect2 v1.0.2 // indirect
	github.com/pmezard/go-difflib v1.0.0 // indirect
	golang.org/x/net v0.44.0 // indirect
	golang.org/x/sync v0.17.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)
