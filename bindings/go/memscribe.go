// Package memscribe is a cgo binding of libmemscribe: deterministic parsing of
// AI coding-agent transcripts into CaptureEvents and PreparedNodes (NDJSON).
//
// Build against the shared library (default) or, with `-tags memscribe_static`,
// the static one. Both expect the repository layout (include/ and
// target/release/); set CGO_CFLAGS / CGO_LDFLAGS, or use pkg-config, for an
// installed library.
package memscribe

/*
#include <stdlib.h>
#include <string.h>
#include "memscribe.h"
*/
import "C"

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"sync/atomic"
	"unsafe"
)

// Status codes, as in memscribe.h.
const (
	StatusOK                = uint32(C.MEMSCRIBE_OK)
	StatusInvalidArgument   = uint32(C.MEMSCRIBE_INVALID_ARGUMENT)
	StatusInvalidOptions    = uint32(C.MEMSCRIBE_INVALID_OPTIONS)
	StatusUnknownSource     = uint32(C.MEMSCRIBE_UNKNOWN_SOURCE)
	StatusUnsupportedSource = uint32(C.MEMSCRIBE_UNSUPPORTED_SOURCE)
	StatusLimitExceeded     = uint32(C.MEMSCRIBE_LIMIT_EXCEEDED)
	StatusInternal          = uint32(C.MEMSCRIBE_INTERNAL)
)

// Error is a failed call: the library's status code and message.
type Error struct {
	Status  uint32
	Message string
}

func (e *Error) Error() string { return fmt.Sprintf("memscribe: %s (status %d)", e.Message, e.Status) }

// ErrClosed is returned when a closed Session is used.
var ErrClosed = errors.New("memscribe: session is closed")

// Version is the library version.
func Version() string { return C.GoString(C.memscribe_version()) }

func takeError(status C.uint32_t, err *C.memscribe_error) error {
	if status == C.MEMSCRIBE_OK {
		return nil
	}
	e := &Error{Status: uint32(status), Message: "unknown error"}
	if err != nil {
		e.Message = C.GoString(C.memscribe_error_message(err))
		C.memscribe_error_free(err)
	}
	return e
}

// takeString copies a library string into Go memory and frees it.
func takeString(s *C.char, n C.size_t) []byte {
	if s == nil {
		return nil
	}
	defer C.memscribe_string_free(s)
	return C.GoBytes(unsafe.Pointer(s), C.int(n))
}

func cOptions(options string) *C.char {
	if options == "" {
		return nil
	}
	return C.CString(options)
}

func bytesPtr(data []byte) (*C.uint8_t, C.size_t) {
	if len(data) == 0 {
		return nil, 0
	}
	return (*C.uint8_t)(unsafe.Pointer(&data[0])), C.size_t(len(data))
}

// Parse parses a whole transcript. options is a JSON object such as
// `{"source":"codex","output":"events"}`, or "" for the defaults. The result
// is NDJSON, byte-identical to `memscribe parse` with the same options.
func Parse(data []byte, options string) ([]byte, error) {
	opts := cOptions(options)
	defer C.free(unsafe.Pointer(opts))
	ptr, n := bytesPtr(data)
	var out *C.char
	var outLen C.size_t
	var cerr *C.memscribe_error
	status := C.memscribe_parse(ptr, n, opts, &out, &outLen, &cerr)
	runtime.KeepAlive(data)
	if err := takeError(status, cerr); err != nil {
		return nil, err
	}
	return takeString(out, outLen), nil
}

// Diagnostic is a note about one input record: why it produced no event
// (invalid_utf8, not_json, record_too_large, truncated, …) or what was done to
// it (duplicate, empty, redacted), with its position.
type Diagnostic struct {
	Diagnostic string `json:"diagnostic"`
	LineNo     uint64 `json:"line_no"`
	ByteOffset uint64 `json:"byte_offset"`
	Message    string `json:"message"`
}

// Summary is what a parse read and made.
type Summary struct {
	// Source is the tool the input was read as; nil when no record named one.
	Source      *string           `json:"source"`
	Records     uint64            `json:"records"`
	Events      uint64            `json:"events"`
	Nodes       uint64            `json:"nodes"`
	Diagnostics map[string]uint64 `json:"diagnostics"`
}

// Report is a parse's diagnostics and summary.
type Report struct {
	Summary     Summary      `json:"summary"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

func takeReport(s *C.char, n C.size_t) (*Report, error) {
	var r Report
	if err := json.Unmarshal(takeString(s, n), &r); err != nil {
		return nil, &Error{Status: StatusInternal, Message: "unreadable report: " + err.Error()}
	}
	return &r, nil
}

// ParseWithReport is Parse, also returning the diagnostics of the input's
// records and the summary of the whole parse.
func ParseWithReport(data []byte, options string) ([]byte, *Report, error) {
	opts := cOptions(options)
	defer C.free(unsafe.Pointer(opts))
	ptr, n := bytesPtr(data)
	var out, report *C.char
	var outLen, reportLen C.size_t
	var cerr *C.memscribe_error
	status := C.memscribe_parse_with_report(ptr, n, opts, &out, &outLen, &report, &reportLen, &cerr)
	runtime.KeepAlive(data)
	if err := takeError(status, cerr); err != nil {
		return nil, nil, err
	}
	nd := takeString(out, outLen)
	r, err := takeReport(report, reportLen)
	if err != nil {
		return nil, nil, err
	}
	return nd, r, nil
}

// Replacement is one secret Redact replaced: where it was in the input and
// the rule that found it.
type Replacement struct {
	LineNo     uint64 `json:"line_no"`
	ByteOffset uint64 `json:"byte_offset"`
	Len        uint64 `json:"len"`
	Rule       string `json:"rule"`
}

// Redacted is a transcript written back with its secrets replaced.
type Redacted struct {
	// Output is the transcript in its own format, every secret replaced by
	// [REDACTED:<rule>] and every other byte unchanged.
	Output []byte
	// Source is the tool the input was read as; nil when unknown.
	Source       *string       `json:"source"`
	Replacements []Replacement `json:"replacements"`
}

// Redact writes a transcript back in its own format with every secret
// replaced (what `memscribe redact` prints), so that it can be shared; the
// copy parses to the same events as the original with redaction on.
// options is "" or a JSON object; only "source" matters.
func Redact(data []byte, options string) (*Redacted, error) {
	opts := cOptions(options)
	defer C.free(unsafe.Pointer(opts))
	ptr, n := bytesPtr(data)
	var out, report *C.char
	var outLen, reportLen C.size_t
	var cerr *C.memscribe_error
	status := C.memscribe_redact(ptr, n, opts, &out, &outLen, &report, &reportLen, &cerr)
	runtime.KeepAlive(data)
	if err := takeError(status, cerr); err != nil {
		return nil, err
	}
	var r Redacted
	r.Output = takeString(out, outLen)
	if err := json.Unmarshal(takeString(report, reportLen), &r); err != nil {
		return nil, &Error{Status: StatusInternal, Message: "unreadable report: " + err.Error()}
	}
	return &r, nil
}

// Exported is a transcript's sessions in an interchange format.
type Exported struct {
	// Documents holds one JSON document per session: an ATIF trajectory
	// (one per subagent too) or an OTLP/JSON ExportTraceServiceRequest.
	Documents []json.RawMessage `json:"documents"`
	// Manifest says what the export holds, what was redacted (per rule)
	// and the blake3 of the input.
	Manifest map[string]any `json:"manifest"`
}

// Export writes a transcript's sessions as ATIF trajectories (format
// "atif", Harbor RFC 0001 v1.4) or OpenTelemetry GenAI traces in OTLP/JSON
// ("otel"), as `memscribe export` does. options is "" or a JSON object as
// for Parse; redaction is on unless it says "redact": false.
func Export(data []byte, options string, format string) (*Exported, error) {
	opts := cOptions(options)
	defer C.free(unsafe.Pointer(opts))
	cformat := C.CString(format)
	defer C.free(unsafe.Pointer(cformat))
	ptr, n := bytesPtr(data)
	var out *C.char
	var outLen C.size_t
	var cerr *C.memscribe_error
	status := C.memscribe_export(ptr, n, opts, cformat, &out, &outLen, &cerr)
	runtime.KeepAlive(data)
	if err := takeError(status, cerr); err != nil {
		return nil, err
	}
	var x Exported
	if err := json.Unmarshal(takeString(out, outLen), &x); err != nil {
		return nil, &Error{Status: StatusInternal, Message: "unreadable export: " + err.Error()}
	}
	return &x, nil
}

// Detect names the tool that wrote data ("claude_code", "codex", …).
func Detect(data []byte) (string, error) {
	ptr, n := bytesPtr(data)
	var out *C.char
	var cerr *C.memscribe_error
	status := C.memscribe_detect(ptr, n, &out, &cerr)
	runtime.KeepAlive(data)
	if err := takeError(status, cerr); err != nil {
		return "", err
	}
	return string(takeString(out, C.size_t(C.strlen(out)))), nil
}

// Session parses incrementally. It is not safe for concurrent use; distinct
// sessions are independent. Close releases it (a finalizer does too, but
// explicit Close frees the native memory promptly).
type Session struct {
	s *C.memscribe_session
}

// liveSessions counts native sessions not yet released (for the tests).
var liveSessions atomic.Int64

// NewSession creates a session with the given JSON options ("" for defaults).
func NewSession(options string) (*Session, error) {
	opts := cOptions(options)
	defer C.free(unsafe.Pointer(opts))
	var s *C.memscribe_session
	var cerr *C.memscribe_error
	if err := takeError(C.memscribe_session_new(opts, &s, &cerr), cerr); err != nil {
		return nil, err
	}
	sess := &Session{s: s}
	liveSessions.Add(1)
	runtime.SetFinalizer(sess, (*Session).Close)
	return sess, nil
}

// Feed hands the next chunk to the session and returns the NDJSON that became final.
func (s *Session) Feed(chunk []byte) ([]byte, error) {
	if s.s == nil {
		return nil, ErrClosed
	}
	ptr, n := bytesPtr(chunk)
	var out *C.char
	var outLen C.size_t
	var cerr *C.memscribe_error
	status := C.memscribe_session_feed(s.s, ptr, n, &out, &outLen, &cerr)
	runtime.KeepAlive(chunk)
	if err := takeError(status, cerr); err != nil {
		return nil, err
	}
	return takeString(out, outLen), nil
}

// Finish ends the input and returns the remaining NDJSON.
func (s *Session) Finish() ([]byte, error) {
	if s.s == nil {
		return nil, ErrClosed
	}
	var out *C.char
	var outLen C.size_t
	var cerr *C.memscribe_error
	if err := takeError(C.memscribe_session_finish(s.s, &out, &outLen, &cerr), cerr); err != nil {
		return nil, err
	}
	return takeString(out, outLen), nil
}

// Report returns the summary of everything fed so far (the whole input's
// after Finish) and the diagnostics of the last Feed or Finish.
func (s *Session) Report() (*Report, error) {
	if s.s == nil {
		return nil, ErrClosed
	}
	var out *C.char
	var outLen C.size_t
	var cerr *C.memscribe_error
	if err := takeError(C.memscribe_session_report(s.s, &out, &outLen, &cerr), cerr); err != nil {
		return nil, err
	}
	return takeReport(out, outLen)
}

// Close releases the session; calling it again does nothing.
func (s *Session) Close() {
	if s.s != nil {
		C.memscribe_session_free(s.s)
		s.s = nil
		liveSessions.Add(-1)
		runtime.SetFinalizer(s, nil)
	}
}
