import { constants, setPriority } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadOrCreateCredentials } from './credentials-file.js';
import { ENGINE_MMAP_THRESHOLD, fixMmapThreshold } from './pipeline/read/ocr/heap-trim.js';
import { startEngine } from './server.js';
import { clockStartingOn } from './shifted-clock.js';
import { DESK_LANGUAGES } from './starter/desk-language.js';

const USAGE = 'usage: npm run engine -- [--port <n>] [--data-dir <dir>] [--app-id <id>] [--secret-code <secret>] [--exit-with-stdin] [--background] [--no-starter] [--language <zh-CN|en>] [--today <YYYY-MM-DD>] [--page-image-ttl <seconds>] [--page-image-cache-mb <n>] [--allow-private-addresses] [--link-timeout-ms <n>] [--link-max-mb <n>] [--callback-backoff-ms <n>] [--cloud-stand-in]';

// A parent process passes credentials here rather than on the command line, which `ps` shows to everyone.
const ENV_APP_ID = 'DOCKET_ENGINE_APP_ID';
const ENV_SECRET = 'DOCKET_ENGINE_SECRET';

const Args = z.object({
  port: z.string().regex(/^\d+$/, 'port must be a number').transform(Number).pipe(z.number().max(65535)).default(0),
  'data-dir': z.string().min(1).default('.engine'),
  'app-id': z.string().min(1).optional(),
  'secret-code': z.string().min(1).optional(),
  // The desk's language: a new data folder's workspace and starter content are named in it.
  language: z.enum(DESK_LANGUAGES).default('en'),
  // For benchmarks and tests: the engine's clock starts on this day.
  today: z.iso.date('today must be a date YYYY-MM-DD').optional(),
  // Page image links: seconds they stay valid (30 days by default; tests shorten it) and the rendered pages' disk budget.
  'page-image-ttl': z.string().regex(/^[1-9]\d*$/, 'page-image-ttl must be a whole number of seconds').transform(Number).optional(),
  'page-image-cache-mb': z.string().regex(/^\d+$/, 'page-image-cache-mb must be a number').transform((mb) => Number(mb) * 1024 * 1024).optional(),
  // Upload links and callbacks (tests shorten them): a link's download time and size, the first callback retry's wait.
  'link-timeout-ms': z.string().regex(/^[1-9]\d*$/, 'link-timeout-ms must be a whole number').transform(Number).optional(),
  'link-max-mb': z.string().regex(/^[1-9]\d*$/, 'link-max-mb must be a whole number').transform((mb) => Number(mb) * 1024 * 1024).optional(),
  'callback-backoff-ms': z.string().regex(/^\d+$/, 'callback-backoff-ms must be a number').transform(Number).optional(),
});

async function main(): Promise<void> {
  // glibc's allocator for this whole process, before any page worker starts (heap-trim.ts says why).
  const allocator = fixMmapThreshold(ENGINE_MMAP_THRESHOLD);
  const { values } = parseArgs({
    options: { port: { type: 'string' }, 'data-dir': { type: 'string' }, 'app-id': { type: 'string' }, 'secret-code': { type: 'string' }, 'exit-with-stdin': { type: 'boolean' }, background: { type: 'boolean' }, 'no-starter': { type: 'boolean' }, language: { type: 'string' }, today: { type: 'string' }, 'page-image-ttl': { type: 'string' }, 'page-image-cache-mb': { type: 'string' }, 'allow-private-addresses': { type: 'boolean' }, 'link-timeout-ms': { type: 'string' }, 'link-max-mb': { type: 'string' }, 'callback-backoff-ms': { type: 'string' }, 'cloud-stand-in': { type: 'boolean' } },
    strict: true,
  });
  const { 'exit-with-stdin': exitWithStdin, background, 'no-starter': noStarter, 'allow-private-addresses': allowPrivate, 'cloud-stand-in': cloudStandIn, ...named } = values;
  if (background) yieldToForeground();
  const args = Args.parse({ 'app-id': process.env[ENV_APP_ID], 'secret-code': process.env[ENV_SECRET], ...named });
  delete process.env[ENV_APP_ID];
  delete process.env[ENV_SECRET];
  if ((args['app-id'] === undefined) !== (args['secret-code'] === undefined)) throw new Error('give both --app-id and --secret-code, or neither');
  const dataDir = resolve(args['data-dir']);
  const given = args['app-id'] && args['secret-code'] ? { appId: args['app-id'], secret: args['secret-code'] } : undefined;
  const { credentials, generated } = given ? { credentials: given, generated: false } : await loadOrCreateCredentials(dataDir);

  const engine = await startEngine({
    dataDir,
    credentials,
    port: args.port,
    starter: !noStarter,
    language: args.language,
    pageImages: { ttlSeconds: args['page-image-ttl'], cacheBytes: args['page-image-cache-mb'] },
    // Upload links and callbacks reach loopback and private addresses only when asked (tests do).
    outbound: { allowPrivate: allowPrivate ?? false, linkTimeoutMs: args['link-timeout-ms'], linkMaxBytes: args['link-max-mb'], callbackBackoffMs: args['callback-backoff-ms'] },
    ...(args.today === undefined ? {} : { now: clockStartingOn(args.today) }),
    // Tests of what the desk sends a cloud account: the engine reads no invoice XML, as the cloud.
    cloudStandIn: cloudStandIn ?? false,
  });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    engine.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`engine stopped with an error: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Started by the app with a pipe on stdin: when the app dies, even by SIGKILL, the pipe closes and the engine stops.
  if (exitWithStdin) process.stdin.on('end', stop).resume();
  // Announced only once a SIGTERM would be handled: callers may stop the engine right after this line.
  process.stdout.write(`engine listening on ${engine.origin}\n`);
  if (generated) process.stdout.write(`generated credentials: x-ti-app-id=${credentials.appId} x-ti-secret-code=${credentials.secret} (kept in ${dataDir}/credentials.json)\n`);
  if (allocator.fixed) process.stdout.write(`engine allocator: glibc mmap threshold fixed at ${allocator.bytes} bytes\n`);
  else if (!allocator.unsupported) process.stderr.write(`engine: glibc's mmap threshold could not be fixed (${allocator.reason}); freed memory may stay with the allocator\n`);
}

/**
 * Started by the desk app, the engine yields the CPU to the clerk's screen: on a 2-core laptop its
 * page workers drawing and reading pictures otherwise took both cores and the UI missed frames (50 to
 * 100 ms) during a pull. Set before any worker starts: on Linux a thread's priority passes to the
 * threads it creates. Requests still run, only after the UI when both want the CPU.
 */
function yieldToForeground(): void {
  try {
    setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
  } catch (error) {
    process.stderr.write(`engine: could not lower its priority (${String(error)}); running at normal priority\n`);
  }
}

main().catch((error: unknown) => {
  const message = error instanceof z.ZodError ? error.issues.map((i) => i.message).join('; ') : error instanceof Error ? error.message : String(error);
  process.stderr.write(`engine: ${message}\n${USAGE}\n`);
  process.exit(2);
});
