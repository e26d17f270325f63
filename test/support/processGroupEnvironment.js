/**
 * The jest environment of every suite: process groups a test file started (spawnGroup of
 * scripts/n8n/childProcesses.ts: n8n, PostgreSQL, Redis, each leading its own group) are killed when the file ends
 * and when the jest process running it gets SIGINT, SIGTERM or SIGHUP (`npm test` stops jest's group on a cancel or
 * Ctrl-C); one started after its file ended (by work of a hook or test that timed out) ends at once. The
 * module's own exit hook cannot do it inside jest: a test's `process` is jest's copy, whose events the
 * real process never emits.
 */
const { TestEnvironment } = require('jest-environment-node');

/** Where spawnGroup records the groups it started (the test's global, shared through the symbol registry). */
const LIVE_GROUPS = Symbol.for('n8n-nodes-qrtrac.liveProcessGroups');
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

function killAll(groups) {
	for (const pid of groups) {
		try {
			process.kill(-pid, 'SIGKILL');
		} catch {
			// the group is already gone
		}
	}
	groups.clear();
}

class ProcessGroupEnvironment extends TestEnvironment {
	constructor(config, context) {
		super(config, context);
		this.groups = new Set();
		this.global[LIVE_GROUPS] = this.groups;
		this.onExit = () => killAll(this.groups);
		this.onSignal = (signal) => {
			killAll(this.groups);
			this.unlisten();
			// then end as the signal would have ended the process without this listener
			if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
		};
	}

	async setup() {
		await super.setup();
		process.on('exit', this.onExit);
		for (const signal of SIGNALS) process.on(signal, this.onSignal);
	}

	async teardown() {
		// whatever the file left running (an afterAll that failed or timed out) ends with it
		killAll(this.groups);
		// and so does what its work still under way starts later (jest does not wait for a hook or test that timed
		// out): nothing would stop it once the file has ended
		// (not configurable: jest 30's cleanup of a file's globals deletes the configurable properties it finds)
		Object.defineProperty(this.groups, 'add', {
			value: (pid) => {
				killAll(new Set([pid]));
				return this.groups;
			},
			configurable: false,
		});
		this.unlisten();
		await super.teardown();
	}

	unlisten() {
		process.removeListener('exit', this.onExit);
		for (const signal of SIGNALS) process.removeListener(signal, this.onSignal);
	}
}

module.exports = ProcessGroupEnvironment;
