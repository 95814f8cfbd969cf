import type { OutboxCounts } from '../../../shared/ipc/channels/sync.js';
import type { CatalogPart, CoreEvents } from '../core-events.js';
import type { TypedEmitter } from '../typed-emitter.js';

/** What a transaction changed, told to listeners only once it has committed. */
export class ChangeNotes {
  private readonly files = new Map<string, Set<string>>();
  private readonly catalog = new Set<string>();
  private outboxTouched = false;

  file(workspaceId: string, fileId: string): this {
    const set = this.files.get(workspaceId) ?? new Set();
    set.add(fileId);
    this.files.set(workspaceId, set);
    return this;
  }

  catalogPart(workspaceId: string, part: CatalogPart): this {
    this.catalog.add(JSON.stringify([workspaceId, part]));
    return this;
  }

  outbox(): this {
    this.outboxTouched = true;
    return this;
  }

  emit(events: TypedEmitter<CoreEvents>, counts: () => OutboxCounts, origin: 'local' | 'server'): void {
    for (const [workspaceId, ids] of this.files) events.emit('files-changed', { workspaceId, fileIds: [...ids], origin });
    for (const key of this.catalog) {
      const [workspaceId, part] = JSON.parse(key) as [string, CatalogPart];
      events.emit('catalog-changed', { workspaceId, part });
    }
    if (this.outboxTouched) events.emit('outbox-changed', counts());
  }
}
