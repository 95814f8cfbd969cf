import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_PULL_OPTIONS } from '../src/main/core/sync/puller.js';
import { DEFAULT_PUSHER_OPTIONS } from '../src/main/core/sync/pusher.js';
import { measureDrain } from './core-drain-bench.js';
import { measurePull } from './core-pull-bench.js';
import { measureQueries } from './core-query-bench.js';
import { loadAverage } from './machine-load.js';
import { recordSection } from './pipeline/record-section.js';

// npx tsx bench/core-bench.ts [--pull 10000] [--drain 1000] [--cache 100000] [--queries 1000] [--runs 3] [--record]
// The desktop core's figures, each beside a reference measured in the same run; --record writes
// them to docs/benchmarks.md, section "Desktop core".
const { values } = parseArgs({
  options: {
    pull: { type: 'string', default: '10000' },
    drain: { type: 'string', default: '1000' },
    cache: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '3' },
    record: { type: 'boolean', default: false },
  },
});

const fixed = (value: number, digits = 1) => value.toFixed(digits);
const times = (measured: number, reference: number) => `${fixed(measured / reference, 2)}×`;

const pull = await measurePull(Number(values.pull), Number(values.runs));
console.log(`pull: ${pull.files} files in ${fixed(pull.coreMs / 1000, 2)} s (reference ${fixed(pull.referenceMs / 1000, 2)} s)`);
const drain = await measureDrain(Number(values.drain));
console.log(`drain: ${drain.corrections} corrections in ${fixed(drain.coreMs / 1000, 2)} s (reference ${fixed(drain.referenceMs / 1000, 2)} s)`);
const query = await measureQueries(Number(values.cache), Number(values.queries));
console.log(`cache: ${query.files} files seeded in ${fixed(query.seedMs / 1000, 1)} s`);

const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000).toLocaleString('en');
const table = [
  '| Measure | Docket core | Reference (same run) | Reference is | Ratio |',
  '|---|---|---|---|---|',
  `| Pull ${pull.files.toLocaleString('en')} files with documents, first sync | ${perSecond(pull.files, pull.coreMs)} files/s (${fixed(pull.coreMs / 1000, 2)} s) | ${perSecond(pull.files, pull.referenceMs)} files/s (${fixed(pull.referenceMs / 1000, 2)} s) | the same pages fetched and decoded by the client, nothing stored | ${times(pull.coreMs, pull.referenceMs)} the time |`,
  `| Drain ${drain.corrections.toLocaleString('en')} corrections (one per file) | ${perSecond(drain.corrections, drain.coreMs)} corrections/s (${fixed(drain.coreMs / 1000, 2)} s) | ${perSecond(drain.corrections, drain.referenceMs)} updates/s (${fixed(drain.referenceMs / 1000, 2)} s) | the same /file/update bodies sent raw, same concurrency | ${times(drain.coreMs, drain.referenceMs)} the time |`,
  `| List query p95, ${query.files.toLocaleString('en')} cached files | ${fixed(query.list.p95, 2)} ms | ${fixed(query.list.referenceP95, 2)} ms | a raw SELECT of the same rows (no count) | ${times(query.list.p95, query.list.referenceP95)} |`,
  `| Full-text query p95, ${query.files.toLocaleString('en')} cached files | ${fixed(query.text.p95, 2)} ms | ${fixed(query.text.referenceP95, 2)} ms | the matching row ids from the FTS5 table (no filter, count, order or page) | ${times(query.text.p95, query.text.referenceP95)} |`,
  `| Outbox enqueue p99 (correction + outbox row + journal entry, one transaction) | ${fixed(query.enqueue.p99, 2)} ms | ${fixed(query.enqueue.referenceP99, 2)} ms | a raw one-row INSERT, synchronous=FULL | ${times(query.enqueue.p99, query.enqueue.referenceP99)} |`,
].join('\n');
console.log(`\n${table}`);

if (values.record) {
  const body = [
    `Measured with \`npx tsx bench/core-bench.ts --record\` on ${new Date().toISOString().slice(0, 10)} (Node ${process.version}, ${process.platform}/${process.arch}, ${cpus().length} cores, load average ${loadAverage()} at the end of the run: the machine was shared, so figures move from run to run; each ratio compares against a reference measured in the same run, list, text and enqueue samples alternating with their reference). The engine runs as its own process on loopback; the cache is a real SQLite file (WAL).`,
    '',
    table,
    '',
    `- Pull: the median of ${values.runs} first syncs into fresh caches. The core asks for ${DEFAULT_PULL_OPTIONS.readAhead} pages ahead of the one it stores, so the engine answers while the cache writes; it adds storing records, documents and the full-text index, one transaction per page of ${DEFAULT_PULL_OPTIONS.pageSize}, with the event loop let run between pages.`,
    `- Drain: the core checks the server's records before writing (the conflict check, and what makes a lost answer harmless): one listing of the files updated since the corrections' bases per round, a file not in it read on its own. It sends up to ${DEFAULT_PUSHER_OPTIONS.correctionsPerRequest} corrections per /file/update request and commits twice per request with synchronous=FULL (the hashes of the values about to be sent, then the outcomes); the reference sends one update per request.`,
    `- List queries: ${values.queries} of them, every filter of /file/fetch, invoice status, sort by name, pages at random offsets down to the end of the list; the core also counts the total and validates the query. Deep offsets cost most: an offset walks the index.`,
    `- Full-text queries: ${values.queries} of them, vendor names, invoice numbers, a Chinese word, item words, file names. The p95 is set by broad terms (a vendor name found in 12,500 files, sorted by update time, with the total); a selective term such as an invoice number answers in about a millisecond.`,
    '- Enqueue: one transaction with five writes (the file\'s local data, its field-text index, the outbox row, the journal entry, the journal head) and one fsync, against a one-row insert with one fsync.',
  ].join('\n');
  await recordSection(resolve(import.meta.dirname, '../docs/benchmarks.md'), 'Desktop core', body);
  console.log('recorded in docs/benchmarks.md');
}
