import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { QrRecord, Simulator } from '../../simulator';
import { startSimulator } from '../../simulator';
import type { JsonObject, TimedWorkflowRun, WorkflowJson } from '../support/realN8n';
import { RealN8n, nodeItems, qrtracCredential } from '../support/realN8n';

/**
 * The example workflows of examples/ with a manual start, run unchanged through `n8n execute` in one real n8n
 * (the pinned release, the packed package installed as a community package) against one seeded simulator.
 * Expectations come from the example's input (codes.csv, the people the workflow lists) and the simulator's
 * state before the run, never from fixed answers.
 */

/** The first run on a machine installs n8n (several minutes); later runs reuse it. */
const SETUP_TIMEOUT_MS = 40 * 60_000;
const RUN_TIMEOUT_MS = 5 * 60_000;

const EXAMPLES_DIR = path.join(__dirname, '..', '..', 'examples');
const log = (line: string) => process.stderr.write(`[e2e examples] ${line}\n`);

function loadExample(file: string): WorkflowJson {
	return JSON.parse(readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as WorkflowJson;
}

/** Fields of a CSV line; double quotes enclose fields holding commas ("" is a quote inside them). */
function csvFields(line: string): string[] {
	const fields: string[] = [];
	let field = '';
	let quoted = false;
	for (let index = 0; index < line.length; index++) {
		const char = line[index];
		if (quoted && char === '"' && line[index + 1] === '"') {
			field += '"';
			index++;
		} else if (char === '"') {
			quoted = !quoted;
		} else if (char === ',' && !quoted) {
			fields.push(field);
			field = '';
		} else {
			field += char;
		}
	}
	return [...fields, field];
}

interface CsvRow {
	display_id: string;
	name: string;
	url: string;
	tags: string;
}

function readCsvRows(file: string): CsvRow[] {
	const [header, ...lines] = readFileSync(file, 'utf8')
		.split(/\r?\n/)
		.filter((line) => line.trim() !== '');
	const columns = csvFields(header);
	return lines.map(
		(line) =>
			Object.fromEntries(
				csvFields(line).map((value, index) => [columns[index], value]),
			) as unknown as CsvRow,
	);
}

const isHttpUrl = (value: string) => /^https?:\/\/[^/\s]+/.test(value);
const tagList = (tags: string) =>
	tags
		.split(',')
		.map((tag) => tag.trim())
		.filter(Boolean);

function byDisplayId(codes: QrRecord[]): Map<string, QrRecord> {
	return new Map(codes.map((code) => [code.displayId, code]));
}

/** The requests the simulator answered since `fromSeq`, as "METHOD path". */
function requestsSince(simulator: Simulator, fromSeq: number): string[] {
	return simulator.requestLog
		.filter((request) => request.seq > fromSeq)
		.map((request) => `${request.method} ${request.path}`);
}

function lastSeq(simulator: Simulator): number {
	return simulator.requestLog.at(-1)?.seq ?? 0;
}

function logTiming(label: string, run: TimedWorkflowRun): void {
	const nodes = Object.values(run.nodes)
		.map((runs) => `${runs[0].node} ${runs[0].durationMs} ms`)
		.join(', ');
	log(`${label}: n8n execute ${run.processMs} ms (cold start included); nodes: ${nodes}`);
}

describe('example workflows in real n8n 2.41.1 (n8n execute)', () => {
	let simulator: Simulator;
	let n8n: RealN8n;
	let teamId: string;
	const ids: Record<string, string> = {};
	const examples = {
		sync: '01-spreadsheet-sync.json',
		onboarding: '02-member-onboarding.json',
		scans: '03-scan-report.json',
	};

	beforeAll(async () => {
		const started = Date.now();
		simulator = await startSimulator({ port: 0 });
		teamId = simulator.credentials.teamId;
		n8n = await RealN8n.create({ log });
		// the sync example reads `.n8n-files/qrtrac/codes.csv`: n8n's file folder, relative to where n8n runs
		cpSync(path.join(EXAMPLES_DIR, 'data'), path.join(n8n.filesDir, 'qrtrac'), { recursive: true });
		await n8n.importCredentials([
			qrtracCredential({ url: simulator.url, ...simulator.credentials }),
		]);
		const files = Object.values(examples);
		const imported = await n8n.importWorkflows(files.map(loadExample));
		files.forEach((file, index) => (ids[file] = imported[index]));
		log(
			`set-up (build, pack, install, import credential and ${files.length} workflows): ${Date.now() - started} ms`,
		);
	}, SETUP_TIMEOUT_MS);

	afterAll(async () => {
		await n8n?.stop();
		await simulator?.close();
	}, RUN_TIMEOUT_MS);

	describe('01 spreadsheet sync', () => {
		const rows = readCsvRows(path.join(EXAMPLES_DIR, 'data', 'codes.csv'));
		const goodRows = rows.filter((row) => isHttpUrl(row.url));
		const badRows = rows.filter((row) => !isHttpUrl(row.url));
		/** A row whose code already exists with an older link, so the first run updates it instead of creating it. */
		const outdated = goodRows[2];
		let afterFirstRun: Map<string, QrRecord>;

		test('the sample file holds good rows and at least one deliberately bad row', () => {
			expect(goodRows.length).toBeGreaterThanOrEqual(3);
			expect(badRows.length).toBeGreaterThanOrEqual(1);
		});

		test(
			'first run: missing codes created, the outdated one updated, the bad row reported with its reason',
			async () => {
				const old = simulator.state.createQr(teamId, {
					qrType: 'WEB',
					name: outdated.name,
					displayId: outdated.display_id,
					qrRedirectUrl: 'https://acme.example/old-link',
					tags: tagList(outdated.tags),
				});
				const liveBefore = simulator.state.liveQrsOfTeam(teamId).length;

				const run = await n8n.executeWorkflow(ids[examples.sync], { timeoutMs: RUN_TIMEOUT_MS });
				logTiming('sync, first run', run);
				expect(run.error).toBeUndefined();
				expect(run.status).toBe('success');

				const [report] = nodeItems(run, 'Sync Report');
				const reportRows = report.rows as JsonObject[];
				expect(reportRows.map((row) => row.displayId)).toEqual(rows.map((row) => row.display_id));
				for (const [index, row] of rows.entries()) {
					const reported = reportRows[index];
					expect(reported.line).toBe(index + 2);
					if (badRows.includes(row)) {
						expect(reported).toMatchObject({ outcome: 'failed' });
						expect(String(reported.reason)).toMatch(/Redirect URL.*http/);
					} else if (row === outdated) {
						expect(reported).toMatchObject({
							outcome: 'updated',
							codeId: old.id,
							changed: ['qrRedirectUrl'],
						});
					} else {
						expect(reported).toMatchObject({ outcome: 'created' });
					}
				}
				expect(report).toMatchObject({
					created: goodRows.length - 1,
					updated: 1,
					unchanged: 0,
					failed: badRows.length,
				});

				// the simulator holds exactly one live code per good row, with the row's fields; the bad row was never sent
				const codes = byDisplayId(simulator.state.liveQrsOfTeam(teamId));
				for (const [index, row] of rows.entries()) {
					const code = codes.get(row.display_id);
					if (badRows.includes(row)) {
						expect(code).toBeUndefined();
						continue;
					}
					expect(code).toMatchObject({
						name: row.name,
						qrType: 'WEB',
						qrRedirectUrl: row.url,
						tags: tagList(row.tags),
						deleted: false,
					});
					expect(reportRows[index].codeId).toBe(code?.id);
				}
				expect(simulator.state.liveQrsOfTeam(teamId).length).toBe(liveBefore + goodRows.length - 1);
				expect(
					simulator.requestLog.some((request) =>
						JSON.stringify(request.body ?? '').includes(badRows[0].display_id),
					),
				).toBe(false);
				afterFirstRun = byDisplayId(structuredClone(simulator.state.liveQrsOfTeam(teamId)));
			},
			RUN_TIMEOUT_MS,
		);

		test(
			'second run of the same file changes nothing: every good row is unchanged, no write is sent',
			async () => {
				const fromSeq = lastSeq(simulator);
				const run = await n8n.executeWorkflow(ids[examples.sync], { timeoutMs: RUN_TIMEOUT_MS });
				logTiming('sync, second run', run);
				expect(run.status).toBe('success');

				const [report] = nodeItems(run, 'Sync Report');
				expect(report).toMatchObject({
					created: 0,
					updated: 0,
					unchanged: goodRows.length,
					failed: badRows.length,
				});
				const outcomes = (report.rows as JsonObject[]).map((row) => row.outcome);
				expect(outcomes).toEqual(
					rows.map((row) => (badRows.includes(row) ? 'failed' : 'unchanged')),
				);

				const writes = requestsSince(simulator, fromSeq).filter(
					(request) => !request.startsWith('GET '),
				);
				expect(writes).toEqual([]);
				expect(requestsSince(simulator, fromSeq).length).toBeGreaterThan(0);
				const codes = byDisplayId(simulator.state.liveQrsOfTeam(teamId));
				expect([...codes.keys()].sort()).toEqual([...afterFirstRun.keys()].sort());
				// every code, those of the file and all others, is exactly as the first run left it
				for (const [displayId, before] of afterFirstRun)
					expect(codes.get(displayId)).toEqual(before);
			},
			RUN_TIMEOUT_MS,
		);
	});

	describe('02 member onboarding', () => {
		interface Requested {
			email: string;
			name: string;
			team: string;
			teamId: string;
			role: string;
		}

		/** Everyone's role in every team, who has not accepted an invitation yet, and how often it was resent. */
		function people() {
			const users = [...simulator.state.users.values()];
			const roles = new Map<string, string | undefined>();
			for (const team of simulator.state.teams.keys()) {
				for (const user of users)
					roles.set(`${team}/${user.email}`, simulator.state.findMember(team, user.email)?.role);
			}
			return {
				roles,
				pendingUsers: new Set(
					users.filter((user) => user.state === 'pending').map((user) => user.email),
				),
				resendCounts: new Map(users.map((user) => [user.email, user.resendCount])),
			};
		}

		/** Runs the example and checks what it did against the simulator's state before and after the run. */
		async function runOnboarding(label: string) {
			const before = people();
			const fromSeq = lastSeq(simulator);
			const run = await n8n.executeWorkflow(ids[examples.onboarding], {
				timeoutMs: RUN_TIMEOUT_MS,
			});
			logTiming(label, run);
			expect(run.error).toBeUndefined();
			expect(run.status).toBe('success');
			const after = people();

			// the list of people comes from the workflow itself; team names were turned into the simulator's IDs
			const requested = nodeItems(run, 'One Item per Team') as unknown as Requested[];
			expect(requested.length).toBeGreaterThan(0);
			for (const entry of requested) {
				expect(simulator.state.team(entry.teamId)?.name).toBe(entry.team);
				// every person ends up in every listed team with the listed role
				expect(simulator.state.findMember(entry.teamId, entry.email)).toMatchObject({
					role: entry.role,
				});
			}

			// Add to Team: added where missing, roleChanged where another role, unchanged where in place
			const roleBefore = (entry: Requested) => before.roles.get(`${entry.teamId}/${entry.email}`);
			const results = nodeItems(run, 'Add to Team');
			expect(results).toHaveLength(requested.length);
			for (const [index, entry] of requested.entries()) {
				const previous = roleBefore(entry);
				const expected =
					previous === undefined ? 'added' : previous === entry.role ? 'unchanged' : 'roleChanged';
				expect(results[index]).toMatchObject({
					email: entry.email,
					teamId: entry.teamId,
					role: entry.role,
					result: expected,
				});
			}

			// invitations go again to exactly the people who were pending in one of their listed teams before the run
			const emails = [...new Set(requested.map((entry) => entry.email))];
			const pendingBefore = emails.filter(
				(email) =>
					before.pendingUsers.has(email) &&
					requested.some((entry) => entry.email === email && roleBefore(entry) !== undefined),
			);
			const resends = nodeItems(run, 'Resend Invite');
			expect(resends).toHaveLength(pendingBefore.length);
			const limit = simulator.state.config.resendLimit;
			for (const [index, email] of pendingBefore.entries()) {
				const count = before.resendCounts.get(email) ?? 0;
				if (count < limit) {
					expect(resends[index]).toMatchObject({ email, result: 'inviteResent' });
					expect(after.resendCounts.get(email)).toBe(count + 1);
				} else {
					// past the service's limit: reported with the service's reason, the run goes on
					expect(String(resends[index].error)).toMatch(/resend limit/i);
					expect(after.resendCounts.get(email)).toBe(count);
				}
			}
			for (const email of emails.filter((candidate) => !pendingBefore.includes(candidate))) {
				expect(after.resendCounts.get(email)).toBe(before.resendCounts.get(email) ?? 0);
			}

			const [summary] = nodeItems(run, 'Onboarding Summary');
			expect(summary.invitesResent).toEqual(
				pendingBefore.filter((email) => (before.resendCounts.get(email) ?? 0) < limit),
			);
			expect((summary.resendFailed as JsonObject[]).map((failure) => failure.email)).toEqual(
				pendingBefore.filter((email) => (before.resendCounts.get(email) ?? 0) >= limit),
			);
			const memberWrites = requestsSince(simulator, fromSeq).filter(
				(request) => request.includes('/members') && !request.startsWith('GET '),
			);
			return { run, requested, roleBefore, before, pendingBefore, memberWrites };
		}

		test(
			'first run: people join their teams with their roles; invitations already pending are resent, the limit is reported',
			async () => {
				const { requested, roleBefore, before, memberWrites } =
					await runOnboarding('onboarding, first run');
				// the list has every kind of case: new people, a changed role, people in place
				const kinds = new Set(
					requested.map((entry) =>
						roleBefore(entry) === undefined
							? 'new'
							: roleBefore(entry) === entry.role
								? 'same'
								: 'other',
					),
				);
				expect([...kinds].sort()).toEqual(['new', 'other', 'same']);
				expect(memberWrites.length).toBe(
					requested.filter((entry) => roleBefore(entry) !== entry.role).length,
				);
				// people new to the organization are pending with the one invitation the add sent, not resent
				for (const entry of requested.filter((item) => !before.resendCounts.has(item.email))) {
					expect(simulator.state.findUser(entry.email)).toMatchObject({
						state: 'pending',
						resendCount: 0,
						invitationsSent: 1,
					});
				}
			},
			RUN_TIMEOUT_MS,
		);

		test(
			'second run: nothing to add, so no member is written; everyone still pending gets the invitation again',
			async () => {
				const { run, pendingBefore, memberWrites } = await runOnboarding('onboarding, second run');
				expect(memberWrites).toEqual([]);
				expect(nodeItems(run, 'Add to Team').every((result) => result.result === 'unchanged')).toBe(
					true,
				);
				// the people invited by the first run are still pending now, so they are among those reminded
				expect(pendingBefore.length).toBeGreaterThan(2);
			},
			RUN_TIMEOUT_MS,
		);
	});

	describe('03 scan report', () => {
		test(
			'totals of every live code of the team, summed and ranked by total scans',
			async () => {
				// a code scanned today more often than any code was scanned in total: it must lead the ranking
				const codes = simulator.state.liveQrsOfTeam(teamId);
				const mostScanned = Math.max(
					...codes.map((code) => simulator.state.scans.get(code.id)?.length ?? 0),
				);
				const leader = codes[codes.length - 1];
				const extraScans = mostScanned + 5;
				for (let scan = 0; scan < extraScans; scan++)
					simulator.state.addScan(leader.id, { scanTime: simulator.clock.now() });

				const run = await n8n.executeWorkflow(ids[examples.scans], { timeoutMs: RUN_TIMEOUT_MS });
				logTiming('scan report', run);
				expect(run.error).toBeUndefined();
				expect(run.status).toBe('success');

				const [summary] = nodeItems(run, 'Scan Summary');
				const ranking = summary.ranking as JsonObject[];
				const live = simulator.state.liveQrsOfTeam(teamId);
				const scansOf = (id: string) => simulator.state.scans.get(id)?.length ?? 0;
				expect(summary.codes).toBe(live.length);
				expect(ranking.map((row) => row.displayId).sort()).toEqual(
					live.map((code) => code.displayId).sort(),
				);
				for (const row of ranking) {
					const code = live.find((candidate) => candidate.displayId === row.displayId)!;
					expect(row).toMatchObject({
						name: code.name,
						qrType: code.qrType,
						totalScans: scansOf(code.id),
					});
					expect(row.todayScans as number).toBeLessThanOrEqual(row.totalScans as number);
				}
				const totals = ranking.map((row) => row.totalScans as number);
				expect(totals).toEqual([...totals].sort((a, b) => b - a));
				expect(ranking.map((row) => row.rank)).toEqual(ranking.map((_, index) => index + 1));
				expect(summary.totalScans).toBe(live.reduce((sum, code) => sum + scansOf(code.id), 0));
				expect(summary.todayScans).toBe(
					ranking.reduce((sum, row) => sum + (row.todayScans as number), 0),
				);
				expect(ranking[0]).toMatchObject({ name: leader.name, rank: 1 });
				expect(ranking[0].todayScans as number).toBeGreaterThanOrEqual(extraScans);
				expect(String(summary.text).split('\n')).toHaveLength(live.length);
				expect(String(summary.text).split('\n')[0]).toContain(
					`1. ${leader.name}: ${scansOf(leader.id)} scans`,
				);
			},
			RUN_TIMEOUT_MS,
		);
	});
});
