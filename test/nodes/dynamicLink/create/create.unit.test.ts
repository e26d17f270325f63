/** Dynamic Link > Create: the exact requests the node builds for a typical input (fake context, no sockets). */
import { described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('posts the link in snake case to the simple interface, with no team header', async () => {
	const run = await runAction('dynamicLink', 'create', {
		destinationUrl: 'https://example.com',
		type: 'dynamic',
	});

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{
			method: 'POST',
			path: '/v1/qr/create',
			headers: { Accept: 'application/json' },
			body: { destination_url: 'https://example.com', type: 'dynamic' },
		},
	]);
});
