import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Preferences } from '../../../shared/ipc/channels/app.js';
import type { EngineStatus } from '../../../shared/ipc/channels/engine.js';
import type { StoredCredentials } from '../credentials/index.js';
import type { LogSink } from '../log-sink.js';
import type { EngineLaunch } from './engine-launch.js';
import { DEFAULT_BACKOFF, restartDelay, type BackoffOptions } from './restart-backoff.js';
import { redact } from './redact.js';

/** The line the engine prints once it answers requests (src/engine/cli.ts). */
const READY_LINE = /^engine listening on (http:\/\/127\.0\.0\.1:(\d+))$/;
const KEPT_STDERR_LINES = 20;

export interface EngineHostOptions {
  launch: EngineLaunch;
  dataDir: string;
  /** The same credentials on every start: the app's clients keep working across restarts. */
  credentials: () => Promise<StoredCredentials>;
  /** The desk's language, read at each start: a new data folder's workspace and starter content are named in it. */
  language?: () => Preferences['language'];
  /** Preferred port; 0 lets the system choose. Restarts reuse the port the engine had. */
  port?: number;
  readyTimeoutMs?: number;
  stopTimeoutMs?: number;
  backoff?: Partial<BackoffOptions>;
  log: LogSink;
  now?: () => Date;
}

interface Waiter {
  resolve: (origin: string) => void;
  reject: (error: Error) => void;
}

/**
 * Runs the local engine as a child process: waits for its listening line, restarts it with backoff
 * when it dies, and stops it on request. Credentials travel in the environment, never on the command line.
 */
export class EngineHost {
  readonly #options: EngineHostOptions;
  readonly #backoff: BackoffOptions;
  readonly #listeners = new Set<(status: EngineStatus) => void>();
  #status: EngineStatus = { state: 'stopped', restarts: 0 };
  #child: ChildProcess | undefined;
  #exited: Promise<void> = Promise.resolve();
  #wanted = false;
  #failures = 0;
  #port: number;
  #restartTimer: NodeJS.Timeout | undefined;
  #healthyTimer: NodeJS.Timeout | undefined;
  #waiters: Waiter[] = [];
  #stderr: string[] = [];
  #secrets: string[] = [];

  constructor(options: EngineHostOptions) {
    this.#options = options;
    this.#backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    this.#port = options.port ?? 0;
  }

  status(): EngineStatus {
    return this.#status;
  }

  onStatus(listener: (status: EngineStatus) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Starts (if not running) and resolves with the origin once the engine answers. */
  start(): Promise<string> {
    if (!this.#wanted) {
      this.#wanted = true;
      this.#failures = 0;
      this.launch();
    }
    return this.whenReady();
  }

  /** The origin once ready, waiting through restarts; fails if the host gives up or is stopped. */
  whenReady(): Promise<string> {
    const { state, origin } = this.#status;
    if (state === 'ready' && origin !== undefined) return Promise.resolve(origin);
    if (!this.#wanted) return Promise.reject(new Error(this.#status.problem ?? 'the local engine is not running'));
    return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }

  /** SIGTERM, then SIGKILL if it has not exited in time. No restart follows. */
  async stop(): Promise<void> {
    this.#wanted = false;
    this.clearTimers();
    const child = this.#child;
    if (child !== undefined) {
      child.kill('SIGTERM');
      const timeout = setTimeout(() => child.kill('SIGKILL'), this.#options.stopTimeoutMs ?? 10_000);
      await this.#exited;
      clearTimeout(timeout);
    }
    this.settleWaiters(new Error('the local engine was stopped'));
    this.setStatus({ state: 'stopped', restarts: this.#status.restarts, ...pick(this.#status, 'lastExit') });
  }

  /** Stops and starts again, with the failure count reset (after it gave up, for instance). */
  async restart(): Promise<string> {
    await this.stop();
    return this.start();
  }

  private launch(): void {
    this.#restartTimer = undefined;
    this.setStatus({ ...this.#status, state: 'starting', problem: undefined, nextAttemptAt: undefined, origin: undefined, pid: undefined });
    this.#options.credentials().then(
      (credentials) => {
        if (this.#wanted) this.spawnWith(credentials);
      },
      (error: unknown) => this.failed(`its credentials could not be read: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  private spawnWith(credentials: StoredCredentials): void {
    const { launch, dataDir, language } = this.#options;
    this.#secrets = [credentials.secret];
    this.#stderr = [];
    const languageArgs = language ? ['--language', language()] : [];
    const child = spawn(launch.command, [...launch.args, '--port', String(this.#port), '--data-dir', dataDir, ...languageArgs, '--exit-with-stdin', '--background'], {
      cwd: launch.cwd,
      env: { ...process.env, ...launch.env, DOCKET_ENGINE_APP_ID: credentials.appId, DOCKET_ENGINE_SECRET: credentials.secret },
      // stdin stays an open pipe: it closes when this process dies, and the engine stops with it.
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    this.#child = child;
    let exitSeen = false;
    this.#exited = new Promise((resolve) => {
      const onGone = (code: number | null, signal: NodeJS.Signals | null) => {
        if (exitSeen) return;
        exitSeen = true;
        resolve();
        this.exited(child, code, signal);
      };
      child.once('exit', onGone);
      child.once('error', (error) => {
        this.#stderr.push(error.message);
        onGone(null, null);
      });
    });
    const readyTimer = setTimeout(() => {
      this.#stderr.push(`not ready within ${this.readyTimeoutMs()} ms`);
      child.kill('SIGKILL');
    }, this.readyTimeoutMs());
    child.once('exit', () => clearTimeout(readyTimer));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const ready = READY_LINE.exec(line);
      if (ready && this.#child === child) {
        clearTimeout(readyTimer);
        this.ready(ready[1]!, Number(ready[2]));
      } else this.#options.log('info', `engine: ${redact(line, this.#secrets)}`);
    });
    createInterface({ input: child.stderr! }).on('line', (line) => {
      const clean = redact(line, this.#secrets);
      this.#stderr = [...this.#stderr, clean].slice(-KEPT_STDERR_LINES);
      this.#options.log('warn', `engine: ${clean}`);
    });
  }

  private ready(origin: string, port: number): void {
    this.#port = port;
    this.setStatus({ ...this.#status, state: 'ready', origin, pid: this.#child?.pid, problem: undefined, nextAttemptAt: undefined });
    this.#options.log('info', `local engine ready at ${origin}`);
    this.#healthyTimer = setTimeout(() => (this.#failures = 0), this.#backoff.healthyAfterMs);
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const waiter of waiters) waiter.resolve(origin);
  }

  private exited(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.#child !== child) return;
    this.#child = undefined;
    clearTimeout(this.#healthyTimer);
    const lastExit = { code, signal, at: this.now().toISOString() };
    if (!this.#wanted) {
      this.#status = { ...this.#status, lastExit };
      return;
    }
    const wasReady = this.#status.state === 'ready';
    // A start that never became ready may have lost its port: let the system pick the next one.
    if (!wasReady) this.#port = this.#options.port ?? 0;
    this.#failures += 1;
    const detail = this.#stderr.slice(-3).join(' | ');
    const how = signal === null ? `exit code ${code}` : `signal ${signal}`;
    this.#options.log('warn', `local engine stopped (${how})${detail ? `: ${detail}` : ''}`);
    if (this.#failures > this.#backoff.maxFailures) {
      this.#status = { ...this.#status, lastExit };
      this.failed(`it stopped ${this.#failures} times in a row (last: ${how}${detail ? `: ${detail}` : ''})`);
      return;
    }
    const delay = restartDelay(this.#failures, this.#backoff);
    this.setStatus({
      state: 'restarting',
      restarts: this.#status.restarts + 1,
      lastExit,
      problem: `the local engine stopped (${how}); starting it again`,
      nextAttemptAt: new Date(this.now().getTime() + delay).toISOString(),
    });
    this.#restartTimer = setTimeout(() => this.launch(), delay);
  }

  private failed(reason: string): void {
    this.#wanted = false;
    this.clearTimers();
    const problem = `The local engine could not be kept running: ${reason}.`;
    this.setStatus({ ...this.#status, state: 'failed', origin: undefined, pid: undefined, nextAttemptAt: undefined, problem });
    this.settleWaiters(new Error(problem));
  }

  private settleWaiters(error: Error): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const waiter of waiters) waiter.reject(error);
  }

  private clearTimers(): void {
    clearTimeout(this.#restartTimer);
    clearTimeout(this.#healthyTimer);
    this.#restartTimer = undefined;
  }

  private setStatus(status: EngineStatus): void {
    this.#status = Object.fromEntries(Object.entries(status).filter(([, value]) => value !== undefined)) as EngineStatus;
    for (const listener of this.#listeners) listener(this.#status);
  }

  private readyTimeoutMs(): number {
    return this.#options.readyTimeoutMs ?? 120_000;
  }

  private now(): Date {
    return (this.#options.now ?? (() => new Date()))();
  }
}

function pick<T extends object, K extends keyof T>(value: T, key: K): Partial<Pick<T, K>> {
  return value[key] === undefined ? {} : ({ [key]: value[key] } as Pick<T, K>);
}
