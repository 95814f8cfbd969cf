import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EVENT_CONTRACT, EVENT_NAMES } from '../../../../src/shared/ipc/event-contract.js';
import { INVOKE_CHANNELS, INVOKE_CONTRACT } from '../../../../src/shared/ipc/invoke-contract.js';
import { CHANNEL_NAME } from '../../../../src/shared/ipc/wire-names.js';

/** An object schema that refuses unknown members, or a union of such. */
function isStrict(schema: z.ZodType): boolean {
  if (schema instanceof z.ZodObject) return schema.def.catchall instanceof z.ZodNever;
  if (schema instanceof z.ZodUnion) return schema.options.every((option) => isStrict(option as z.ZodType));
  return false;
}

describe('the IPC contract', () => {
  it('names every call and event so that the preload lets it through', () => {
    for (const name of [...INVOKE_CHANNELS, ...EVENT_NAMES]) expect(name, name).toMatch(CHANNEL_NAME);
  });

  it('has a zod schema for the arguments and the result of every call, and for every event', () => {
    for (const channel of INVOKE_CHANNELS) {
      expect(INVOKE_CONTRACT[channel].args, channel).toBeInstanceOf(z.ZodType);
      expect(INVOKE_CONTRACT[channel].result, channel).toBeInstanceOf(z.ZodType);
    }
    for (const event of EVENT_NAMES) expect(EVENT_CONTRACT[event], event).toBeInstanceOf(z.ZodType);
  });

  it('refuses members a call does not know, so a typo is an error and not a silent default', () => {
    const lenient = INVOKE_CHANNELS.filter((channel) => !isStrict(INVOKE_CONTRACT[channel].args));
    expect(lenient).toEqual([]);
  });

  it('covers what the workstation needs (issue #6)', () => {
    const needed = [
      'uploads.preflight', 'uploads.enqueue', 'hotFolder.configure', 'files.list', 'files.get', 'files.documentPage', 'files.source', 'files.saveData',
      'files.amendCategory', 'files.reExtract', 'files.retry', 'files.delete', 'queues.counts', 'queues.list', 'queues.markDone', 'queues.prefetch',
      'categories.create', 'categories.update', 'categories.delete', 'workspaces.list', 'ruleRepos.list', 'rules.create', 'rules.testRun',
      'reviewTasks.submit', 'reviewTasks.result', 'sync.status', 'sync.setMode', 'outbox.list', 'outbox.retryDead', 'conflicts.list',
      'conflicts.resolve', 'journal.forFile', 'journal.export', 'export.batch', 'preferences.update', 'profiles.create', 'engine.status',
      'firstRun.loadSamples',
    ];
    expect(needed.filter((channel) => !(INVOKE_CHANNELS as string[]).includes(channel))).toEqual([]);
  });
});
