import type { StackPlan } from './stack-plan.js';

/** A child as the engine answered it: its pages of the stack (0-based) and its category. */
export type SplitChild = { pages: readonly number[]; category: string };

export type SplitScore = {
  documents: number;
  /** Documents whose pages, exactly, form one child (a page blank in the document itself may be left out). */
  splitRight: number;
  /** Of those, documents right only because a page blank in the document itself was left out. */
  blankLeftOut: number;
  /** Pages to move for every document to be one child: pages in a child of another document, content pages dropped, blank and separator pages kept. */
  misplaced: number;
  /** Children of a document split right whose category is the document's. */
  classifiedRight: number;
  /** The documents split wrong, for reading. */
  wrong: string[];
};

export const EXPECTED_CATEGORY = { receipt: 'Receipt', invoice: 'Invoice' } as const;

/** `blankInSource`: pages of the documents blank in the document itself, which a child may leave out (the issue drops blank pages). */
export function scoreSplit(plan: StackPlan, children: readonly SplitChild[], blankInSource: ReadonlySet<number> = new Set()): SplitScore {
  const owner = new Map<number, number>();
  plan.documents.forEach((doc, d) => doc.pages.forEach((p) => owner.set(p, d)));
  const exact = new Map(children.map((child) => [[...child.pages].sort((a, b) => a - b).join(','), child]));
  let [splitRight, classifiedRight, blankLeftOut] = [0, 0, 0];
  const wrong: string[] = [];
  for (const doc of plan.documents) {
    const inked = doc.pages.filter((p) => !blankInSource.has(p));
    const child = exact.get(doc.pages.join(',')) ?? exact.get(inked.join(','));
    if (child) {
      splitRight++;
      if (child.pages.length < doc.pages.length) blankLeftOut++;
      if (child.category === EXPECTED_CATEGORY[doc.kind]) classifiedRight++;
    } else wrong.push(`${doc.kind} ${doc.id} (pages ${doc.pages.join(',')})`);
  }
  // Each child belongs to the document it holds most of; a document's home is the biggest child that belongs to it.
  const childOf = new Map<number, number>();
  children.forEach((child, c) => child.pages.forEach((p) => childOf.set(p, c)));
  const home = new Map<number, { child: number; pages: number }>();
  children.forEach((child, c) => {
    const counts = new Map<number, number>();
    for (const p of child.pages) if (owner.has(p)) counts.set(owner.get(p)!, (counts.get(owner.get(p)!) ?? 0) + 1);
    const [d, pages] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
    if (d !== undefined && pages! > (home.get(d)?.pages ?? 0)) home.set(d, { child: c, pages: pages! });
  });
  const kept = [...childOf.keys()].filter((p) => !owner.has(p)).length;
  const astray = [...owner].filter(([p, d]) => (childOf.get(p) === undefined && !blankInSource.has(p)) || (childOf.get(p) !== undefined && childOf.get(p) !== home.get(d)?.child)).length;
  const misplaced = kept + astray;
  return { documents: plan.documents.length, splitRight, blankLeftOut, misplaced, classifiedRight, wrong };
}
