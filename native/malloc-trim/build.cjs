'use strict';
// `npm ci` builds the addon here (its install script). node-gyp downloads Node's headers unless told
// where they are; an installed Node carries them (include/node beside bin/), and our machines reach
// only the npm registry, so point node-gyp at them when they are there.
const { spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join, resolve } = require('node:path');

const nodeDir = resolve(process.execPath, '..', '..');
const hasHeaders = existsSync(join(nodeDir, 'include', 'node', 'common.gypi'));
// npm gives its own node-gyp to install scripts; run it with this Node.
const nodeGyp = process.env.npm_config_node_gyp ?? require.resolve('node-gyp/bin/node-gyp.js');
const args = [nodeGyp, 'rebuild', ...(hasHeaders && !process.env.npm_config_nodedir ? [`--nodedir=${nodeDir}`] : [])];
const run = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: __dirname });
process.exit(run.status ?? 1);
