import { z } from 'zod';

/** Every failure that crosses IPC: plain data, so both hosts and the renderer read it the same way. */
export const IpcError = z.object({
  code: z.union([z.string(), z.number()]),
  message: z.string(),
  retryable: z.boolean(),
});
export type IpcError = z.infer<typeof IpcError>;

/** "args.fields[0].name: Too small" so the renderer can say which input is wrong. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], root: string): string {
  const MAX = 3;
  const listed = issues.slice(0, MAX).map((issue) => `${[root, ...issue.path.map(String)].join('.')}: ${issue.message}`);
  const more = issues.length - listed.length;
  return listed.join('; ') + (more > 0 ? ` (and ${more} more)` : '');
}
