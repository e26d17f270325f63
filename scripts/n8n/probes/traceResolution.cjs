// Preloaded into n8n with NODE_OPTIONS=--require to prove, inside real n8n, where this package's run-time
// imports resolve from. For every require() of a bare name made by a file below QRTRAC_PACKAGE_DIR (the
// installed package) it appends `{"request","from","resolved"}` as a JSON line to QRTRAC_RESOLUTION_LOG.
// It only observes.
'use strict';
const fs = require('node:fs');
const Module = require('node:module');

const logFile = process.env.QRTRAC_RESOLUTION_LOG;
const packageDir = process.env.QRTRAC_PACKAGE_DIR;

if (logFile && packageDir) {
	const packagePrefix = require('node:path').join(packageDir, '/');
	const original = Module._resolveFilename;
	Module._resolveFilename = function traceResolution(request, parent, ...rest) {
		const resolved = original.call(this, request, parent, ...rest);
		const from = parent && parent.filename;
		if (from && from.startsWith(packagePrefix) && !request.startsWith('.')) {
			fs.appendFileSync(logFile, `${JSON.stringify({ request, from, resolved })}\n`);
		}
		return resolved;
	};
}
