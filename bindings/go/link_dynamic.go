//go:build !memscribe_static

package memscribe

// #cgo CFLAGS: -I${SRCDIR}/../../include
// #cgo LDFLAGS: -L${SRCDIR}/../../target/c/lib -lmemscribe -Wl,-rpath,${SRCDIR}/../../target/c/lib
import "C"
