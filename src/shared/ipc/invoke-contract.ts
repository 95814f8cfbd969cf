import type { z } from 'zod';
import { appChannels } from './channels/app.js';
import { categoryChannels } from './channels/categories.js';
import { engineChannels } from './channels/engine.js';
import { fileChannels } from './channels/files.js';
import { pageImageChannels } from './channels/page-images.js';
import { firstRunChannels } from './channels/first-run.js';
import { hotFolderChannels } from './channels/hot-folder.js';
import { journalChannels } from './channels/journal.js';
import { profileChannels } from './channels/profiles.js';
import { queueChannels } from './channels/queues.js';
import { reviewChannels } from './channels/review.js';
import { ruleDraftChannels } from './channels/rule-drafts.js';
import { ruleSuggestionChannels } from './channels/rule-suggestions.js';
import { syncChannels } from './channels/sync.js';
import { uploadChannels } from './channels/uploads.js';
import { workspaceChannels } from './channels/workspaces.js';

/** Every call the renderer can make, by channel name; both hosts answer the same map. */
export const INVOKE_CONTRACT = {
  ...appChannels,
  ...profileChannels,
  ...engineChannels,
  ...workspaceChannels,
  ...fileChannels,
  ...pageImageChannels,
  ...queueChannels,
  ...uploadChannels,
  ...hotFolderChannels,
  ...categoryChannels,
  ...reviewChannels,
  ...ruleSuggestionChannels,
  ...ruleDraftChannels,
  ...syncChannels,
  ...journalChannels,
  ...firstRunChannels,
} as const;

export type InvokeContract = typeof INVOKE_CONTRACT;
export type InvokeChannel = keyof InvokeContract;
export const INVOKE_CHANNELS = Object.keys(INVOKE_CONTRACT) as InvokeChannel[];

/** What the renderer passes (before parsing: defaults may be left out). */
export type InvokeArgs<C extends InvokeChannel> = z.input<InvokeContract[C]['args']>;
/** What a handler receives (parsed). */
export type ParsedArgs<C extends InvokeChannel> = z.output<InvokeContract[C]['args']>;
/** What a handler returns (before the result schema parses it). */
export type HandlerResult<C extends InvokeChannel> = z.input<InvokeContract[C]['result']>;
/** What the renderer receives. */
export type InvokeResult<C extends InvokeChannel> = z.output<InvokeContract[C]['result']>;

export function isInvokeChannel(name: string): name is InvokeChannel {
  return Object.hasOwn(INVOKE_CONTRACT, name);
}
