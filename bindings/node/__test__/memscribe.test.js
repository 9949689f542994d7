// node --test: the shared conformance vectors with all their options (one
// shot and chunked through Session), diagnostics and summaries, errors, the
// async variant, and ../shared/corpus (required where
// MEMSCRIBE_REQUIRE_CORPUS=1, as in CI; skipped elsewhere when absent).
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
const cli = path.join(ROOT, 'target', 'release', 'memscribe')
const { vectors } = JSON.parse(fs.readFileSync(path.join(CONFORMANCE, 'vectors.json'), 'utf8'))

const camel = (k) => k.replace(/_([a-z])/g, (_, c) => c.toUpperCase())
const camelCased = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [camel(k), v]))
const ndjson = (items) => items.map((i) => JSON.stringify(i) + '\n').join('')

function load(v) {
  return {
    input: fs.readFileSync(path.join(CONFORMANCE, v.input)),
    expected: fs.readFileSync(path.join(CONFORMANCE, `${v.name}.expected.ndjson`), 'utf8'),
  }
}

test('the vectors use every option', () => {
  const used = new Set(vectors.flatMap((v) => Object.keys(v.options)))
  for (const k of ['source', 'redact', 'output', 'max_record_bytes', 'max_json_depth', 'gate_rules', 'gate_mode']) assert.ok(used.has(k), k)
})

for (const v of vectors) {
  test(`conformance ${v.name}`, () => {
    const { input, expected } = load(v)
    assert.equal(ndjson(memscribe.parse(input, v.options)), expected)
    // The same options in JavaScript's camelCase.
    assert.equal(ndjson(memscribe.parse(input, camelCased(v.options))), expected)
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

test('parseFile names the file in provenance, as the CLI does', () => {
  const file = path.join(ROOT, 'examples', 'data', 'claude_code_session.jsonl')
  const events = memscribe.parseFile(file, { output: 'events' })
  assert.deepEqual([...new Set(events.map((e) => e.provenance.file))], [file])
  if (fs.existsSync(cli)) {
    const out = execFileSync(cli, ['parse', file, '--output', 'both'], { stdio: ['ignore', 'pipe', 'ignore'] })
    assert.equal(ndjson(memscribe.parseFile(file, { output: 'both' })), out.toString('utf8'))
  }
})

test('diagnostics and the summary come with every result', () => {
  const garbage = Buffer.from([0xff, 0xfe, 10, 123, 91, 91, 10, 0])
  const result = memscribe.parse(garbage, { source: 'claude_code', output: 'events' })
  assert.deepEqual(result, [])
  // Line 1's bad bytes are read as U+FFFD (invalid_utf8), which leaves no JSON.
  assert.deepEqual(result.diagnostics.map((d) => d.diagnostic), ['invalid_utf8', 'not_json', 'not_json', 'truncated', 'source_mismatch'])
  assert.deepEqual(result.diagnostics.map((d) => d.line_no), [1, 1, 2, 3, 1])
  assert.deepEqual(result.summary, {
    source: 'claude_code',
    records: 3,
    events: 0,
    nodes: 0,
    diagnostics: { invalid_utf8: 1, not_json: 2, truncated: 1, source_mismatch: 1 },
    versions: { '': { records: 2, unknown: 0 } },
  })
  assert.equal(JSON.stringify(result), '[]', 'the report is not part of the items')
  const s = new memscribe.Session({ source: 'claude_code', output: 'events' })
  const fed = s.feed(garbage)
  assert.equal(fed.summary, null)
  assert.equal(fed.diagnostics.length, 3)
  assert.equal(s.summary().records, 2)
  assert.deepEqual(s.finish().summary, result.summary)
})

test('errors: TypeError for bad options, coded Error for failed parses', () => {
  assert.throws(() => memscribe.parse(Buffer.from('{}'), { output: 'everything' }), (e) => e instanceof TypeError && e.code === 'invalid_options')
  assert.throws(() => memscribe.parse(Buffer.from('{}'), { source: 'vim' }), TypeError)
  assert.throws(() => memscribe.parse(12), TypeError)
  // The code is the core's error kind; the message is the core's, unprefixed.
  assert.throws(() => memscribe.parse(Buffer.from('hello\nworld\n')), (e) => !(e instanceof TypeError) && e.code === 'unknown_source' && /^could not detect/.test(e.message))
  assert.throws(() => memscribe.parse(Buffer.from('{}'), { source: 'windsurf' }), (e) => e.code === 'unsupported_source' && /claude_code, codex/.test(e.message))
  assert.throws(() => memscribe.parseFile('/no/such/file.jsonl'), Error)
  const s = new memscribe.Session({ source: 'codex' })
  s.finish()
  assert.throws(() => s.feed(Buffer.from('{}\n')), (e) => e.code === 'invalid_argument')
  assert.throws(() => memscribe.parse(Buffer.from('{}'), { maxRecodBytes: 1 }), (e) => e instanceof TypeError && /unknown field/.test(e.message))
  assert.throws(() => memscribe.parse(Buffer.from('{}'), { gateRules: [{ id: 'x', category: 'ban', strength: 1, pattern: '(' }] }), TypeError)
  // detect and parse agree on what the input is.
  const aider = Buffer.from('# aider chat started at 2025-01-01 10:00:00\n#### hi\n')
  assert.equal(memscribe.detect(aider), 'aider')
  assert.equal(memscribe.parse(aider, { output: 'events' }).summary.source, 'aider')
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

const requireCorpus = process.env.MEMSCRIBE_REQUIRE_CORPUS === '1'
test('the shared corpus matches the CLI byte for byte', { skip: !fs.existsSync(CORPUS) && !requireCorpus && 'no ../shared/corpus' }, () => {
  assert.ok(fs.existsSync(CORPUS), '../shared/corpus is missing, and this run requires it (MEMSCRIBE_REQUIRE_CORPUS=1)')
  for (const dir of ['claude_code', 'codex']) {
    for (const name of fs.readdirSync(path.join(CORPUS, dir)).sort()) {
      const data = fs.readFileSync(path.join(CORPUS, dir, name))
      for (const output of ['events', 'nodes']) {
        const items = memscribe.parse(data, { output })
        if (output === 'events') assert.ok(items.length > 0, name)
        assert.ok(items.summary.records > 0 && ['claude_code', 'codex'].includes(items.summary.source), name)
        if (fs.existsSync(cli)) {
          const out = execFileSync(cli, ['parse', '-', '--output', output], { input: data, maxBuffer: 1 << 28, stdio: ['pipe', 'pipe', 'ignore'] })
          assert.equal(ndjson(items), out.toString('utf8'), `${name} ${output}`)
        }
      }
    }
  }
})

test('redact writes the transcript back with only its secrets replaced', () => {
  const line = '{"type":"user","message":{"content":"caf\\u00e9 ghp_Zr8kT2mQ9vLx4NcB7wHs1YpE6uDa3FgJ0iKo"}}\n'
  const r = memscribe.redact(line)
  assert.equal(r.output, '{"type":"user","message":{"content":"caf\\u00e9 [REDACTED:github_token]"}}\n')
  assert.deepEqual(r.replacements, [{ line_no: 1, byte_offset: 47, len: 40, rule: 'github_token' }])
  assert.equal(r.source, undefined, 'not known: no record names the tool')
  const b = memscribe.redact(Buffer.from(line), { source: 'claude_code' })
  assert.ok(Buffer.isBuffer(b.output))
  assert.equal(b.output.toString(), r.output)
  assert.equal(b.source, 'claude_code')
  assert.throws(() => memscribe.redact(line, { source: 'vim' }), TypeError)
})

test('parsePath reads a session directory as one stream, naming each file', () => {
  const task = path.join(ROOT, 'tests', 'fixtures', 'cline', 'v3', 'decision_then_edits')
  const events = memscribe.parsePath(task, { output: 'events', redact: false })
  assert.equal(events.summary.source, 'cline')
  const files = new Set(events.map((e) => e.provenance.file.split('/').pop()))
  assert.ok(files.has('api_conversation_history.json'))
  assert.ok(events.some((e) => e.kind.event === 'file_edit'))
  assert.deepEqual(memscribe.parseFile(task, { output: 'events', redact: false }), events)
  assert.throws(() => memscribe.parsePath(path.join(ROOT, 'no', 'such.jsonl')), (e) => e.code === 'io')
})

test('parsePath reads a database session by session; discover lists a fake home', () => {
  const fixtures = path.join(ROOT, 'tests', 'fixtures')
  const db = path.join(fixtures, 'goose', 'v5', 'sessions.db')
  const events = memscribe.parsePath(db, { output: 'events', redact: false })
  assert.equal(events.summary.source, 'goose')
  assert.equal(events.summary.events, events.length)
  assert.deepEqual(events.filter((e) => e.seq === 0).map((e) => e.session_id), ['20260203_1', '20260204_1'])
  assert.ok(events.every((e) => e.provenance.file.includes('sessions.db#sessions/')))

  const home = fs.mkdtempSync(path.join(require('os').tmpdir(), 'memscribe-home-'))
  try {
    const zed = path.join(home, '.local', 'share', 'zed', 'threads')
    fs.mkdirSync(zed, { recursive: true })
    fs.copyFileSync(path.join(fixtures, 'zed', 'v0_3', 'threads.db'), path.join(zed, 'threads.db'))
    const codex = path.join(home, '.codex', 'sessions', '2026', '02', '03')
    fs.mkdirSync(codex, { recursive: true })
    const rollout = path.join(codex, 'rollout-2026-02-03T10-00-00-0199aaaa-bbbb-7ccc-8ddd-eeeeffff0000.jsonl')
    fs.copyFileSync(path.join(ROOT, 'examples', 'data', 'codex_rollout.jsonl'), rollout)
    const env = { CODEX_HOME: '', XDG_DATA_HOME: '', XDG_CONFIG_HOME: '', FLATPAK_XDG_DATA_HOME: '' }
    const found = memscribe.discover({ home, env, os: 'linux' })
    assert.deepEqual(found.map((f) => [f.tool, f.sessionId]), [
      ['codex', 'rollout-2026-02-03T10-00-00-0199aaaa-bbbb-7ccc-8ddd-eeeeffff0000'],
      ['zed', '0c2b7f10-0001-4e8a-9a1b-2c3d4e5f6071'],
      ['zed', '0c2b7f10-0002-4e8a-9a1b-2c3d4e5f6071'],
    ])
    assert.deepEqual(memscribe.discover({ home, env, os: 'linux' }), found)
    assert.ok(found.every((f) => f.size > 0 && /Z$/.test(f.modified)))
    assert.deepEqual(memscribe.discover({ home, env, tools: ['codex'] }).map((f) => f.path), [rollout])
    assert.deepEqual(memscribe.discover({ home, env, since: '2999-01-01' }), [])
    for (const f of found) assert.equal(memscribe.parsePath(f.path, { output: 'events' }).summary.source, f.tool)
    assert.throws(() => memscribe.discover({ tools: ['vim'] }), (e) => e.code === 'unknown_source')
  } finally {
    fs.rmSync(home, { recursive: true, force: true })
  }
})

test('Store: ingest, sessions, decisions, search, replay, verify, errors', () => {
  const os = require('node:os')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memscribe-node-store-'))
  try {
    const src = path.join(dir, 'src')
    fs.mkdirSync(src)
    for (const name of ['claude_code_session.jsonl', 'codex_rollout.jsonl']) {
      fs.copyFileSync(path.join(ROOT, 'examples', 'data', name), path.join(src, name))
    }
    const store = new memscribe.Store(path.join(dir, 's.db'))
    assert.equal(store.info().redaction, 'sanitize')
    const report = store.ingest([src])
    assert.equal(report.checkpoint, 1)
    assert.equal(report.changed, 2)
    assert.equal(report.eventsClosed, 0)
    assert.ok(report.eventsAdded > 10)
    assert.equal(store.ingest([src]).checkpoint ?? null, null)
    const sessions = store.sessions()
    assert.deepEqual(new Set(sessions.map((s) => s.tool)), new Set(['claude_code', 'codex']))
    const decisions = store.decisions()
    assert.ok(decisions.length > 0 && decisions.every((d) => d.node === 'decision'))
    assert.deepEqual(store.decisions({ since: '2100-01-01' }), [])
    const episodes = store.episodes()
    assert.ok(episodes.length > 0 && episodes.every((e) => e.node === 'episode'))
    const one = episodes[0].path.split('/').pop()
    const ofFile = store.episodes({ file: one })
    assert.ok(ofFile.length > 0 && ofFile.every((e) => e.path === one || e.path.endsWith('/' + one)))
    assert.ok(store.search('the', 5).length > 0)
    const codex = sessions.find((s) => s.tool === 'codex')
    const replayed = store.replay({ session: codex.sessionId, output: 'events' })
    const parsed = memscribe.parsePath(path.join(src, 'codex_rollout.jsonl'), { output: 'events' })
    assert.deepEqual(replayed, JSON.parse(JSON.stringify([...parsed])))
    assert.deepEqual(store.verify(), [])
    assert.equal(store.checkpoints().length, 1)
    assert.throws(() => store.sessions(42), (e) => e.code === 'invalid_argument')
    store.close()
    assert.throws(() => store.sessions(), (e) => e.code === 'invalid_argument')
    fs.writeFileSync(path.join(dir, 'junk.db'), 'not a database\n'.repeat(500))
    assert.throws(() => new memscribe.Store(path.join(dir, 'junk.db')), (e) => e.code === 'store_corrupt')
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('exportSessions / exportPath: ATIF and OTLP/JSON documents with a manifest', () => {
  const root = path.join(__dirname, '..', '..', '..')
  const secrets = fs.readFileSync(path.join(root, 'tests/conformance/inputs/secrets_claude.jsonl'))
  const safe = memscribe.exportSessions(secrets, { format: 'atif' })
  assert.equal(safe.manifest.format, 'atif')
  assert.equal(safe.manifest.redacted, true)
  assert.ok(Object.values(safe.manifest.redactions).reduce((a, b) => a + b, 0) >= 1)
  assert.equal(safe.documents[0].schema_version, 'ATIF-v1.4')
  assert.deepEqual(memscribe.export(secrets), safe, '`export` is the same function')
  const raw = memscribe.exportSessions(secrets, { format: 'atif', redact: false })
  assert.deepEqual(raw.manifest.redactions, {})
  assert.notDeepEqual(raw.documents, safe.documents)
  const db = memscribe.exportPath(path.join(root, 'tests/fixtures/goose/v5/sessions.db'), { format: 'otel', redact: false })
  assert.ok(db.documents.length >= 1)
  for (const d of db.documents) {
    const spans = d.resourceSpans[0].scopeSpans[0].spans
    assert.match(spans[0].traceId, /^[0-9a-f]{32}$/)
    assert.equal(spans[0].attributes.find((a) => a.key === 'gen_ai.operation.name').value.stringValue, 'invoke_agent')
  }
  assert.throws(() => memscribe.exportSessions(secrets, { format: 'csv' }), TypeError)
  assert.throws(() => memscribe.exportPath('/no/such/file.jsonl'), (e) => e.code === 'io')
  // From the store: what the transcript gives.
  const dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'memscribe-export-'))
  const store = new memscribe.Store(path.join(dir, 's.db'))
  const codex = path.join(root, 'examples/data/codex_rollout.jsonl')
  store.ingest([codex])
  const fromStore = store.export({ format: 'otel' })
  assert.deepEqual(fromStore.documents, memscribe.exportPath(codex, { format: 'otel' }).documents)
  assert.equal(fromStore.manifest.origin.store.checkpoint, 1)
  store.close()
})

test('every conformance vector, parsed here, validates against schemas/ (ajv, draft 2020-12)', () => {
  const Ajv2020 = require('ajv/dist/2020')
  const root = path.join(__dirname, '..', '..', '..')
  const ajv = new Ajv2020({ allErrors: true })
  // The integer formats schemars writes (`uint64`, `uint8`, …): whole numbers in range.
  for (const [name, min, max] of [['uint', 0, Infinity], ['uint8', 0, 255], ['uint32', 0, 2 ** 32 - 1], ['uint64', 0, Infinity], ['int64', -Infinity, Infinity]]) {
    ajv.addFormat(name, { type: 'number', validate: (n) => Number.isInteger(n) && n >= min && n <= max })
  }
  const load = (n) => ajv.compile(JSON.parse(fs.readFileSync(path.join(root, 'schemas', `${n}.schema.json`), 'utf8')))
  const [event, node, diag, options] = ['capture_event', 'prepared_node', 'diagnostic', 'options'].map(load)
  const dir = path.join(root, 'tests/conformance')
  const { vectors } = JSON.parse(fs.readFileSync(path.join(dir, 'vectors.json'), 'utf8'))
  let n = 0
  for (const v of vectors) {
    assert.ok(options(v.options), `${v.name} options: ${JSON.stringify(options.errors)}`)
    const items = memscribe.parse(fs.readFileSync(path.join(dir, v.input)), v.options)
    for (const item of items) {
      const check = item.node ? node : event
      assert.ok(check(item), `${v.name}: ${JSON.stringify(check.errors)}`)
      n++
    }
    for (const d of items.diagnostics) assert.ok(diag(d), `${v.name}: ${JSON.stringify(diag.errors)}`)
  }
  assert.ok(n > 500, `${n}`)
  const first = JSON.parse(fs.readFileSync(path.join(dir, 'claude_v2_ban_both.expected.ndjson'), 'utf8').split('\n')[0])
  assert.ok(event(first))
  assert.ok(!event({ ...first, seq: '7' }), 'a string seq is refused')
  assert.ok(!options({ outptu: 'events' }), 'unknown options are refused')
})
