import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { API_PREFIX } from '../../src/shared/api/index.js';
import { assertPublishedAnswer } from './published-schema.js';
import { TEST_CREDENTIALS, defaultWorkspace, startEngineProcess, type EngineProcess } from './engine-process.js';

/** The engine's envelope as a raw caller reads it, with the HTTP status. */
export interface RawAnswer {
  status: number;
  code: number;
  msg: string;
  result?: unknown;
  [member: string]: unknown;
}

/** What a contract test file shares: one engine process, its default workspace and a folder for the files the tests write. */
export interface ContractRig {
  /** A test that restarts the engine puts the new process here, so that it is the one stopped after the file. */
  engine: EngineProcess;
  workspaceId: string;
  dir: string;
  /** Writes a file into `dir` and answers its path. */
  writeTemp(name: string, content: string | Uint8Array): Promise<string>;
  /** A request that skips the client's own validation: what the engine answers any other caller, checked against the published schema. */
  raw(method: 'GET' | 'POST', path: string, request?: { query?: Record<string, string>; body?: object | FormData }): Promise<RawAnswer>;
}

/**
 * Starts the engine before the file's tests (empty unless `starter`; `today` sets its clock) and stops it
 * after them, removing its data folder and `dir`. Call it at the top of the file, before the file's own
 * beforeAll, which then finds the rig filled in. `args` are more engine CLI options.
 */
export function useContractRig(options: { starter?: boolean; today?: string; built?: boolean; args?: readonly string[] } = {}): ContractRig {
  const rig = {
    async writeTemp(name: string, content: string | Uint8Array) {
      const path = join(rig.dir, name);
      await writeFile(path, content);
      return path;
    },
    async raw(method: 'GET' | 'POST', path: string, request: { query?: Record<string, string>; body?: object | FormData } = {}) {
      const { query, body } = request;
      const headers: Record<string, string> = { 'x-ti-app-id': TEST_CREDENTIALS.appId, 'x-ti-secret-code': TEST_CREDENTIALS.secret };
      const isForm = body instanceof FormData;
      if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
      const url = `${rig.engine.origin}${API_PREFIX}${path}${query ? `?${new URLSearchParams(query).toString()}` : ''}`;
      const response = await fetch(url, { method, headers, body: body === undefined || isForm ? body : JSON.stringify(body) });
      const answer = (await response.json()) as Omit<RawAnswer, 'status'>;
      assertPublishedAnswer({ method, path: `${API_PREFIX}${path}`, status: response.status, body: answer });
      return { status: response.status, ...answer };
    },
  } as ContractRig;

  // The engine starts from source through tsx: on a busy two-core machine that takes longer than a hook's default 10 s.
  beforeAll(async () => {
    rig.engine = await startEngineProcess(options);
    rig.workspaceId = await defaultWorkspace(rig.engine);
    rig.dir = await mkdtemp(join(tmpdir(), 'docket-contract-'));
  }, 30_000);

  afterAll(async () => {
    await rig.engine?.stop();
    await Promise.all([rig.engine?.dataDir, rig.dir].filter((dir) => dir !== undefined).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  return rig;
}
