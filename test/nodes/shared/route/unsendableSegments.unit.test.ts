/**
 * A path parameter that no encoding keeps one segment: an address reads `.` and `..` (escaped as `%2E` too) as
 * steps, and an empty one as nothing, so a listed code's ID such as ".." would send Delete Missing's DELETE to
 * `/api/` instead of the code's own path. Such a value is refused before any request, naming the operation.
 */
import { ok } from '../../../support/fakeContext';
import { STORED_CODE, runAction, serviceAnswer } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

describe("Delete Missing given a listed code whose ID is no path segment (the service's list)", () => {
	it.each(['.', '..'])(
		'sends nothing to another path for the ID %j and fails the item',
		async (id) => {
			const dropped = { ...STORED_CODE, id, displayId: 'd9' };
			const done = await runAction(
				'qrCode',
				'createOrUpdate',
				{
					mode: 'sync',
					displayId: 'd1',
					qrType: 'WEB',
					name: STORED_CODE.name,
					qrRedirectUrl: STORED_CODE.qrRedirectUrl,
					additionalFields: { tags: 'a' },
					options: { deleteMissing: true, deleteMissingTag: 'a' },
				},
				(request) => {
					const path = new URL(request.url).pathname;
					if (path === '/api/qrs-api/v2/teams/')
						return ok({ qrs: [STORED_CODE, dropped], totalCount: 2 });
					// whatever another path answers, it is not the code's
					if (path !== '/api/qrs-api/teams/qr_1' && request.method === 'GET') return ok(dropped);
					if (request.method === 'DELETE') return ok({ ...dropped, deleted: true });
					return serviceAnswer(request);
				},
			);

			const paths = done.sent.map(
				(request) => `${request.method} ${new URL(request.url).pathname}`,
			);
			expect(paths).toEqual(['GET /api/qrs-api/v2/teams/']);
			expect(done.output).toBeUndefined();
			expect(done.error?.message).toContain('Get QR Code (GET /qrs-api/teams/{id}) was not sent');
			expect(done.error?.message).toContain(`"${id}"`);
		},
	);
});
