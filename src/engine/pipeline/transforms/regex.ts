import { createContext, Script } from 'node:vm';
import type { TransformSettings } from '../../../shared/api/index.js';

type RegexSettings = NonNullable<TransformSettings['regex_settings']>;

/** A pattern that does not compile, or runs too long, is reported as such, never thrown: it came from a category. */
export type RegexOutcome = { kind: 'matched'; value: string } | { kind: 'mismatch' } | { kind: 'invalid'; reason: string };

// A group repeated without bound ("(a+)+", "(a|aa)*") can backtrack for minutes on a short value;
// such patterns run in a sandbox that stops them. Others run directly: the sandbox costs 0.1 ms a call.
const UNBOUNDED_GROUP = /\)(?:[+*]|\{\d+,\})/;
const SANDBOX_TIMEOUT_MS = 100;
const sandbox = createContext({ pattern: '', value: '', replace: undefined as string | undefined });
const sandboxed = new Script('(() => { const re = new RegExp(pattern, "gu"); const m = re.exec(value); return m && { first: m[1] ?? m[0], replaced: replace === undefined ? undefined : value.replace(re, replace) }; })()');

type Applied = { first: string; replaced: string | undefined } | null;

/**
 * With `replace`, the pattern names what to rewrite: every match is replaced ($1… name groups), and a
 * value with no match stays as it is. Without `replace`, the pattern is what the value must hold: the
 * value becomes the first match (its first group when the pattern has one), and no match is a mismatch.
 */
export function applyRegex(value: string, settings: RegexSettings): RegexOutcome {
  let applied: Applied;
  try {
    applied = UNBOUNDED_GROUP.test(settings.match) ? inSandbox(value, settings) : direct(value, settings);
  } catch (error) {
    return { kind: 'invalid', reason: error instanceof Error ? error.message : String(error) };
  }
  if (!applied) return settings.replace === undefined ? { kind: 'mismatch' } : { kind: 'matched', value };
  return { kind: 'matched', value: applied.replaced ?? applied.first };
}

function direct(value: string, settings: RegexSettings): Applied {
  const pattern = new RegExp(settings.match, 'gu');
  const m = pattern.exec(value);
  return m && { first: m[1] ?? m[0], replaced: settings.replace === undefined ? undefined : value.replace(pattern, settings.replace) };
}

function inSandbox(value: string, settings: RegexSettings): Applied {
  Object.assign(sandbox, { pattern: settings.match, value, replace: settings.replace });
  try {
    return sandboxed.runInContext(sandbox, { timeout: SANDBOX_TIMEOUT_MS }) as Applied;
  } catch (error) {
    const timedOut = (error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT';
    throw new Error(timedOut ? `the pattern ran longer than ${SANDBOX_TIMEOUT_MS} ms` : String((error as Error).message ?? error));
  }
}
