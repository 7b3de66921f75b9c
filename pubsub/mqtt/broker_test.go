package mqtt

// The broker tests start mosquitto processes of their own on 127.0.0.1 with
// a configuration generated here (plain, TLS with certificates made here,
// user names and passwords made with mosquitto_passwd), and stop them at the
// end. They need the mosquitto binary in UABIN_MOSQUITTO; without it they
// skip. `bash pubsub/mqtt/run.sh` installs mosquitto when it is missing and
// runs them.

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

const runCommand = "bash pubsub/mqtt/run.sh"

// mosquittoBin returns the broker binary, or skips the test.
func mosquittoBin(t testing.TB) string {
	t.Helper()
	p := os.Getenv("UABIN_MOSQUITTO")
	if p == "" {
		t.Skipf("needs mosquitto in UABIN_MOSQUITTO: run `%s` from the repository root", runCommand)
	}
	return p
}

// brokerConfig is what a test broker is started with.
type brokerConfig struct {
	// ClientCerts makes the TLS listener require a client certificate
	// signed by the TLS CA.
	ClientCerts bool
	// Users, if not empty, turns anonymous access off and writes a
	// password file with mosquitto_passwd.
	Users map[string]string
	// TLS adds a TLS listener (tlsPort) with the server certificate.
	TLS *testPKI
	// Persistence saves the sessions and their queued messages on
	// shutdown and loads them on start.
	Persistence bool
	// ACL, if not "", is written as the acl_file (mosquitto's access
	// control: which user may read or write which topics).
	ACL string
	// SaveEveryChange saves the persistence file after every change
	// (autosave_on_changes), so that a broker killed with SIGKILL loses
	// nothing it acknowledged.
	SaveEveryChange bool
	// MaxQueued is max_queued_messages (per client); 0 means 100,000.
	MaxQueued int
}

type broker struct {
	t       testing.TB
	bin     string
	dir     string
	conf    string
	port    int
	tlsPort int

	mu  sync.Mutex
	cmd *exec.Cmd
	log *os.File
}

// startBroker writes the configuration and starts mosquitto; it is stopped
// when the test ends.
func startBroker(t testing.TB, c brokerConfig) *broker {
	t.Helper()
	b := &broker{t: t, bin: mosquittoBin(t), dir: t.TempDir()}
	b.port = freePort(t)
	var conf strings.Builder
	if u, err := user.Current(); err == nil {
		// mosquitto started as root switches to the user "mosquitto",
		// who could not read the files of this test: stay who we are
		fmt.Fprintf(&conf, "user %s\n", u.Username)
	}
	fmt.Fprintf(&conf, "listener %d 127.0.0.1\n", b.port)
	if c.TLS != nil {
		b.tlsPort = freePort(t)
		fmt.Fprintf(&conf, "listener %d 127.0.0.1\ncafile %s\ncertfile %s\nkeyfile %s\nrequire_certificate %t\n",
			b.tlsPort, c.TLS.caFile, c.TLS.certFile, c.TLS.keyFile, c.ClientCerts)
	}
	if len(c.Users) > 0 {
		pw := filepath.Join(b.dir, "passwords")
		tool := passwdTool(t)
		for name, pass := range c.Users {
			args := []string{"-b", pw, name, pass}
			if _, err := os.Stat(pw); err != nil {
				args = append([]string{"-c"}, args...)
			}
			if out, err := exec.Command(tool, args...).CombinedOutput(); err != nil {
				t.Fatalf("mosquitto_passwd: %v: %s", err, out)
			}
		}
		fmt.Fprintf(&conf, "allow_anonymous false\npassword_file %s\n", pw)
	} else {
		conf.WriteString("allow_anonymous true\n")
	}
	if c.ACL != "" {
		acl := filepath.Join(b.dir, "acl")
		if err := os.WriteFile(acl, []byte(c.ACL), 0o600); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&conf, "acl_file %s\n", acl)
	}
	if c.Persistence {
		dir := b.dir
		if c.SaveEveryChange {
			// a save per change is a file written per message: on
			// tmpfs when there is one (the file outlives the killed
			// broker all the same), so the test measures the broker
			// and not the machine's disk
			if shm, err := os.MkdirTemp("/dev/shm", "uabin-mosquitto-"); err == nil {
				dir = shm
				t.Cleanup(func() { os.RemoveAll(shm) })
			}
		}
		fmt.Fprintf(&conf, "persistence true\npersistence_location %s/\n", dir)
		if c.SaveEveryChange {
			conf.WriteString("autosave_on_changes true\nautosave_interval 1\n")
		} else {
			conf.WriteString("autosave_interval 0\n")
		}
	}
	maxQueued := c.MaxQueued
	if maxQueued == 0 {
		maxQueued = 100000
	}
	fmt.Fprintf(&conf, "max_queued_messages %d\nmax_inflight_messages 100\n", maxQueued)
	fmt.Fprintf(&conf, "log_dest file %s\nlog_type error\nlog_type warning\nlog_type notice\n", filepath.Join(b.dir, "mosquitto.log"))
	b.conf = filepath.Join(b.dir, "mosquitto.conf")
	if err := os.WriteFile(b.conf, []byte(conf.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	b.start()
	t.Cleanup(func() { b.stop(syscall.SIGTERM) })
	return b
}

// passwdTool finds mosquitto_passwd beside the broker or on PATH.
func passwdTool(t testing.TB) string {
	if p := os.Getenv("UABIN_MOSQUITTO_PASSWD"); p != "" {
		return p
	}
	if p, err := exec.LookPath("mosquitto_passwd"); err == nil {
		return p
	}
	t.Skipf("needs mosquitto_passwd (UABIN_MOSQUITTO_PASSWD or PATH): run `%s`", runCommand)
	return ""
}

func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// start starts mosquitto and waits until it accepts connections.
func (b *broker) start() {
	b.t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	cmd := exec.Command(b.bin, "-c", b.conf)
	out, err := os.Create(filepath.Join(b.dir, "stdout.log"))
	if err != nil {
		b.t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		b.t.Fatalf("starting mosquitto: %v", err)
	}
	b.cmd, b.log = cmd, out
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", b.addr(), 200*time.Millisecond)
		if err == nil {
			c.Close()
			return
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			b.t.Fatalf("mosquitto did not listen on %s: %v\n%s", b.addr(), err, b.logs())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// stop ends mosquitto with sig (SIGTERM: it saves its persistence file
// first; SIGKILL: it does not) and waits for it.
func (b *broker) stop(sig syscall.Signal) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.cmd == nil {
		return
	}
	b.cmd.Process.Signal(sig)
	done := make(chan struct{})
	go func() { b.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		b.cmd.Process.Kill()
		<-done
	}
	b.log.Close()
	b.cmd = nil
}

func (b *broker) addr() string { return fmt.Sprintf("127.0.0.1:%d", b.port) }
func (b *broker) url() string  { return "tcp://" + b.addr() }
func (b *broker) tlsURL() string {
	return fmt.Sprintf("ssl://127.0.0.1:%d", b.tlsPort)
}

func (b *broker) logs() string {
	var sb strings.Builder
	for _, f := range []string{"stdout.log", "mosquitto.log"} {
		data, _ := os.ReadFile(filepath.Join(b.dir, f))
		sb.Write(data)
	}
	return sb.String()
}

// testPKI is a CA, a server certificate for 127.0.0.1 and a client
// certificate, made for one test.
type testPKI struct {
	pool                      *x509.CertPool
	caFile, certFile, keyFile string
	client                    tls.Certificate
}

// newPKI makes a CA and a server and a client certificate signed by it
// (ECDSA P-256); the CA and the server's are written as PEM files into dir.
func newPKI(t testing.TB, dir, name string) *testPKI {
	t.Helper()
	now := time.Now()
	caTmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: name + " CA"},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(24 * time.Hour),
		IsCA:                  true,
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
		BasicConstraintsValid: true,
	}
	caDER, caKey := issue(t, caTmpl, nil, nil)
	caCert, _ := x509.ParseCertificate(caDER)
	srvDER, srvKey := issue(t, &x509.Certificate{
		SerialNumber: big.NewInt(2),
		Subject:      pkix.Name{CommonName: "127.0.0.1"},
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.Add(24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
	}, caCert, caKey)
	cliDER, cliKey := issue(t, &x509.Certificate{
		SerialNumber: big.NewInt(3),
		Subject:      pkix.Name{CommonName: "pump-7"},
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.Add(24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth},
	}, caCert, caKey)
	keyDER, err := x509.MarshalECPrivateKey(srvKey)
	if err != nil {
		t.Fatal(err)
	}
	p := &testPKI{pool: x509.NewCertPool(),
		caFile:   filepath.Join(dir, name+"-ca.pem"),
		certFile: filepath.Join(dir, name+"-server.pem"),
		keyFile:  filepath.Join(dir, name+"-server.key"),
		client:   tls.Certificate{Certificate: [][]byte{cliDER}, PrivateKey: cliKey}}
	p.pool.AddCert(caCert)
	writePEM(t, p.caFile, "CERTIFICATE", caDER)
	writePEM(t, p.certFile, "CERTIFICATE", srvDER)
	writePEM(t, p.keyFile, "EC PRIVATE KEY", keyDER)
	return p
}

// issue makes a key and a certificate of tmpl signed by parent's key (self
// signed when parent is nil).
func issue(t testing.TB, tmpl, parent *x509.Certificate, parentKey *ecdsa.PrivateKey) ([]byte, *ecdsa.PrivateKey) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	if parent == nil {
		parent, parentKey = tmpl, key
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, &key.PublicKey, parentKey)
	if err != nil {
		t.Fatal(err)
	}
	return der, key
}

func writePEM(t testing.TB, path, kind string, der []byte) {
	t.Helper()
	if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
}

// proxy forwards TCP connections to a broker and can cut them all at once,
// as a network failure does (the broker then sees a connection lost without
// DISCONNECT).
type proxy struct {
	l     net.Listener
	to    string
	mu    sync.Mutex
	conns []net.Conn
}

func startProxy(t testing.TB, to string) *proxy {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{l: l, to: to}
	go p.serve()
	t.Cleanup(func() { l.Close(); p.cut() })
	return p
}

func (p *proxy) url() string { return "tcp://" + p.l.Addr().String() }

func (p *proxy) serve() {
	for {
		c, err := p.l.Accept()
		if err != nil {
			return
		}
		u, err := net.Dial("tcp", p.to)
		if err != nil {
			c.Close()
			continue
		}
		p.mu.Lock()
		p.conns = append(p.conns, c, u)
		p.mu.Unlock()
		go func() { io.Copy(u, c); u.Close() }()
		go func() { io.Copy(c, u); c.Close() }()
	}
}

// cut closes every proxied connection.
func (p *proxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}
