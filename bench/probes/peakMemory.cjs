// Preloaded into every n8n process of the benchmark with NODE_OPTIONS=--require. When the process exits it
// appends one JSON line to QRTRAC_BENCH_MEMORY_LOG: pid, argv and the kernel's peak resident set size
// (VmHWM of /proc/self/status, in kB) with the resident size at exit (VmRSS), and the CPU time the process used
// (user and system, microseconds). It only observes.
'use strict';
const fs = require('node:fs');

const logFile = process.env.QRTRAC_BENCH_MEMORY_LOG;

function statusKb(status, field) {
	const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
	return match ? Number(match[1]) : null;
}

if (logFile) {
	process.once('exit', () => {
		try {
			const status = fs.readFileSync('/proc/self/status', 'utf8');
			const record = {
				pid: process.pid,
				argv: process.argv.slice(1),
				vmHwmKb: statusKb(status, 'VmHWM'),
				vmRssKb: statusKb(status, 'VmRSS'),
				cpuUs: (({ user, system }) => user + system)(process.cpuUsage()),
			};
			fs.appendFileSync(logFile, `${JSON.stringify(record)}\n`);
		} catch {
			// no /proc (not Linux) or the log is gone: nothing to record
		}
	});
}
