import { z } from 'zod';

/**
 * What a confirmed document teaches, as kept in the store (JSON columns, read back through these
 * schemas so that a row written by an older engine is refused rather than misread).
 */

/** Words of a document that stay the same from one document of a layout to the next. */
export const Fingerprint = z.object({
  /** Words of the issuer block (the first rows of the first page). */
  head: z.array(z.string()),
  /** Label words under the head, each with the coarse place it is printed ("T:TOTAL" upper half, "B:CASH" lower half). */
  labels: z.array(z.string()),
});
export type Fingerprint = z.infer<typeof Fingerprint>;

/** Where a value sat on its page, in terms that survive other values and a shifted scan. */
export const ValuePlace = z.object({
  page: z.number().int().min(0),
  /** Row of the value's first line, counted from the top and from the bottom of its page. */
  rowFromTop: z.number().int().min(0),
  rowFromBottom: z.number().int().min(0),
  /** Rows the value spans. */
  lines: z.number().int().min(1),
  /** Horizontal centre of the value as a share of the page's text width. */
  x: z.number(),
  /** Words of the value's row outside the value (its label and fixed neighbours), and of the row above. */
  row: z.array(z.string()),
  above: z.array(z.string()),
  /** For a date or an amount: its rank among the values of its kind on its row, counted from the right. */
  rankFromRight: z.number().int().min(0),
});
export type ValuePlace = z.infer<typeof ValuePlace>;

/** A value's shape: a date and an amount are found again by their place, a text by its wording. */
export const ValueKind = z.enum(['date', 'amount', 'text']);
export type ValueKind = z.infer<typeof ValueKind>;

/** One field of one confirmed document. */
export const FieldMemory = z.object({
  key: z.string(),
  kind: ValueKind,
  /** The confirmed value as the clerk saved it. */
  value: z.string(),
  /** Where it sat; absent when a typed text could not be found on the page (it may still be read on the next one). */
  place: ValuePlace.optional(),
  /**
   * The value was printed more than once (a total equal to the cash paid): the place is a guess, even
   * with a position, which may be the engine's own pick that the clerk left standing.
   */
  ambiguous: z.boolean().optional(),
  /** A text's wording cut where its page broke it into lines (each looked for on its own when the whole is not found). */
  lines: z.array(z.string()).optional(),
  /** A text's: the words of the row under it (the fixed line that follows an address, which no branch line is). */
  below: z.array(z.string()).optional(),
  /** Where else an ambiguous value was printed (a total also printed as the cash paid and in a tax summary). */
  alsoAt: z.array(ValuePlace).optional(),
});
export type FieldMemory = z.infer<typeof FieldMemory>;

/** A confirmed document: its layout and its fields. */
export const LearnedDocument = z.object({
  fingerprint: Fingerprint,
  fields: z.array(FieldMemory),
});
export type LearnedDocument = z.infer<typeof LearnedDocument>;
