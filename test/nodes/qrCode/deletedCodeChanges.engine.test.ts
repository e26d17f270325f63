/**
 * Update, Update Title and Update Tags on a code QRTRAC's read by its ID answers soft-deleted (`deleted: true`,
 * simulator `deletedCodesById`; the contract's records carry `deleted` and Get QR by ID documents only 200): no
 * change is reported on a deleted code and nothing is sent, as Create or Update's rows and the analytics refuse it.
 * Before: a title or tags the deleted code held already was `unchanged` (a success), and another one was sent.
 */
import { useSimulator } from '../../support/simulatorSuite';
import { qrCodeRuns } from './qrCodeRuns';

const suite = useSimulator();
const { runAt, newCode } = qrCodeRuns(suite);
const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });

describe('a change of a code read as soft-deleted', () => {
	beforeEach(() => suite.sim.setAnswerModes({ deletedCodesById: true }));
	afterEach(() => suite.sim.setAnswerModes({}));

	const cases: Array<[string, string, Record<string, unknown>, number]> = [
		['Update Title, the title it holds', 'updateTitle', { title: 'Same' }, 1.2],
		['Update Title, another title', 'updateTitle', { title: 'Other' }, 1.2],
		['Update Tags (Add), a tag it holds', 'updateTags', { mode: 'add', tags: 'a' }, 1.2],
		['Update Tags (Replace), other tags', 'updateTags', { mode: 'replace', tags: 'b' }, 1.2],
		['Update, the name it holds', 'update', { updateFields: { name: 'Same' } }, 1.2],
		['Update, another name', 'update', { updateFields: { name: 'Other' } }, 1.2],
		['Update (saved 1.1 node), another name', 'update', { updateFields: { name: 'Other' } }, 1.1],
	];

	it.each(cases)(
		'%s: fails naming the deleted code, nothing sent',
		async (_, operation, parameters, typeVersion) => {
			const code = newCode({ name: 'Same', tags: ['a'] });
			suite.sim.state.getQr(code.id)!.deleted = true;
			suite.sim.clearRequestLog();

			const result = await runAt(
				operation,
				{ qrCodeId: byId(code.id), ...parameters },
				{ typeVersion },
			);

			expect(result.items).toEqual([]);
			expect(result.error?.message).toContain(`QR code "${code.id}" is deleted`);
			expect(suite.sim.requestLog.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
				`GET /api/qrs-api/teams/${code.id}`,
			]);
			expect(suite.sim.state.getQr(code.id)).toMatchObject({ name: 'Same', tags: ['a'] });
		},
	);
});
