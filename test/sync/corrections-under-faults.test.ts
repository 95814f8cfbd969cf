import { describe, expect, it } from 'vitest';
import { seededRandom, type Fault, type FaultPlan } from './fault-proxy.js';
import { useSyncRig, serverFields, syncUntilDrained } from './sync-harness.js';

const KEYS = ['Reference', 'Total', 'Vendor'] as const;

const rig = useSyncRig(8, { initialSync: true });

/** Every kind of fault on every route, some of the time. */
function faultyPlan(random: () => number): FaultPlan {
  return () => {
    const roll = random();
    const fault: Fault =
      roll < 0.06 ? { kind: 'drop' }
      : roll < 0.12 ? { kind: 'reset' }
      : roll < 0.18 ? { kind: 'status', status: 503 }
      : roll < 0.22 ? { kind: 'status', status: 500 }
      : roll < 0.3 ? { kind: 'delay', ms: 30 }
      : roll < 0.42 ? { kind: 'lose-response' }
      : { kind: 'pass' };
    return fault;
  };
}

/** The field sets /file/update applied on the server, per file, in order. */
function appliedUpdates(): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  for (const entry of rig.proxy.applied('/file/update')) {
    for (const update of JSON.parse(entry.body.toString('utf8')) as { file_id: string; data: unknown }[]) {
      byFile.set(update.file_id, [...(byFile.get(update.file_id) ?? []), JSON.stringify(update.data)]);
    }
  }
  return byFile;
}

describe('corrections through a faulty network', () => {
  it('loses none and applies none twice, and the queue drains once the network recovers', async () => {
    const random = seededRandom(20260705);
    rig.proxy.setPlan(faultyPlan(seededRandom(7)));
    const model = new Map(rig.fileIds.map((id) => [id, new Map<string, string>()]));
    let edit = 0;
    for (let round = 0; round < 20; round++) {
      // Sync runs while the clerk keeps editing: edits land before, during and after pushes.
      const syncing = rig.core.sync.syncNow().catch(() => undefined);
      for (let i = 0; i < 8; i++) {
        const fileId = rig.fileIds[Math.floor(random() * rig.fileIds.length)]!;
        const fields = model.get(fileId)!;
        fields.set(KEYS[Math.floor(random() * KEYS.length)]!, `value ${++edit}`);
        rig.core.changes.correctFile({ workspace_id: rig.ws, file_id: fileId, data: { fields: [...fields].map(([key, value]) => ({ key, value })) } });
        if (i % 3 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await syncing;
      for (let i = 0; i < 2; i++) await rig.core.sync.syncNow().catch(() => undefined);
    }
    const faults = new Set(rig.proxy.log.map((e) => e.fault));
    expect([...faults].sort()).toEqual(['delay', 'drop', 'lose-response', 'pass', 'reset', 'status']);
    expect(rig.proxy.log.filter((e) => e.route === '/file/update' && e.fault === 'lose-response' && e.upstreamCode === 200).length).toBeGreaterThan(0);

    rig.proxy.setPlan(() => ({ kind: 'pass' }));
    await syncUntilDrained(rig.core);

    for (const [fileId, fields] of model) {
      if (fields.size === 0) continue;
      expect(await serverFields(rig.engine, rig.ws, fileId)).toEqual(Object.fromEntries(fields));
      const cached = rig.core.getFile(rig.ws, fileId)!;
      expect(Object.fromEntries((cached.data?.fields ?? []).map((f) => [f.key, f.value]))).toEqual(Object.fromEntries(fields));
      expect(cached.local.pending).toBe(0);
    }
    for (const [fileId, bodies] of appliedUpdates()) {
      expect(new Set(bodies).size, `file ${fileId} got the same field set twice`).toBe(bodies.length);
    }
    expect(rig.core.outbox.counts()).toEqual({ pending: 0, conflicts: 0, deadLetters: 0 });
    expect(rig.core.journal.verify().ok).toBe(true);
  }, 120_000);
});
