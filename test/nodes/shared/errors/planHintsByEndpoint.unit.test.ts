/**
 * The plan's hints by what each endpoint uses up of the plan (api/route.ts `usesPlan`), through the real endpoint
 * functions and the transport: a 403 of a request using up codes, teams or members names that limit and the role
 * ("delete unused codes" only for codes), a read sent as POST keeps the role's hint, a 402 is a code quota only
 * with a count's words, and a Display ID that cannot change or is reserved is not "used by another code".
 */

import {
	addTeamMember,
	bulkAddMember,
	createQr,
	createTeam,
	getBulkQrAnalytics,
	getTotalScansOverview,
} from '../../../../nodes/shared/api';
import { qrtracApiRequest } from '../../../../nodes/shared/transport';
import { hintOf, type Send } from '../../../support/hintOf';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));
sleepOnFakeClock();

const createCode: Send = (ctx) => createQr(ctx, { body: { name: 'A' }, itemIndex: 0 });
const addMember: Send = (ctx) =>
	addTeamMember(ctx, { teamId: 't', email: 'a@b.c', name: 'A', role: 'editor' });
const addToTeams: Send = (ctx) =>
	bulkAddMember(ctx, { email: 'a@b.c', name: 'A', teams: [{ teamId: 't', role: 'editor' }] });
const newTeam: Send = (ctx) => createTeam(ctx, { name: 'Sales', itemIndex: 0 });
const scans: Send = (ctx) =>
	getBulkQrAnalytics(ctx, { qrIds: ['q1'], startTime: 0, endTime: 1000, itemIndex: 0 } as never);
const totals: Send = (ctx) => getTotalScansOverview(ctx, { qrIds: ['q1'], itemIndex: 0 } as never);
const update: Send = (ctx) =>
	qrtracApiRequest(ctx, { method: 'PUT', path: '/qrs-api/q1', body: {}, itemIndex: 0 });

const ROLE_ONLY = "The API client's role may not do this: check";
const CODE_QUOTA = "Your plan's QR code quota is reached";
const DELETE_CODES = 'delete unused codes';
const TAKEN = 'This Display ID is already used by another code';
const PLAN_NAMED = "QRTRAC's message names the plan";
const PLAN_LIMIT = "If its message speaks of a plan's limit";
const SEATS = "the plan's limit of members (seats) is reached";
const TEAMS = "the plan's limit of teams is reached";
const PAYMENT = 'QRTRAC asks for payment (HTTP 402)';

describe('no wrong hint', () => {
	const rows: Array<[string, number, string, Send, string]> = [
		// a plan's seat limit on Add Member (a PUT) is no role's refusal alone
		['Add Member', 403, 'Member limit reached', addMember, ROLE_ONLY],
		['Add Member', 403, 'You cannot add more members on your current plan', addMember, ROLE_ONLY],
		// a team's or a seat's limit: no "delete unused codes"
		['Create Team', 403, 'Maximum number of teams reached', newTeam, DELETE_CODES],
		['Add to Teams', 403, 'Seat limit exceeded', addToTeams, DELETE_CODES],
		// reads sent as POST use up nothing of the plan
		[
			'Get Scans for Codes',
			403,
			'Bulk analytics is not available for your role',
			scans,
			DELETE_CODES,
		],
		['Get Scan Totals', 403, 'You do not have access to these QR codes', totals, PLAN_LIMIT],
		// a plan's feature on a 402 is no QR code quota
		['Create', 402, 'PDF QR codes require a paid plan', createCode, CODE_QUOTA],
		// a Display ID that cannot change or is reserved is not taken by another code
		['Update', 400, 'Display ID has already been assigned and cannot be changed', update, TAKEN],
		[
			'Update',
			400,
			'displayId of a static code cannot be changed once it has been used',
			update,
			TAKEN,
		],
		['Create', 400, 'displayId "admin" conflicts with a reserved route', createCode, TAKEN],
		['Create', 400, 'Display ID conflicts with a reserved word', createCode, TAKEN],
		// a quoted name with a space holding "plan"
		['Create Team', 400, "Team 'Q3 launch plan' already exists", newTeam, PLAN_NAMED],
		[
			'Create Team',
			400,
			'A team named \u2018Marketing plan\u2019 already exists',
			newTeam,
			PLAN_NAMED,
		],
	];
	it.each(rows)('%s %s "%s"', async (_op, status, message, send, wrong) => {
		const description = await hintOf(status, message, send);
		expect({ message, wrong: description.includes(wrong) }).toEqual({ message, wrong: false });
	});
});

describe('the hint each gets', () => {
	const rows: Array<[string, number, string, Send, string[]]> = [
		['Add Member', 403, 'Member limit reached', addMember, [PLAN_LIMIT, SEATS]],
		['Add Member', 403, 'You cannot add more members on your current plan', addMember, [SEATS]],
		['Add to Teams', 403, 'Seat limit exceeded', addToTeams, [SEATS]],
		['Create Team', 403, 'Maximum number of teams reached', newTeam, [TEAMS]],
		['Create', 403, 'Maximum QR codes reached', createCode, [PLAN_LIMIT, DELETE_CODES]],
		[
			'Get Scans for Codes',
			403,
			'Bulk analytics is not available for your role',
			scans,
			[ROLE_ONLY],
		],
		['Get Scan Totals', 403, 'You do not have access to these QR codes', totals, [ROLE_ONLY]],
		// a 403 naming the plan on a request using nothing up: the plan's hint before the role's
		[
			'Get Scans for Codes',
			403,
			'Analytics history is not included in your plan',
			scans,
			[PLAN_NAMED],
		],
		['Update', 403, 'Your plan does not allow editing dynamic codes', update, [PLAN_NAMED]],
		['Create', 402, 'PDF QR codes require a paid plan', createCode, [PLAN_NAMED]],
		['Create', 402, 'Password protection is a Premium feature', createCode, [PAYMENT]],
		['Create', 402, 'QR code limit reached', createCode, [CODE_QUOTA]],
	];
	it.each(rows)('%s %s "%s"', async (_op, status, message, send, wanted) => {
		const description = await hintOf(status, message, send);
		expect({ message, missing: wanted.filter((words) => !description.includes(words)) }).toEqual({
			message,
			missing: [],
		});
	});
});
