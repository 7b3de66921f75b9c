module github.com/uabin/uabin/pubsub/mqtt

go 1.24.0

replace github.com/uabin/uabin => ../..

require (
	github.com/eclipse/paho.mqtt.golang v1.5.1
	github.com/uabin/uabin v0.0.0
)

require (
	github.com/gorilla/websocket v1.5.3 // indirect
	github.com/modern-go/reflect2 v1.0.2 // indirect
	golang.org/x/net v0.44.0 // indirect
	golang.org/x/sync v0.17.0 // indirect
)
