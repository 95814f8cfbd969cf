import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { measureDrain } from './core-drain-bench.js';
import { measurePull } from './core-pull-bench.js';
import { loadAverage } from './machine-load.js';

// npx tsx bench/core-sync-bench.ts [--pull 10000] [--drain 1000] [--runs 3]
// The pull and the drain of bench/core-bench.ts alone (without seeding the 100,000-file cache of the
// query figures), each beside its reference measured in the same run.
const { values } = parseArgs({
  options: {
    pull: { type: 'string', default: '10000' },
    drain: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '3' },
  },
});

const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000).toLocaleString('en');
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const ratio = (reference: number, measured: number) => `${(reference / measured).toFixed(2)}× the reference rate`;

const pull = await measurePull(Number(values.pull), Number(values.runs));
const drain = await measureDrain(Number(values.drain));
console.log(
  [
    '| Measure | Docket core | Reference (same run) | Ratio |',
    '|---|---|---|---|',
    `| Pull ${pull.files.toLocaleString('en')} files with documents, first sync (median of ${values.runs}) | ${perSecond(pull.files, pull.coreMs)} files/s (${seconds(pull.coreMs)} s) | ${perSecond(pull.files, pull.referenceMs)} files/s (${seconds(pull.referenceMs)} s), fetched and decoded alone | ${ratio(pull.referenceMs, pull.coreMs)} |`,
    `| Longest block of the core's event loop during a pull | ${pull.longestStallMs.toFixed(0)} ms | | |`,
    `| Drain ${drain.corrections.toLocaleString('en')} corrections (one per file) | ${perSecond(drain.corrections, drain.coreMs)} corrections/s (${seconds(drain.coreMs)} s) | ${perSecond(drain.corrections, drain.referenceMs)} updates/s (${seconds(drain.referenceMs)} s), the same bodies sent raw | ${ratio(drain.referenceMs, drain.coreMs)} |`,
  ].join('\n'),
);
console.log(`\n${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} cores, load average ${loadAverage()} at the end`);
