import type { ExtractedField } from '../../src/shared/api/index.js';
import { HIGH_CONFIDENCE, pct } from './calibration.js';
import { sameValue, textKey } from './compare-values.js';
import { KEY_OF_FIELD, RECEIPT_CATEGORY } from './receipt-category.js';
import type { Receipt } from './sroie-set.js';

// The learning benches (learning-bench.ts over HTTP, learning-loop.ts in process) score alike: a
// receipt is "repeat" when an earlier receipt of the set has the same merchant (the clerk's Company
// value), "first-seen" otherwise; each value is compared with and without learning.

/** A field as the clerk saves it through /file/update. */
export interface ClerkSave {
  key: string;
  value: string;
  position: NonNullable<ExtractedField['position']>;
}

interface Tally {
  learned: number;
  general: number;
  total: number;
}

/** A value the engine had wrong with learning, for the loop's --misses listing. */
export interface Miss {
  id: string;
  group: string;
  field: string;
  truth: string;
  found: string;
  confidence: number;
}

/** The tallies of a run of receipts in file order, as a clerk works through them. */
export class LearningTally {
  private readonly tallies = new Map<string, Tally>();
  private readonly confident = { right: 0, total: 0 };
  private readonly seen = new Set<string>();
  readonly misses: Miss[] = [];

  /**
   * Scores one receipt's values (with learning, and general extraction alone) and answers the
   * clerk's save: the true values, positions kept where the engine was right (a clerk who confirms
   * it), a wrong one typed with no position.
   */
  score(receipt: Receipt, learned: readonly ExtractedField[], general: readonly ExtractedField[]): ClerkSave[] {
    const group = this.groupOf(receipt);
    return RECEIPT_CATEGORY.fields.flatMap((field) => {
      const key = KEY_OF_FIELD[field.name];
      const truth = receipt.keys[key];
      if (truth === undefined) return [];
      const found = learned.find((f) => f.key === field.name);
      const right = sameValue(key, truth, found?.value ?? '');
      this.count(group, field.name, right, sameValue(key, truth, general.find((f) => f.key === field.name)?.value ?? ''));
      const confidence = found?.confidence ?? 0;
      if (confidence >= HIGH_CONFIDENCE) Object.assign(this.confident, { right: this.confident.right + Number(right), total: this.confident.total + 1 });
      if (!right) this.misses.push({ id: receipt.id, group, field: field.name, truth, found: found?.value ?? '', confidence });
      return [{ key: field.name, value: truth, position: right ? (found?.position ?? []) : [] }];
    });
  }

  /** The tallies as the benches print them, one line a group and field. */
  lines(): string[] {
    return [
      ...[...this.tallies].sort(([a], [b]) => a.localeCompare(b)).map(([name, t]) => `  ${name.padEnd(20)} with learning ${pct(t.learned, t.total).padEnd(18)} without ${pct(t.general, t.total)}`),
      `  confidence >= ${HIGH_CONFIDENCE} (with learning): right ${pct(this.confident.right, this.confident.total)}`,
    ];
  }

  private groupOf(receipt: Receipt): string {
    const merchant = textKey(receipt.keys.company ?? '');
    const group = this.seen.has(merchant) ? 'repeat' : 'first-seen';
    this.seen.add(merchant);
    return group;
  }

  private count(group: string, field: string, learned: boolean, general: boolean): void {
    for (const key of [group, `${group} ${field}`]) {
      const t = this.tallies.get(key) ?? { learned: 0, general: 0, total: 0 };
      this.tallies.set(key, { learned: t.learned + Number(learned), general: t.general + Number(general), total: t.total + 1 });
    }
  }
}
