/**
 * What the credential's Test says for each refusal the contract allows on its request (GET the team's design
 * templates), as n8n's credential tester runs it: n8n shows only the HTTP status text of a refusal no rule names
 * ("Bad Request", "Too Many Requests"), and takes any 200 as success (`success: false`, a page) unless a rule
 * names it. Build first.
 */
import { runNode, testCredential } from '../../support/n8nHarness';
import { useSimulator } from '../../support/simulatorSuite';

const suite = useSimulator({ seed: true });

describe('credential Test answered with a refusal', () => {
	it('says for each status what it means and which field or step to check', async () => {
		const cases: Array<[string, Parameters<typeof suite.sim.faults.add>[0], RegExp]> = [
			['400', { kind: 'status', status: 400, message: 'Team not found' }, /HTTP 400.*'Team ID'/],
			['403', { kind: 'status', status: 403, message: 'Forbidden' }, /HTTP 403.*role/],
			[
				'404',
				{ kind: 'status', status: 404, message: 'Cannot GET' },
				/HTTP 404.*check the Base URL/,
			],
			// A service may answer 404 for a team it does not know: the Team ID is named beside the Base URL.
			[
				'404 for the team',
				{ kind: 'status', status: 404, message: 'Team not found' },
				/HTTP 404.*check the Base URL.*'Team ID'/,
			],
			['429', { kind: 'rateLimit' }, /HTTP 429.*not checked.*again in a moment/],
			['500', { kind: 'status', status: 500 }, /HTTP 500.*not checked/],
			[
				'502',
				{ kind: 'status', status: 502, body: '<html>Bad gateway</html>' },
				/HTTP 502.*not checked/,
			],
			['503', { kind: 'status', status: 503, body: 'down' }, /HTTP 503.*not checked/],
		];
		const results: Record<string, unknown> = {};
		for (const [name, fault] of cases) {
			suite.sim.faults.clear();
			suite.sim.faults.add(fault);
			results[name] = await testCredential(suite.credentials);
		}

		expect(results).toEqual(
			Object.fromEntries(
				cases.map(([name, , message]) => [
					name,
					{ status: 'Error', message: expect.stringMatching(message) },
				]),
			),
		);
	});

	it('fails on a 200 answering success: false instead of reporting the connection successful', async () => {
		suite.sim.faults.add({ kind: 'softError', message: 'Invalid credentials!' });

		const result = await testCredential(suite.credentials);

		expect(result).toEqual({
			status: 'Error',
			message: expect.stringMatching(/success: false.*'Team ID', 'Client ID' and 'Client Secret'/),
		});
	});

	it('fails on a 200 web page (a web app or a proxy answering every path) instead of reporting success', async () => {
		suite.sim.faults.add({
			kind: 'status',
			status: 200,
			body: '<!DOCTYPE html><html><title>Sign in</title></html>',
		});

		const result = await testCredential(suite.credentials);

		expect(result).toEqual({
			status: 'Error',
			message: expect.stringMatching(/HTTP 200 with a web page.*check the Base URL/),
		});
	});

	it.each([
		['a newline', '\n<!DOCTYPE html><html><title>Sign in</title></html>'],
		['spaces', '   <html><body>Sign in</body></html>'],
	])('fails on a 200 web page that starts with %s', async (_, body) => {
		suite.sim.faults.add({ kind: 'status', status: 200, body });

		const result = await testCredential(suite.credentials);

		expect(result).toEqual({
			status: 'Error',
			message: expect.stringMatching(/HTTP 200 with a web page.*check the Base URL/),
		});
	});

	// The contract's template list requires neither `success` nor `data`, and runs take a 2xx with `data` and no
	// `success` as the answer (answerBody.ts): Test must pass what every run accepts.
	it('passes a 200 answering the template list as {data: [...]} without success, as runs take it', async () => {
		const body = JSON.stringify({
			data: [{ id: 'tpl_1', name: 'T', previewUrl: 'https://x.example/a.png' }],
		});
		suite.sim.faults.add({ kind: 'status', status: 200, body, contentType: 'application/json' });
		const test = await testCredential(suite.credentials);
		suite.sim.faults.add({ kind: 'status', status: 200, body, contentType: 'application/json' });
		const run = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'designTemplate', operation: 'getMany', returnAll: true },
			credentials: suite.credentials,
		});

		expect(test).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json.id)).toEqual(['tpl_1']);
	});

	it('passes a service whose successful answers carry no success flag (answer mode noSuccessFlag)', async () => {
		suite.sim.setAnswerModes({ noSuccessFlag: true });
		try {
			expect(await testCredential(suite.credentials)).toEqual({
				status: 'OK',
				message: 'Connection successful!',
			});
		} finally {
			suite.sim.setAnswerModes({});
		}
	});

	it('still passes with the right credentials', async () => {
		expect(await testCredential(suite.credentials)).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
	});
});
