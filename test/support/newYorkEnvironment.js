/**
 * A jest environment whose process runs in America/New_York (restored afterwards), for tests of reading times
 * that carry no zone: in UTC, where CI runs, reading them in local time would look right by accident. Set in the
 * environment because jest hands each test file a copy of process.env, which the clock does not read.
 */
const ProcessGroupEnvironment = require('./processGroupEnvironment');

class NewYorkEnvironment extends ProcessGroupEnvironment {
	async setup() {
		this.previousZone = process.env.TZ;
		process.env.TZ = 'America/New_York';
		await super.setup();
	}

	async teardown() {
		if (this.previousZone === undefined) delete process.env.TZ;
		else process.env.TZ = this.previousZone;
		await super.teardown();
	}
}

module.exports = NewYorkEnvironment;
