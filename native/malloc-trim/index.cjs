'use strict';
// The built addon (node-gyp, at npm ci). Throws if it was not built: the engine catches that.
module.exports = require('./build/Release/malloc_trim.node');
