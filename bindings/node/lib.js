// The public entry point: the native addon (loaded by the napi-generated
// index.js) with its errors turned into the JS errors this package documents:
// a TypeError (code "invalid_options") for bad arguments, and an Error whose
// `code` is the core's error kind ("unknown_source", "invalid_argument", …)
// for a failed parse. Types: index.d.ts (generated from the Rust source).
'use strict'
function load() {
  const source = require('./build-from-source.js')
  if (!source.hasPrebuilt()) {
    // No prebuilt addon and the install script did not run (npm may hold
    // install scripts back): build it now, once.
    source.build(['ignore', 'ignore', 'inherit'])
  }
  return require('./index.js')
}

const native = load()

// Bad arguments are TypeErrors: the core's "invalid_options", and napi's
// own "InvalidArg" for a value of the wrong type (a number for `data`).
// Every other error keeps the core's kind as its `code`.
function convert(e) {
  if (!e || typeof e !== 'object' || (e.code !== 'invalid_options' && e.code !== 'InvalidArg')) return e
  const t = new TypeError(e.message)
  t.code = 'invalid_options'
  return t
}

function wrap(f) {
  return function (...args) {
    try {
      return f(...args)
    } catch (e) {
      throw convert(e)
    }
  }
}

class Session {
  constructor(options) {
    try {
      this._inner = new native.Session(options)
    } catch (e) {
      throw convert(e)
    }
  }

  feed(chunk) {
    try {
      return this._inner.feed(chunk)
    } catch (e) {
      throw convert(e)
    }
  }

  finish() {
    try {
      return this._inner.finish()
    } catch (e) {
      throw convert(e)
    }
  }

  summary() {
    return this._inner.summary()
  }
}

function parseAsync(data, options) {
  try {
    return native.parseAsync(data, options).catch((e) => {
      throw convert(e)
    })
  } catch (e) {
    return Promise.reject(convert(e))
  }
}

module.exports = {
  parse: wrap(native.parse),
  parseFile: wrap(native.parseFile),
  parsePath: wrap(native.parsePath),
  discover: wrap(native.discover),
  parseAsync,
  detect: wrap(native.detect),
  redact: wrap(native.redact),
  exportSessions: wrap(native.exportSessions),
  exportPath: wrap(native.exportPath),
  // The name the other languages use (a reserved word as a binding, fine as a property).
  export: wrap(native.exportSessions),
  version: native.version,
  Session,
  Store: native.Store,
}
