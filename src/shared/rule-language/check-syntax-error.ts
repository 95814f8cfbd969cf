/** A check that cannot be read: where (0-based offset into the check), what was expected and what was found. */
export class CheckSyntaxError extends Error {
  constructor(
    readonly offset: number,
    readonly expected: string,
    readonly found: string,
  ) {
    super(`at character ${offset + 1}: expected ${expected}, found ${found}`);
  }
}
