import { z } from 'zod';

/** An id in a response: kept as a string whatever the server sent (19 digits do not fit a double). */
export const IdOut = z.union([z.string(), z.number().int()]).transform(String);

/** An id in a request: the contract types some as integers; we accept both and keep a string. */
export const IdIn = z
  .union([z.string().trim().min(1, 'must not be empty').max(64), z.number().int().nonnegative()])
  .transform(String);

const TRUE_WORDS = ['true', 'True', '1'] as const;
const FALSE_WORDS = ['false', 'False', '0'] as const;

/** A boolean in a query string: clients in other languages spell it differently. */
export const QueryBool = z
  .union([z.boolean(), z.enum([...TRUE_WORDS, ...FALSE_WORDS])])
  .transform((v) => v === true || (TRUE_WORDS as readonly unknown[]).includes(v));

/** A boolean in a multipart text part: same spellings as in a query. */
export const PartBool = QueryBool;

/** An integer in a query string (or a number given by our own client). */
const intText = z.union([z.number(), z.string().trim().regex(/^-?\d+$/, 'must be an integer')]).transform(Number);

export function queryInt(min: number, max: number) {
  return intText.pipe(z.number().int().min(min).max(max));
}

/** An integer sent as one of a fixed set of values (0/1 flags, dpi, formula level...). */
export function oneOfInts<const T extends readonly number[]>(values: T) {
  return intText
    .pipe(z.number().int())
    .refine((v): v is T[number] => values.includes(v), { message: `must be one of ${values.join(', ')}` });
}

/** RFC 3339 date-time as the contract writes it (YYYY-MM-DDTHH:MM:SSZ), offsets allowed. */
export const DateTimeText = z.iso.datetime({ offset: true });

/** Epoch seconds (delete window). */
export const EpochSeconds = z.number().int().nonnegative();

/** Integers and strings: tableType arrives as "0"/"1" from the published service. */
export const IntOrText = z.union([z.string(), z.number()]).transform(String);

export const Vertices = z.array(z.number());

/** Position of a value: a page index into pages[] and 8 integers (four x,y corners, top-left origin). */
export const Position = z.looseObject({ page: z.number().int(), vertices: Vertices });
export type Position = z.infer<typeof Position>;
