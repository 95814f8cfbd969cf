import { defineConfig } from 'vitest/config';

// .ci/run asks for a JSON report as well, to print a closing "N passed, N failed" line.
const jsonReport = process.env['DOCKET_TEST_REPORT'];

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Contract and sync tests start real servers and SQLite files on a 2-core machine.
    testTimeout: 30_000,
    // Child processes, not worker threads: native modules (better-sqlite3, onnxruntime) and
    // process-wide state (cwd, env, signal handlers) stay isolated per test file.
    pool: 'forks',
    ...(jsonReport ? { reporters: ['default', 'json'], outputFile: { json: jsonReport } } : {}),
  },
});
