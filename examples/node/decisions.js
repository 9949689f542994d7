// Prints the decisions in a transcript and the files each one led to.
//   node examples/node/decisions.js examples/data/claude_code_session.jsonl
'use strict'
const path = require('node:path')
const memscribe = require(process.env.MEMSCRIBE_NODE || path.join(__dirname, '..', '..', 'bindings', 'node'))

async function main(file) {
  const nodes = await memscribe.parseAsync(require('node:fs').readFileSync(file))
  const edits = new Map(nodes.filter((n) => n.node === 'episode').map((n) => [n.id, n.path]))
  for (const d of nodes.filter((n) => n.node === 'decision')) {
    const opts = d.considered_options.map((o) => (o.chosen ? '*' : '-') + o.text).join(', ')
    console.log(`${d.timestamp}  ${d.epitome}${opts ? `  [${opts}]` : ''}`)
    for (const b of nodes.filter((n) => n.node === 'binding' && n.from === d.id)) {
      console.log(`    ${b.relation.padStart(9)} ${edits.get(b.to) || b.to}`)
    }
  }
}

main(process.argv[2] || 'examples/data/claude_code_session.jsonl').catch((e) => {
  console.error(e.message)
  process.exit(1)
})
