/**
 * The secret scan itself: it must find a secret wherever a run could leave one (an error's stack,
 * description, context or cause, a Map, a Buffer, a key, deep in a cycle) and name the place, never the secret.
 */
import { NodeApiError, type INode } from 'n8n-workflow';

import { captureOutput, expectNoSecrets, findSecrets } from './secretScan';

const SECRET = 'sk_live_SECRET_scan_probe_0123456789';
const node: INode = {
	id: 'n',
	name: 'Probe',
	type: 'probe',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

describe('expectNoSecrets', () => {
	it('passes on clean values and names nothing', () => {
		expect(() => expectNoSecrets({ items: [{ json: { ok: 'fine' } }] }, [SECRET])).not.toThrow();
	});

	it.each([
		['an error message', () => new Error(`bad ${SECRET}`)],
		[
			'a NodeApiError description',
			() => new NodeApiError(node, { message: 'x' }, { description: `see ${SECRET}` }),
		],
		['an error context', () => Object.assign(new Error('x'), { context: { header: SECRET } })],
		[
			'an error cause',
			() =>
				new Error('x', { cause: { config: { headers: { 'x-request-client-secret': SECRET } } } }),
		],
		['a Map value', () => new Map([['k', { deep: [SECRET] }]])],
		['a Buffer', () => ({ body: Buffer.from(`secret=${SECRET}`) })],
		['an object key', () => ({ [SECRET]: true })],
	])('finds the secret in %s, without printing it', (_where, make) => {
		const value = make();
		expect(findSecrets(value, [SECRET]).length).toBeGreaterThan(0);
		let message = '';
		try {
			expectNoSecrets(value, [SECRET]);
		} catch (error) {
			message = (error as Error).message;
		}
		expect(message).toMatch(/A secret appeared in \d+ place/);
		expect(message).not.toContain(SECRET);
	});

	it('finds a secret in a cyclic structure and stops', () => {
		const cyclic: Record<string, unknown> = { note: `a ${SECRET}` };
		cyclic.self = cyclic;
		expect(findSecrets(cyclic, [SECRET])).toEqual([{ path: '$.note', secretIndex: 0 }]);
	});

	it('refuses to assert on nothing', () => {
		expect(() => expectNoSecrets({}, [SECRET])).toThrow('nothing to scan');
		expect(() => expectNoSecrets({ a: 'b' }, [''])).toThrow('no secret to look for');
	});
});

describe('captureOutput', () => {
	it('captures console and stream output until stopped', () => {
		const output = captureOutput({ passThrough: false });
		console.log('line one', { secret: SECRET });
		process.stderr.write('line two\n');
		const lines = output.stop();
		const after = captureOutput({ passThrough: false });
		console.log('after stop');
		after.stop();
		expect(lines.join('\n')).toContain('line one');
		expect(lines.join('\n')).toContain('line two');
		expect(lines.join('\n')).not.toContain('after stop');
		expect(findSecrets(lines, [SECRET]).length).toBeGreaterThan(0);
	});
});
