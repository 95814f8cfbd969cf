import { z } from 'zod';

/** One invoke entry of the contract: the arguments the renderer sends and the result it gets back. */
export interface InvokeSpec<A extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  args: A;
  result: R;
}

export function invokeSpec<const A extends z.ZodType, const R extends z.ZodType>(args: A, result: R): InvokeSpec<A, R> {
  return { args, result };
}

/** Arguments of a call that takes none. */
export const NoArgs = z.strictObject({});
/** Result of a command that answers nothing but success. */
export const Done = z.object({});
