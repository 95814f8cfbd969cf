/** A check that was read but cannot be decided for a file: a value is empty, unreadable, or of the wrong kind. */
export class CheckEvalError extends Error {}
