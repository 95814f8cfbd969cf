/** One check expression found in a rule's prompt. */
export interface CheckLine {
  /** 1-based line of the prompt. */
  line: number;
  /** The expression, without the `check:` marker and surrounding spaces. */
  source: string;
}

/** A line that starts with `check:` (any case) or `检查：`; the expression is the rest of the line. */
const CHECK_LINE = /^\s*(?:check|检查)\s*[:：](.*)$/iu;

/** Every check line of a prompt, in order; the other lines are prose for the reader (and the cloud). */
export function checkLinesOf(prompt: string): CheckLine[] {
  return prompt.split(/\r?\n/u).flatMap((text, i) => {
    const match = CHECK_LINE.exec(text);
    return match ? [{ line: i + 1, source: match[1]!.trim() }] : [];
  });
}
