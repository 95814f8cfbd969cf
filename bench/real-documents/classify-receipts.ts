// Classifies the text of every receipt of the development set against the starter categories, as
// the engine would (npx tsx bench/real-documents/classify-receipts.ts [--verbose]).
import { rankCategories } from '../../src/engine/pipeline/classify/classify.js';
import { classifiableStarterCategories } from '../../src/engine/starter/starter-categories.js';
import { loadReceipts } from './sroie-set.js';

async function main(): Promise<void> {
  const verbose = process.argv.includes('--verbose');
  const categories = classifiableStarterCategories('en');
  const receipts = await loadReceipts();
  const counts = new Map<string, number>([...categories.map((c) => [c.name, 0] as const), ['', 0]]);
  for (const receipt of receipts) {
    const [best, second] = rankCategories(receipt.lines.join('\n'), categories);
    const category = best?.fits ? best.name : '';
    counts.set(category, (counts.get(category) ?? 0) + 1);
    if (verbose && category !== 'Receipt') console.log(`${receipt.id}: ${category || 'unclassified'} (${best?.name} ${best?.score.toFixed(1)}, ${second?.name} ${second?.score.toFixed(1)})`);
  }
  console.log(`| category | receipts (of ${receipts.length}) |\n|---|---|`);
  for (const [name, n] of counts) console.log(`| ${name || 'unclassified'} | ${n} (${((100 * n) / receipts.length).toFixed(1)}%) |`);
}

await main();
