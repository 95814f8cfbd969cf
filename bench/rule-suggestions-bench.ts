import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { suggestCheck } from '../src/main/core/rule-suggestions/suggest-check.js';
import type { SuggestionCategory } from '../src/main/core/rule-suggestions/field-targets.js';
import { parseCheck } from '../src/shared/rule-language/parser.js';
import { recordSection } from './pipeline/record-section.js';
import { meaningsOf } from './rule-suggestions/check-meaning.js';

// npx tsx bench/rule-suggestions-bench.ts [--verbose] [--record]
// Suggests a check line for each plain rule of bench/rule-suggestions/plain-rules.json and counts
// right (same meaning as the expected check lines), wrong, and none, per language.
const { values } = parseArgs({ options: { verbose: { type: 'boolean', default: false }, record: { type: 'boolean', default: false } } });

const DataField = z.strictObject({ name: z.string(), alias: z.array(z.string()).optional() });
const PlainRules = z.strictObject({
  about: z.string(),
  categories: z.record(z.string(), z.strictObject({ name: z.string(), fields: z.array(DataField), tables: z.array(z.strictObject({ name: z.string(), fields: z.array(DataField) })) })),
  rules: z.array(z.strictObject({ lang: z.enum(['en', 'zh']), categories: z.array(z.string()).min(1), prompt: z.string(), expected: z.array(z.string()) })),
});
type PlainRules = z.infer<typeof PlainRules>;

/** The data set's categories as the cache holds them: ids made from the names. */
function categoriesOf(data: PlainRules): Map<string, SuggestionCategory> {
  const field = (prefix: string) => (f: z.infer<typeof DataField>) => ({ id: `${prefix}/${f.name}`, name: f.name, alias: f.alias ?? [] });
  return new Map(
    Object.entries(data.categories).map(([key, c]) => [
      key,
      { id: key, name: c.name, fields: { fields: c.fields.map(field(key)), tables: c.tables.map((t) => ({ id: `${key}/${t.name}`, name: t.name, fields: t.fields.map(field(`${key}/${t.name}`)) })) } },
    ]),
  );
}

type Outcome = 'right' | 'wrong' | 'none';

const data = PlainRules.parse(JSON.parse(await readFile(resolve('bench/rule-suggestions/plain-rules.json'), 'utf8')));
const categories = categoriesOf(data);
const tally = new Map<string, Record<Outcome, number>>();
const started = performance.now();
for (const rule of data.rules) {
  const suggestion = suggestCheck(rule.prompt, rule.categories.map((key) => categories.get(key)!));
  const outcome: Outcome = suggestion === null ? (rule.expected.length === 0 ? 'right' : 'none') : rule.expected.length > 0 && meaningsOf(suggestion.checks) === meaningsOf(rule.expected) ? 'right' : 'wrong';
  const group = `${rule.lang} ${rule.expected.length > 0 ? 'with a check' : 'without'}`;
  const counts = tally.get(group) ?? { right: 0, wrong: 0, none: 0 };
  counts[outcome] += 1;
  tally.set(group, counts);
  if (values.verbose && outcome !== 'right') console.log(`${outcome.padEnd(5)} ${rule.prompt}\n      got ${suggestion?.checks.join(' | ') ?? '-'}\n      want ${rule.expected.join(' | ') || '-'}`);
}
const suggestMs = (performance.now() - started) / data.rules.length;

// Reference measured in the same run: parsing the expected check lines, the least any suggestion costs.
const parseStarted = performance.now();
for (const rule of data.rules) for (const line of rule.expected) parseCheck(line);
const parseMs = (performance.now() - parseStarted) / data.rules.length;

const total = [...tally.values()].reduce((sum, c) => ({ right: sum.right + c.right, wrong: sum.wrong + c.wrong, none: sum.none + c.none }), { right: 0, wrong: 0, none: 0 });
const share = (n: number) => `${((100 * n) / data.rules.length).toFixed(1)}%`;
const lines = [
  `${data.rules.length} plain rules (bench/rule-suggestions/plain-rules.json); "right" for a rule without a check line means no suggestion.`,
  'How the set was written, and the figures before the suggester was tuned on it: docs/review-rules.md, "Suggested check lines".',
  '',
  '| rules | count | right | wrong | none |',
  '|---|---|---|---|---|',
  ...[...tally.entries()].sort().map(([group, c]) => `| ${group} | ${c.right + c.wrong + c.none} | ${c.right} | ${c.wrong} | ${c.none} |`),
  `| all | ${data.rules.length} | ${total.right} (${share(total.right)}) | ${total.wrong} (${share(total.wrong)}) | ${total.none} (${share(total.none)}) |`,
  '',
  `Time: ${suggestMs.toFixed(3)} ms per rule, ${(suggestMs / parseMs).toFixed(0)}× the time to parse its expected check lines (${parseMs.toFixed(4)} ms).`,
];
console.log(lines.join('\n'));
if (values.record) await recordSection(resolve('docs/benchmarks.md'), 'Rule suggestions', lines.join('\n'));
