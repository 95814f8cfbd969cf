import { z } from 'zod';

export const SUCCESS_CODE = 200;

/** {code, msg, result?} of every endpoint but the test-run; traceId kept when present. */
export const Envelope = z.looseObject({
  code: z.number().int(),
  msg: z.string().optional().default(''),
  result: z.unknown().optional(),
  traceId: z.string().optional(),
});
export type Envelope = z.infer<typeof Envelope>;

/** {code, data, msg, traceId} of /review/runRule. */
export const DataEnvelope = z.looseObject({
  code: z.number().int(),
  msg: z.string().optional().default(''),
  data: z.unknown().optional(),
  traceId: z.string().optional(),
});

/** Result of endpoints that answer only code and msg. */
export const NoResult = z.unknown().optional();
