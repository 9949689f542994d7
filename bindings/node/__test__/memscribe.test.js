// node --test: the shared conformance vectors (one shot and chunked through
// Session), errors, the async variant, and ../shared/corpus when present.
'use strict'
const { test } = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const { execFileSync } = require('node:child_process')

const memscribe = require('..')

const ROOT = path.resolve(__dirname, '..', '..', '..')
const CONFORMANCE = path.join(ROOT, 'tests', 'conformance')
const CORPUS = path.join(ROOT, '..', 'shared', 'corpus')
const { vectors } = JSON.parse(fs.readFileSync(path.join(CONFORMANCE, 'vectors.json'), 'utf8'))

const simple = (o) => Object.keys(o).every((k) => ['source', 'redact', 'output'].includes(k))
const ndjson = (items) => items.map((i) => JSON.stringify(i) + '\n').join('')

function load(v) {
  return {
    input: fs.readFileSync(path.join(CONFORMANCE, v.input)),
    expected: fs.readFileSync(path.join(CONFORMANCE, `${v.name}.expected.ndjson`), 'utf8'),
  }
}

for (const v of vectors) {
  test(`conformance ${v.name}`, { skip: !simple(v.options) && 'limits are not part of the JS options' }, () => {
    const { input, expected } = load(v)
    assert.equal(ndjson(memscribe.parse(input, v.options)), expected)
    // Chunked through a Session, three different chunk sizes.
    for (const step of [1, 97, 4096]) {
      const s = new memscribe.Session(v.options)
      const out = []
      for (let i = 0; i < input.length; i += step) out.push(...s.feed(input.subarray(i, i + step)))
      out.push(...s.finish())
      assert.equal(ndjson(out), expected, `chunks of ${step}`)
    }
  })
}

test('inputs: Buffer, Uint8Array and string agree; detect; version', () => {
  const file = path.join(ROOT, 'examples', 'data', 'codex_rollout.jsonl')
  const buf = fs.readFileSync(file)
  const nodes = memscribe.parse(buf)
  assert.deepEqual(memscribe.parse(new Uint8Array(buf)), nodes)
  assert.deepEqual(memscribe.parse(buf.toString('utf8')), nodes)
  assert.deepEqual(memscribe.parseFile(file), nodes)
  assert.equal(nodes.filter((n) => n.node === 'episode').length, 3)
  assert.equal(memscribe.detect(buf), 'codex')
  assert.equal(memscribe.detect('plain text'), null)
  assert.match(memscribe.version(), /^0\./)
})

test('errors: TypeError for bad options, coded Error for failed parses', () => {
  assert.throws(() => memscribe.parse(Buffer.from('{}'), { output: 'everything' }), (e) => e instanceof TypeError && e.code === 'invalid_options')
  assert.throws(() => memscribe.parse(Buffer.from('{}'), { source: 'vim' }), TypeError)
  assert.throws(() => memscribe.parse(12), TypeError)
  assert.throws(() => memscribe.parse(Buffer.from('hello\nworld\n')), (e) => !(e instanceof TypeError) && e.code === 'unknown_source' && /detect/.test(e.message))
  assert.throws(() => memscribe.parse(Buffer.from('{}'), { source: 'aider' }), (e) => e.code === 'unsupported_source')
  assert.throws(() => memscribe.parseFile('/no/such/file.jsonl'), Error)
  const s = new memscribe.Session({ source: 'codex' })
  s.finish()
  assert.throws(() => s.feed(Buffer.from('{}\n')), (e) => e.code === 'invalid_argument')
  // Hostile bytes are diagnostics, not exceptions.
  assert.deepEqual(memscribe.parse(Buffer.from([0xff, 0xfe, 10, 123, 91, 91, 10, 0]), { source: 'claude_code', output: 'events' }), [])
})

test('parseAsync resolves off the main thread and rejects with the same errors', async () => {
  const buf = fs.readFileSync(path.join(ROOT, 'tests', 'fixtures', 'claude_code', 'v2_1', 'ban.jsonl'))
  const ticks = []
  const timer = setInterval(() => ticks.push(1), 0)
  const [a, b] = await Promise.all([memscribe.parseAsync(buf, { output: 'both' }), memscribe.parseAsync(buf, { output: 'both' })])
  clearInterval(timer)
  assert.deepEqual(a, memscribe.parse(buf, { output: 'both' }))
  assert.deepEqual(a, b)
  await assert.rejects(memscribe.parseAsync(Buffer.from('hello\n')), (e) => e.code === 'unknown_source')
  await assert.rejects(memscribe.parseAsync(Buffer.from('{}'), { output: 'x' }), TypeError)
})

const cli = path.join(ROOT, 'target', 'release', 'memscribe')
test('the shared corpus matches the CLI byte for byte', { skip: !fs.existsSync(CORPUS) && 'no ../shared/corpus' }, () => {
  for (const dir of ['claude_code', 'codex']) {
    for (const name of fs.readdirSync(path.join(CORPUS, dir)).sort()) {
      const data = fs.readFileSync(path.join(CORPUS, dir, name))
      for (const output of ['events', 'nodes']) {
        const items = memscribe.parse(data, { output })
        if (output === 'events') assert.ok(items.length > 0, name)
        if (fs.existsSync(cli)) {
          const out = execFileSync(cli, ['parse', '-', '--output', output], { input: data, maxBuffer: 1 << 28, stdio: ['pipe', 'pipe', 'ignore'] })
          assert.equal(ndjson(items), out.toString('utf8'), `${name} ${output}`)
        }
      }
    }
  }
})
