import { execFileSync } from 'node:child_process';
import { listSources, planStack, type StackPlan } from './stack-plan.js';

/** Stack sizes the bar names: 20 to 60 pages. */
export const STACK_PAGES = { min: 20, max: 60 } as const;

/** `count` stacks from fixed seeds, their sizes spread over 20-60 pages. */
export function stackSet(count: number, firstSeed = 1): StackPlan[] {
  const sources = listSources((file) => Number(execFileSync('qpdf', ['--show-npages', file], { encoding: 'utf8' }).trim()));
  return Array.from({ length: count }, (_, i) => {
    const seed = firstSeed + i;
    const spread = STACK_PAGES.max - STACK_PAGES.min;
    return planStack(seed, STACK_PAGES.min + ((seed * 17) % (spread + 1)), sources);
  });
}
