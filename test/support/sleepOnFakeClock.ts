/**
 * For test files that mock n8n-workflow's `sleep` (each file's own `jest.mock`, which jest hoists): every test runs
 * on a fake clock that the mocked sleep moves by what it was asked, so that waits cost nothing and still pass, and
 * the limiter sees its pacing slots come (with the real clock a paced retry loop spins until they do).
 */
export function sleepOnFakeClock(): void {
	const sleep = () => jest.requireMock<{ sleep: jest.Mock }>('n8n-workflow').sleep;
	beforeEach(() => {
		jest.useFakeTimers({
			now: Date.now(),
			doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'],
		});
		sleep().mockImplementation(async (ms: number) => {
			jest.setSystemTime(Date.now() + ms);
		});
	});
	afterEach(() => {
		sleep().mockImplementation(async () => undefined);
		jest.useRealTimers();
	});
}
