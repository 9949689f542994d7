package memscribe

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

const conformanceDir = "../../tests/conformance"

type vector struct {
	Name    string          `json:"name"`
	Input   string          `json:"input"`
	Options json.RawMessage `json:"options"`
}

func vectors(t *testing.T) []vector {
	raw, err := os.ReadFile(filepath.Join(conformanceDir, "vectors.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Vectors []vector `json:"vectors"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Vectors) < 10 {
		t.Fatalf("only %d vectors", len(m.Vectors))
	}
	return m.Vectors
}

func load(t *testing.T, v vector) (input, expected []byte) {
	input, err := os.ReadFile(filepath.Join(conformanceDir, v.Input))
	if err != nil {
		t.Fatal(err)
	}
	expected, err = os.ReadFile(filepath.Join(conformanceDir, v.Name+".expected.ndjson"))
	if err != nil {
		t.Fatal(err)
	}
	return input, expected
}

func streamed(t *testing.T, input []byte, options string, step int) []byte {
	s, err := NewSession(options)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var all bytes.Buffer
	for off := 0; off < len(input); off += step {
		end := off + step
		if end > len(input) {
			end = len(input)
		}
		out, err := s.Feed(input[off:end])
		if err != nil {
			t.Fatal(err)
		}
		all.Write(out)
	}
	out, err := s.Finish()
	if err != nil {
		t.Fatal(err)
	}
	all.Write(out)
	return all.Bytes()
}

func TestConformanceOneShot(t *testing.T) {
	for _, v := range vectors(t) {
		input, expected := load(t, v)
		got, err := Parse(input, string(v.Options))
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		if !bytes.Equal(got, expected) {
			t.Errorf("%s: output differs from the vector", v.Name)
		}
	}
}

func TestConformanceByteByByte(t *testing.T) {
	for _, v := range vectors(t) {
		input, expected := load(t, v)
		if got := streamed(t, input, string(v.Options), 1); !bytes.Equal(got, expected) {
			t.Errorf("%s: byte-by-byte output differs", v.Name)
		}
		if got := streamed(t, input, string(v.Options), 1021); !bytes.Equal(got, expected) {
			t.Errorf("%s: chunked output differs", v.Name)
		}
	}
}

func TestErrors(t *testing.T) {
	line := []byte(`{"type":"user","sessionId":"s","uuid":"u","message":{"role":"user","content":"hi"}}` + "\n")
	cases := []struct {
		name    string
		data    []byte
		options string
		status  uint32
	}{
		{"bad json", line, "{", StatusInvalidOptions},
		{"unknown key", line, `{"sauce":1}`, StatusInvalidOptions},
		{"undetectable", []byte("hello\nworld\n"), "", StatusUnknownSource},
		{"unsupported", line, `{"source":"windsurf"}`, StatusUnsupportedSource},
	}
	for _, c := range cases {
		_, err := Parse(c.data, c.options)
		var e *Error
		if !errors.As(err, &e) || e.Status != c.status || e.Message == "" {
			t.Errorf("%s: got %v, want status %d", c.name, err, c.status)
		}
	}
	if out, err := Parse(nil, `{"source":"codex"}`); err != nil || len(out) != 0 {
		t.Errorf("empty input: %q %v", out, err)
	}
	if src, err := Detect(line); err != nil || src != "claude_code" {
		t.Errorf("detect: %q %v", src, err)
	}
	if _, err := Detect([]byte("plain")); err == nil {
		t.Error("detect of plain text should fail")
	}
	s, err := NewSession(`{"source":"claude_code"}`)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	var e *Error
	if _, err := s.Feed(line); !errors.As(err, &e) || e.Status != StatusInvalidArgument {
		t.Errorf("feed after finish: %v", err)
	}
	s.Close()
	s.Close()
	if _, err := s.Feed(line); err != ErrClosed {
		t.Errorf("feed after close: %v", err)
	}
	if _, err := NewSession(`{"output":"all"}`); err == nil {
		t.Error("bad options accepted")
	}
	if !strings.HasPrefix(Version(), "0.") {
		t.Errorf("version %q", Version())
	}
}

func TestSessionsOnGoroutines(t *testing.T) {
	v := vectors(t)[0]
	input, expected := load(t, v)
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.Gosched()
			got, err := Parse(input, string(v.Options))
			if err != nil || !bytes.Equal(got, expected) {
				errs <- "parallel parse differs"
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// Sessions dropped without Close are released by their finalizer: the count
// of live native sessions returns to where it was.
func TestFinalizerReleasesSessions(t *testing.T) {
	before := liveSessions.Load()
	for i := 0; i < 1000; i++ {
		if _, err := NewSession(`{"source":"codex"}`); err != nil {
			t.Fatal(err)
		}
	}
	if got := liveSessions.Load() - before; got != 1000 {
		t.Fatalf("%d live sessions after creating 1000", got)
	}
	deadline := time.Now().Add(10 * time.Second)
	for liveSessions.Load() > before && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if left := liveSessions.Load() - before; left != 0 {
		t.Fatalf("%d of 1000 dropped sessions were never released", left)
	}
}

func TestReports(t *testing.T) {
	garbage := []byte("\xff\xfe\n{[[[[\n\x00")
	out, r, err := ParseWithReport(garbage, `{"source":"claude_code","output":"events"}`)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 0 || r.Summary.Records != 3 || r.Summary.Source == nil || *r.Summary.Source != "claude_code" {
		t.Fatalf("out %q, summary %+v", out, r.Summary)
	}
	var kinds []string
	for _, d := range r.Diagnostics {
		kinds = append(kinds, d.Diagnostic)
	}
	// Line 1's bad bytes, read as U+FFFD, leave no JSON: two notes on it.
	if fmt.Sprint(kinds) != "[invalid_utf8 not_json not_json truncated source_mismatch]" || r.Diagnostics[2].LineNo != 2 {
		t.Fatalf("diagnostics %+v", r.Diagnostics)
	}
	s, err := NewSession(`{"source":"claude_code","output":"events"}`)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Feed(garbage); err != nil {
		t.Fatal(err)
	}
	fed, err := s.Report()
	if err != nil || fed.Summary.Records != 2 || len(fed.Diagnostics) != 3 {
		t.Fatalf("after feed: %+v %v", fed, err)
	}
	if _, err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	end, err := s.Report()
	if err != nil || end.Summary.Records != 3 || end.Summary.Diagnostics["truncated"] != 1 {
		t.Fatalf("after finish: %+v %v", end, err)
	}
}

func TestRedactReplacesOnlySecrets(t *testing.T) {
	in := []byte("{\"type\":\"user\",\"message\":{\"content\":\"caf\\u00e9 ghp_Zr8kT2mQ9vLx4NcB7wHs1YpE6uDa3FgJ0iKo\"}}\n")
	r, err := Redact(in, "")
	if err != nil {
		t.Fatal(err)
	}
	want := "{\"type\":\"user\",\"message\":{\"content\":\"caf\\u00e9 [REDACTED:github_token]\"}}\n"
	if string(r.Output) != want {
		t.Fatalf("got %s", r.Output)
	}
	if len(r.Replacements) != 1 || r.Replacements[0].Rule != "github_token" || r.Replacements[0].LineNo != 1 || r.Replacements[0].Len != 40 {
		t.Fatalf("report %+v", r.Replacements)
	}
	if _, err := Redact(in, `["codex"]`); err == nil {
		t.Fatal("array options accepted")
	}
}

func TestExportAtifAndOtel(t *testing.T) {
	in := []byte("{\"type\":\"user\",\"sessionId\":\"s1\",\"uuid\":\"u1\",\"parentUuid\":null,\"message\":{\"role\":\"user\",\"content\":\"Use SQLite. ghp_Zr8kT2mQ9vLx4NcB7wHs1YpE6uDa3FgJ0iKo\"}}\n")
	x, err := Export(in, "", "atif")
	if err != nil {
		t.Fatal(err)
	}
	if len(x.Documents) != 1 || !strings.Contains(string(x.Documents[0]), `"schema_version":"ATIF-v1.4"`) || strings.Contains(string(x.Documents[0]), "ghp_") {
		t.Fatalf("atif %s", x.Documents)
	}
	if x.Manifest["redacted"] != true || x.Manifest["format"] != "atif" {
		t.Fatalf("manifest %v", x.Manifest)
	}
	o, err := Export(in, `{"redact":false}`, "otel")
	if err != nil || !strings.Contains(string(o.Documents[0]), `"resourceSpans"`) || !strings.Contains(string(o.Documents[0]), "ghp_") {
		t.Fatalf("otel %v %v", o, err)
	}
	if _, err := Export(in, "", "csv"); err == nil {
		t.Fatal("unknown format accepted")
	}
}
