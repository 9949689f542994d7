//go:build memscribe_static

package memscribe

// #cgo CFLAGS: -I${SRCDIR}/../../include
// #cgo LDFLAGS: ${SRCDIR}/../../target/release/libmemscribe.a -lm -ldl -lpthread
import "C"
