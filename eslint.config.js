// Lint is where DESIGN.md's import rules are enforced: each source folder is one "zone" below,
// and every file falls in exactly one zone, because a later flat-config block replaces (not
// merges) an earlier block's options for the same rule.
import { builtinModules } from 'node:module';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

const TS_FILES = ['**/*.{ts,tsx,mts,cts}'];

// no-restricted-imports matches the import string, not the resolved file, so a relative import
// into another top-level folder is recognised by its leading "../" segments. A same-named folder
// deeper down would be a false positive; none exists and the names are reserved by DESIGN.md.
const UP = String.raw`^(?:\.\./)+(?:src/)?`;
const intoFolder = (...names) => `${UP}(?:${names.join('|')})(?:/|$)`;

const nodeNames = builtinModules.filter((name) => !name.startsWith('_')).map((name) => name.split('/')[0]);
const NODE_BUILTINS = {
  regex: `^(?:node:|(?:${[...new Set(nodeNames)].join('|')})(?:/|$))`,
  message: 'Node built-ins are not available here.',
};

const electronBanned = (where) => ({
  paths: [{ name: 'electron', message: `${where} never imports electron (DESIGN.md: Processes).` }],
  patterns: [{ regex: '^electron/', message: `${where} never imports electron.` }],
});

const IPC_MAIN_ONLY_IN_MAIN_ELECTRON = {
  paths: ['electron', 'electron/main'].map((name) => ({
    name,
    importNames: ['ipcMain'],
    message: 'Only src/main/electron/ wires IPC (ipcMain).',
  })),
  patterns: [],
};

const NO_ENGINE = {
  regex: intoFolder('engine'),
  message: 'Nothing imports src/engine: it is reached over HTTP (only test/ and bench/ may import it).',
};
const NO_RENDERER = { regex: intoFolder('renderer'), message: 'src/renderer is a browser bundle; it is not imported.' };
const PRELOAD_TYPES_ONLY = {
  regex: intoFolder('preload'),
  allowTypeImports: true,
  message: 'Only the preload types may be imported (import type ... from preload/docket-api).',
};

/** One zone's full option object for @typescript-eslint/no-restricted-imports. */
function restrictions({ paths = [], patterns = [] }, ...more) {
  return [
    'error',
    {
      paths: [...paths, ...more.flatMap((extra) => extra.paths ?? [])],
      patterns: [...patterns, ...more.flatMap((extra) => extra.patterns ?? [])],
    },
  ];
}

const zones = [
  {
    name: 'docket/zone/shared',
    files: ['src/shared/**'],
    rule: restrictions({
      patterns: [
        {
          regex: String.raw`^(?!\.|zod(?:/|$))`,
          message: 'src/shared is pure TypeScript: it imports only zod (no Node built-ins, no other packages).',
        },
        {
          regex: intoFolder('main', 'renderer', 'preload', 'engine'),
          message: 'src/shared imports nothing of ours outside src/shared.',
        },
      ],
    }),
  },
  {
    // Node code both the engine and the desk's core run (the e-invoice readers and the drawn page).
    name: 'docket/zone/shared-node',
    files: ['src/shared-node/**'],
    rule: restrictions(electronBanned('src/shared-node'), {
      patterns: [
        {
          regex: intoFolder('main', 'renderer', 'preload', 'engine'),
          message: 'src/shared-node imports only src/shared, Node built-ins and packages: the engine and the desk core both import it.',
        },
      ],
    }),
  },
  {
    name: 'docket/zone/renderer',
    files: ['src/renderer/**'],
    rule: restrictions(electronBanned('src/renderer'), {
      patterns: [
        NODE_BUILTINS,
        {
          regex: intoFolder('main'),
          message: 'src/renderer talks to the main process through lib/bridge.ts only, never by import.',
        },
        NO_ENGINE,
        PRELOAD_TYPES_ONLY,
      ],
    }),
  },
  {
    name: 'docket/zone/preload',
    files: ['src/preload/**'],
    rule: restrictions(IPC_MAIN_ONLY_IN_MAIN_ELECTRON, {
      patterns: [
        { ...NODE_BUILTINS, message: 'Sandboxed preloads cannot load Node built-ins.' },
        { regex: intoFolder('main'), message: 'src/preload is contextBridge only: it does not import main.' },
        NO_RENDERER,
        NO_ENGINE,
      ],
    }),
  },
  {
    name: 'docket/zone/main-core',
    files: ['src/main/core/**'],
    rule: restrictions(electronBanned('src/main/core'), {
      patterns: [
        {
          regex: `${UP}(?:main/)?(?:electron|web)(?:/|$)`,
          message: 'src/main/core is host-agnostic: the hosts import it, not the other way round.',
        },
        NO_RENDERER,
        PRELOAD_TYPES_ONLY,
        NO_ENGINE,
      ],
    }),
  },
  {
    name: 'docket/zone/main-electron',
    files: ['src/main/electron/**'],
    rule: restrictions({ patterns: [NO_RENDERER, PRELOAD_TYPES_ONLY, NO_ENGINE] }),
  },
  {
    name: 'docket/zone/main-web',
    files: ['src/main/web/**'],
    rule: restrictions(electronBanned('src/main/web'), {
      patterns: [
        {
          regex: `${UP}(?:main/)?electron(?:/|$)`,
          message: 'The web host runs without Electron: it does not import src/main/electron.',
        },
        NO_RENDERER,
        PRELOAD_TYPES_ONLY,
        NO_ENGINE,
      ],
    }),
  },
  {
    name: 'docket/zone/main-entry',
    files: ['src/main/index.ts'],
    rule: restrictions(IPC_MAIN_ONLY_IN_MAIN_ELECTRON, { patterns: [NO_RENDERER, PRELOAD_TYPES_ONLY, NO_ENGINE] }),
  },
  {
    name: 'docket/zone/main-other',
    files: ['src/main/**'],
    ignores: ['src/main/index.ts', 'src/main/core/**', 'src/main/electron/**', 'src/main/web/**'],
    rule: restrictions(electronBanned('Outside src/main/index.ts and src/main/electron/, main'), {
      patterns: [NO_RENDERER, PRELOAD_TYPES_ONLY, NO_ENGINE],
    }),
  },
  {
    name: 'docket/zone/engine',
    files: ['src/engine/**'],
    rule: restrictions(electronBanned('src/engine'), {
      patterns: [
        {
          regex: intoFolder('main'),
          message: 'src/engine is a standalone server: it does not import src/main (what it shares with the client lives in src/shared).',
        },
        NO_RENDERER,
        { regex: intoFolder('preload'), message: 'src/engine does not import src/preload.' },
      ],
    }),
  },
];

const NO_DEFAULT_EXPORT = [
  { selector: 'ExportDefaultDeclaration', message: 'Named exports only.' },
  { selector: "ExportSpecifier[exported.name='default']", message: 'Named exports only.' },
];

const GLOBAL_OBJECT = '/^(?:window|globalThis|self)$/';
const NO_WINDOW_DOCKET = [
  `MemberExpression[object.type='Identifier'][object.name=${GLOBAL_OBJECT}][property.name='docket']`,
  `MemberExpression[object.type='Identifier'][object.name=${GLOBAL_OBJECT}][property.value='docket']`,
  `VariableDeclarator[init.type='Identifier'][init.name=${GLOBAL_OBJECT}] > ObjectPattern > Property[key.name='docket']`,
].map((selector) => ({ selector, message: 'Only src/renderer/lib/bridge.ts touches window.docket.' }));

export default defineConfig(
  globalIgnores(['out/', 'dist/', 'node_modules/', 'coverage/', 'test-results/', '.engine/']),
  { name: 'docket/files', files: TS_FILES },
  tseslint.configs.recommended,
  {
    name: 'docket/typescript',
    files: TS_FILES,
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  ...zones.map(({ name, files, ignores, rule }) => ({
    name,
    files,
    ...(ignores ? { ignores } : {}),
    rules: { '@typescript-eslint/no-restricted-imports': rule },
  })),
  {
    // The native addon's package is CommonJS: npm runs its install script and Node loads its entry with require().
    name: 'docket/native-addon-commonjs',
    files: ['native/**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Config files at the root keep the default export their tools require.
    name: 'docket/named-exports-only',
    files: ['src/**', 'test/**', 'bench/**'],
    rules: { 'no-restricted-syntax': ['error', ...NO_DEFAULT_EXPORT] },
  },
  {
    name: 'docket/window-docket-only-in-bridge',
    files: ['src/renderer/**'],
    ignores: ['src/renderer/lib/bridge.ts'],
    rules: { 'no-restricted-syntax': ['error', ...NO_DEFAULT_EXPORT, ...NO_WINDOW_DOCKET] },
  },
);
