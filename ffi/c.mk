# Shared by the C test suite (ffi/tests/c/Makefile) and the C examples
# (examples/c/Makefile), which set PROGS and include this file: where the
# library and header are, and how each program is built twice, against the
# shared library (through a staged copy named by its SONAME, as an installed
# library would be) and against the static one.
ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))..)
LIBDIR ?= $(ROOT)/target/release
INCDIR ?= $(ROOT)/include
OUT ?= $(ROOT)/target/c
CFLAGS ?= -O1 -g
WARN = -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -I$(INCDIR)
SHARED = -L$(OUT)/lib -lmemscribe -Wl,-rpath,$(abspath $(OUT)/lib)
STATIC = $(LIBDIR)/libmemscribe.a -lpthread -ldl -lm

all: $(foreach p,$(PROGS),$(OUT)/$(p)_shared $(OUT)/$(p)_static)

$(OUT):
	mkdir -p $(OUT)
$(OUT)/lib/.stamp: $(LIBDIR)/libmemscribe.so | $(OUT)
	mkdir -p $(OUT)/lib
	cp $(LIBDIR)/libmemscribe.so $(OUT)/lib/libmemscribe.so.$$(readelf -d $(LIBDIR)/libmemscribe.so | sed -n 's/.*soname: \[libmemscribe\.so\.\(.*\)\]/\1/p')
	cd $(OUT)/lib && ln -sf libmemscribe.so.* libmemscribe.so
	touch $@
$(OUT)/%_shared: %.c $(INCDIR)/memscribe.h $(OUT)/lib/.stamp | $(OUT)
	$(CC) $(CFLAGS) $(WARN) $< -o $@ $(SHARED) -lpthread
$(OUT)/%_static: %.c $(INCDIR)/memscribe.h $(LIBDIR)/libmemscribe.a | $(OUT)
	$(CC) $(CFLAGS) $(WARN) $< -o $@ $(STATIC)
clean:
	rm -rf $(OUT)
.PHONY: all clean
