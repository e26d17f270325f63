/**
 * Writes answered without a body: 204 No Content, or a 200 with an empty body, after the change was made. The
 * contract's member answers carry only `success` and none of its answers requires a field, so a service may send
 * nothing at all; such an answer says as little as `{}` and is checked the same way (the operation's state read),
 * never read as a garbled answer and sent again until the attempts run out. A 2xx whose `success` is no boolean
 * says no more, and is checked alike, not read as a refusal.
 */
import { runNode } from '../../../support/n8nHarness';
import { byId as teamRef, organizations } from '../../../support/organizations';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ seed: false });

const newOrganization = organizations(suite, 'nocontent.example');
const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });

/** The service makes the change, then answers `status` with no body, each time (a retry is answered alike). */
function answerWithoutBody(method: string, path: string, status: 200 | 204): void {
	suite.sim.faults.add({ kind: 'status', status, body: '', method, path, afterWrite: true });
}

/** QR Code > Update renaming the code "Renamed poster". */
async function renamePoster(
	codeId: string,
	credentials: Parameters<typeof runNode>[0]['credentials'],
) {
	return await runNode({
		nodeType: 'qrtrac',
		parameters: {
			...{ resource: 'qrCode', operation: 'update', qrCodeId: byId(codeId) },
			updateFields: { name: 'Renamed poster' },
		},
		credentials,
	});
}

describe('A write answered without a body', () => {
	it.each([204, 200] as const)(
		'Team Member > Change Role answered %i with no body: the role read afterwards settles it, sent once',
		async (status) => {
			const { main, credentials } = newOrganization.withTwoTeams();
			suite.sim.state.addMember(main.id, {
				name: 'Erin',
				email: 'erin@nocontent.example',
				role: 'viewer',
			});
			answerWithoutBody('PUT', `/api/teams-api/${main.id}/members`, status);

			const result = await runNode({
				nodeType: 'qrtrac',
				parameters: {
					resource: 'teamMember',
					operation: 'changeRole',
					teamId: teamRef(main.id),
					email: 'erin@nocontent.example',
					role: 'admin',
				},
				credentials,
			});

			// before: "QRTRAC answered PUT … with HTTP 204 and a body that is not JSON", after 6 PUTs of a done change
			expect(result.error).toBeUndefined();
			expect(result.items[0].json).toMatchObject({
				email: 'erin@nocontent.example',
				role: 'admin',
				result: 'roleChanged',
				verifiedAfterUnknownOutcome: true,
			});
			expect(suite.sim.state.findMember(main.id, 'erin@nocontent.example')?.role).toBe('admin');
			expect(suite.sim.requestLog.filter((entry) => entry.method === 'PUT')).toHaveLength(1);
		},
	);

	it('QR Code > Delete answered 204: the deletion is confirmed, the DELETE sent once', async () => {
		const { codes, credentials } = newOrganization.withCodes(1);
		const [code] = codes;
		answerWithoutBody('DELETE', `/api/qrs-api/${code.id}`, 204);

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'qrCode', operation: 'delete', qrCodeId: byId(code.id) },
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ id: code.id, deleted: true });
		expect(suite.sim.state.getQr(code.id)?.deleted).toBe(true);
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'DELETE')).toHaveLength(1);
	});

	it('QR Code > Update Title answered 200 with an empty body: the code read by its ID is the output', async () => {
		const { codes, credentials } = newOrganization.withCodes(1);
		const [code] = codes;
		answerWithoutBody('PATCH', `/api/qrs-api/${code.id}/title`, 200);

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				...{ resource: 'qrCode', operation: 'updateTitle' },
				...{ qrCodeId: byId(code.id), title: 'Spring poster' },
			},
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ id: code.id, name: 'Spring poster' });
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'PATCH')).toHaveLength(1);
	});

	it('QR Code > Update answered 204: the code read by its ID holds the change, the PUT sent once', async () => {
		const { codes, credentials } = newOrganization.withCodes(1);
		const [code] = codes;
		answerWithoutBody('PUT', `/api/qrs-api/${code.id}`, 204);

		const result = await renamePoster(code.id, credentials);

		// before: "… without saying whether it succeeded", after 6 PUTs of a done change
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ id: code.id, name: 'Renamed poster' });
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'PUT')).toHaveLength(1);
	});

	it('Team Member > Change Role answered 200 with a "success" that is no boolean: the role read settles it', async () => {
		const { main, credentials } = newOrganization.withTwoTeams();
		suite.sim.state.addMember(main.id, {
			name: 'Finn',
			email: 'finn@nocontent.example',
			role: 'viewer',
		});
		const body = JSON.stringify({ success: 'false', message: 'Role updated' });
		suite.sim.faults.add({ kind: 'status', status: 200, body, method: 'PUT', afterWrite: true });

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				...{ resource: 'teamMember', operation: 'changeRole', teamId: teamRef(main.id) },
				...{ email: 'finn@nocontent.example', role: 'editor' },
			},
			credentials,
		});

		// before: the change made but the item failed, "Role updated" read as QRTRAC's refusal
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ result: 'roleChanged', role: 'editor' });
		expect(suite.sim.state.findMember(main.id, 'finn@nocontent.example')?.role).toBe('editor');
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'PUT')).toHaveLength(1);
	});

	it('QR Code > Update answered 200 "success": "yes" without making the change: fails naming the answer', async () => {
		const { codes, credentials } = newOrganization.withCodes(1);
		const [code] = codes;
		const body = JSON.stringify({ success: 'yes', data: { id: code.id } });
		suite.sim.faults.add({
			kind: 'status',
			status: 200,
			body,
			method: 'PUT',
			path: `/api/qrs-api/${code.id}`,
		});

		const result = await renamePoster(code.id, credentials);

		// before: "… with HTTP 200 and an error without a \"message\" text", a refusal; the same answer would come again
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'PUT')).toHaveLength(1);
		expect(result.error?.description).toBe(
			'Checked afterwards, it is not done as asked (not made, not all of it, or not yet). It was not sent again: the same answer would come again.',
		);
		expect(result.error?.message).toMatch(
			/HTTP 200 and a "success" that is neither true nor false: \{"success":"yes"/,
		);
		expect(suite.sim.state.getQr(code.id)?.name).not.toBe('Renamed poster');
	});

	it('Team > Get answered 200 with a "success" that is no boolean: fails at once, read once', async () => {
		const { main, credentials } = newOrganization.withTwoTeams();
		const body = JSON.stringify({ success: 1, data: { id: main.id, name: 'x' } });
		suite.sim.faults.add({ kind: 'status', status: 200, body, method: 'GET' });

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'team', operation: 'get', teamId: teamRef(main.id) },
			credentials,
		});

		// sent again, the same answer would come: one GET, not six
		expect(result.error?.message).toMatch(
			/with HTTP 200 and a "success" that is neither true nor false/,
		);
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'GET')).toHaveLength(1);
		expect(result.error?.description).toBe(
			'It was not sent again: the same answer would come again.',
		);
	});
});
