/**
 * A refusal whose body is not JSON (a proxy's or a rate-limit middleware's HTML or text page): the contract says
 * nothing of a 429's or 401's body, so its status decides what it means. A 429 page is a refusal to act (the told
 * wait, then the same request again), a 401 page refused credentials; neither is an unknown outcome.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();

const TOO_MANY =
	'<html><head><title>429 Too Many Requests</title></head><body><center><h1>429 Too Many Requests</h1></center><hr><center>nginx</center></body></html>';
const UNAUTHORIZED = '<html><body><h1>401 Authorization Required</h1></body></html>';

async function create(parameters: Record<string, unknown>) {
	return await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: { resource: 'qrCode', operation: 'create', qrType: 'WEB', ...parameters },
		continueOnFail: true,
	});
}

const posts = () => suite.sim.requestLog.filter((entry) => entry.method === 'POST');

describe('Create answered by a page that is not JSON', () => {
	it('a 429 page with Retry-After: 1 is waited out and the create sent again, one code created', async () => {
		const before = suite.sim.state.listQrs(suite.credentials.teamId!).length;
		suite.sim.faults.add({
			kind: 'status',
			status: 429,
			body: TOO_MANY,
			retryAfterSeconds: 1,
			method: 'POST',
			path: '/api/qrs-api',
			count: 1,
		});

		const started = Date.now();
		const result = await create({ qrRedirectUrl: 'https://example.com/html-429' });

		expect(result.items[0].json.error).toBeUndefined();
		expect(result.items[0].json.qrRedirectUrl).toBe('https://example.com/html-429');
		expect(posts().map((entry) => entry.status)).toEqual([429, 201]);
		expect(Date.now() - started).toBeGreaterThanOrEqual(900);
		expect(suite.sim.state.listQrs(suite.credentials.teamId!).length).toBe(before + 1);
	});

	it('a 401 page says the credentials were refused, with an excerpt, not an unknown outcome', async () => {
		suite.sim.faults.add({
			kind: 'status',
			status: 401,
			body: UNAUTHORIZED,
			method: 'POST',
			path: '/api/qrs-api',
		});

		const result = await create({ qrRedirectUrl: 'https://example.com/html-401' });

		const item = result.items[0].json;
		expect(String(item.error)).toContain('credentials were refused');
		expect(String(item.error)).toContain('POST /api/qrs-api');
		expect(String(item.error)).toContain('401 Authorization Required');
		expect(String(item.description)).not.toMatch(/unknown/i);
		expect(String(item.description)).toContain('Check the credential');
		expect(posts()).toHaveLength(1);
	});
});
