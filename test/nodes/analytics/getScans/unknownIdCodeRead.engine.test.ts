/**
 * Get for a Code (versions 1, 1.1, 1.2) of an ID that is no code of the team, its scans answered with no events
 * (simulator `scansOfUnknownEmpty`), the code read by its ID (Get QR Code) answered in ways the contract allows:
 * it documents only a 200 for Get QR by ID, a `QrResponse` whose `data` is optional and whose `success` may be
 * false. Success without a code and a `success: false` "not found" are no live code of the team, as a 404 is; a
 * 400 in other words tells nothing, and says so for its status.
 */
import { runNode } from '../../../support/n8nHarness';
import { organizations } from '../../../support/organizations';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ seed: false });
const teams = organizations(suite, 'unknown-id-code-read.example');
const id = 'qr_doesnotexist1';

describe.each([1, 1.1, 1.2])(
	'Get for a Code v%s of an unknown ID, scans answered empty',
	(typeVersion) => {
		afterEach(() => {
			suite.sim.faults.clear();
			suite.sim.setChangeDrift({ scansOfUnknownEmpty: false });
		});

		/** Get for a Code of `id`, the code read answering as `fault` says. */
		async function readAnswered(fault: Record<string, unknown>) {
			const { credentials } = teams.withCodes(1);
			suite.sim.setChangeDrift({ scansOfUnknownEmpty: true });
			suite.sim.faults.add({ ...fault, method: 'GET', path: `/api/qrs-api/teams/${id}` } as never);
			return await runNode({
				nodeType: 'qrtrac',
				typeVersion,
				parameters: {
					resource: 'analytics',
					operation: 'getScans',
					qrCodeId: { __rl: true, mode: 'id', value: id },
					returnAll: true,
					timeRange: 'allTime',
				},
				credentials,
			});
		}

		it.each([
			[
				'200 {success:true} without data',
				{ kind: 'status', status: 200, body: '{"success":true}', contentType: 'application/json' },
				`${id}: success without a code`,
			],
			[
				'200 {success:false,message:"QR code not found"}',
				{ kind: 'softError', message: 'QR code not found' },
				`${id}: 200 QR code not found`,
			],
			['404', { kind: 'status', status: 404, message: 'Not Found' }, `${id}: 404 Not Found`],
		] as const)(
			'the code read answered %s: no live code of this team',
			async (_how, fault, answer) => {
				const result = await readAnswered(fault);
				expect(result.error?.message).toBe(`This ID is not a live code of this team: ${id}`);
				expect(result.error?.description).toContain(`QRTRAC answered ${answer}.`);
				expect(result.error?.description).not.toContain('please report it');
			},
		);

		it('the code read refused 400 in other words: not known, worded for a 400, not a role', async () => {
			const result = await readAnswered({
				kind: 'status',
				status: 400,
				message: 'QR code does not exist',
			});
			expect([result.error?.httpCode, result.error?.message]).toEqual([
				'400',
				'QR code does not exist',
			]);
			expect(result.error?.description).toContain(
				`whether ${id} is a live code of this team is not known: QRTRAC refused it with HTTP 400, and only a refusal saying "not found" (or a 404 or 410) is read as no code there.`,
			);
			expect(result.error?.description).not.toContain('role');
		});
	},
);
