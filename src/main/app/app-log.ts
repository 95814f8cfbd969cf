import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { dirname } from 'node:path';
import { redact } from '../core/engine-host/index.js';
import type { LogLevel, LogSink } from '../core/log-sink.js';

/**
 * The app's log: one line per event, to a file in the app data folder and to stderr. Every secret the
 * credential store has handled is masked, so a message that quotes one by mistake still leaks nothing.
 */
export class AppLog {
  readonly #secrets = new Set<string>();
  readonly #file: WriteStream | undefined;
  readonly #echo: ((line: string) => void) | undefined;

  constructor(options: { path?: string; echo?: (line: string) => void }) {
    if (options.path !== undefined) {
      mkdirSync(dirname(options.path), { recursive: true });
      this.#file = createWriteStream(options.path, { flags: 'a', mode: 0o600 });
    }
    this.#echo = options.echo;
  }

  /** A secret to mask from now on (called by the credential store). */
  readonly remember = (secret: string): void => {
    if (secret.length >= 4) this.#secrets.add(secret);
  };

  readonly sink: LogSink = (level: LogLevel, message: string) => {
    const line = `${new Date().toISOString()} ${level.padEnd(5)} ${redact(message, [...this.#secrets])}`;
    this.#file?.write(`${line}\n`);
    this.#echo?.(line);
  };

  close(): Promise<void> {
    const file = this.#file;
    return file === undefined ? Promise.resolve() : new Promise((resolve) => file.end(resolve));
  }
}
