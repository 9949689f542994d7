// npm "install" script: uses a prebuilt binary when one is present (the
// per-platform optionalDependencies that napi publishes, or a local
// memscribe.<platform>.node), and otherwise builds the addon from source with
// cargo, so `npm install <path to bindings/node>` works on any machine with a
// Rust toolchain. npm ≥ 11 may hold install scripts back until approved;
// lib.js then runs the same build on first require.
'use strict'
const { execFileSync } = require('node:child_process')
const fs = require('node:fs')
const path = require('node:path')

function platformSuffix() {
  const { platform, arch } = process
  if (platform === 'linux') {
    const glibc = process.report && process.report.getReport().header.glibcVersionRuntime
    return `linux-${arch}-${glibc ? 'gnu' : 'musl'}`
  }
  if (platform === 'darwin') return `darwin-${arch}`
  if (platform === 'win32') return `win32-${arch}-msvc`
  return `${platform}-${arch}`
}

const suffix = platformSuffix()
const local = path.join(__dirname, `memscribe.${suffix}.node`)

function hasPrebuilt() {
  if (fs.existsSync(local)) return true
  try {
    require.resolve(`memscribe-${suffix}`)
    return true
  } catch {
    return false
  }
}

/** Builds the addon with cargo and puts it where index.js looks first. */
function build(stdio) {
  const targetDir = process.env.CARGO_TARGET_DIR || path.join(__dirname, 'target')
  execFileSync('cargo', ['build', '--release', '--manifest-path', path.join(__dirname, 'Cargo.toml')], {
    stdio,
    env: { ...process.env, CARGO_TARGET_DIR: targetDir },
  })
  const lib = { linux: 'libmemscribe_node.so', darwin: 'libmemscribe_node.dylib', win32: 'memscribe_node.dll' }[process.platform]
  fs.copyFileSync(path.join(targetDir, 'release', lib), local)
}

module.exports = { build, hasPrebuilt }

if (require.main === module) {
  if (hasPrebuilt() && !process.env.MEMSCRIBE_BUILD_FROM_SOURCE) process.exit(0)
  build('inherit')
  console.log(`memscribe: built ${path.basename(local)} from source`)
}
