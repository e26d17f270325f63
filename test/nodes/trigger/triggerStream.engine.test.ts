/**
 * Exactly-once delivery of the QRTRAC Trigger under scripted streams, polled through n8n-core's real poll
 * machinery over HTTP against the simulator, whose state is written in-process:
 * - code changes: over 10,000 writes (creates, updates, deletes) in same-millisecond bursts, some bursts
 *   straddling a poll, some writes landing while a poll is in flight, stamps jittering +-5 s around the
 *   service's clock (so later writes can carry an updatedAt below one already seen), static data persisted as
 *   JSON and read back before every poll (a restart between polls), for both boundary modes;
 * - new scans: a seeded scan stream with identical scans in one millisecond, late scans and new codes.
 * Oracle: every version written is reported once with the right event (0 misses, 0 duplicates). A code is
 * never written twice within two poll intervals, so each version is the current one at some poll, and never
 * twice in one millisecond (that would be the same version to anyone reading the service).
 * Build first (`npm run build`).
 */
import type { IDataObject } from 'n8n-workflow';

import { deleteQr, touchQr } from '../../../simulator/domain/qrCodes';
import { createPrng } from '../../../simulator/random';
import type { QrRecord, ScanEvent, Simulator } from '../../../simulator';
import { pollTrigger, type HarnessCredentials } from '../../support/n8nHarness';
import { useSimulator } from '../../support/simulatorSuite';

const SKEW_MS = 5_000;

interface Fixture {
	sim: Simulator;
	teamId: string;
	credentials: HarnessCredentials;
}

/** The organization a stream suite writes to, in the suite's simulator. */
function fixtureIn(sim: Simulator): Fixture {
	const { org, team } = sim.state.createOrganization('Stream Org', {
		name: 'Owner',
		email: 'owner@stream.example',
	});
	const client = sim.state.addApiClient(org.id);
	return { sim, teamId: team.id, credentials: { baseUrl: sim.url, ...client, plan: 'Enterprise' } };
}

/** Polls with static data that went through JSON since the last poll, as after a restart of n8n. */
function restartingTrigger(credentials: HarnessCredentials, parameters: Record<string, unknown>) {
	let persisted = '{}';
	return async (): Promise<IDataObject[]> => {
		const result = await pollTrigger({
			parameters,
			credentials,
			staticData: JSON.parse(persisted) as IDataObject,
		});
		persisted = JSON.stringify(result.staticData);
		return (result.items ?? []).map((item) => item.json);
	};
}

/** Lets a poll already started get some way (possibly past the service's read) before the caller goes on. */
async function yieldTurns(turns: number): Promise<void> {
	for (let turn = 0; turn < turns; turn++) await new Promise((resolve) => setImmediate(resolve));
}

function versionKey(
	record: IDataObject | { id: string; updatedAt: number; deleted?: boolean },
): string {
	return `${String(record.id)}@${String(record.updatedAt)}${record.deleted === true ? ' deleted' : ''}`;
}

describe.each([false, true])(
	'QRTRAC Trigger code stream (inclusive boundary: %s)',
	(fromTimeInclusive) => {
		const suite = useSimulator({ seed: false, fromTimeInclusive });
		let fixture: Fixture;

		beforeAll(() => {
			fixture = fixtureIn(suite.sim);
		});

		it('reports each of over 10,000 writes exactly once with its event', async () => {
			const { sim, teamId, credentials } = fixture;
			const random = createPrng(fromTimeInclusive ? 7 : 3);
			const team = sim.state.teams.get(teamId)!;
			const live: QrRecord[] = Array.from({ length: 800 }, (_, index) =>
				sim.state.createQr(teamId, {
					qrType: 'WEB',
					qrRedirectUrl: 'https://example.com/',
					name: `Seed ${index}`,
				}),
			);
			const poll = restartingTrigger(credentials, {});
			expect(await poll()).toEqual([]);

			const expected = new Map<string, string>();
			/** Versions of the seeded codes: writing one of them again (same id, same millisecond) would be invisible. */
			const seededVersions = new Set(live.map(versionKey));
			const reported: string[] = [];
			const wrongKinds: string[] = [];
			/** Codes written in the current or the previous poll interval: not written again until two polls passed. */
			let lockedNow = new Set<string>();
			let lockedBefore = new Set<string>();
			let serviceTime = Date.now();
			let stamp = serviceTime;
			let sameMillisecondBursts = 0;
			/** Where each version was written, to make a miss explainable. */
			const writtenAt = new Map<string, string>();
			let context = '';

			const writeOne = (): void => {
				const roll = random();
				if (roll < 0.12 || live.length < 200) {
					const created = sim.state.createQr(teamId, {
						qrType: 'WEB',
						qrRedirectUrl: 'https://example.com/',
						name: 'Streamed',
					});
					live.push(created);
					lockedNow.add(created.id);
					expected.set(versionKey(created), 'created');
					writtenAt.set(versionKey(created), context);
					return;
				}
				const index = Math.floor(random() * live.length);
				const target = live[index];
				if (lockedNow.has(target.id) || lockedBefore.has(target.id)) return;
				const next = { id: target.id, updatedAt: stamp, deleted: roll < 0.2 };
				if (expected.has(versionKey(next)) || seededVersions.has(versionKey(next))) return;
				lockedNow.add(target.id);
				if (next.deleted) {
					deleteQr(sim.state, team, target.id, 'stream');
					live.splice(index, 1);
					expected.set(versionKey(next), 'deleted');
					writtenAt.set(versionKey(next), context);
				} else {
					live[index] = touchQr(sim.state, target, { name: `Edit ${expected.size}` }, 'stream');
					expected.set(versionKey(next), 'updated');
					writtenAt.set(versionKey(next), context);
				}
			};
			const collect = (events: IDataObject[]): void => {
				for (const event of events) {
					const key = versionKey(event);
					reported.push(key);
					if (expected.has(key) && expected.get(key) !== event.event)
						wrongKinds.push(`${key}: ${String(event.event)}`);
				}
			};

			for (let step = 0; expected.size < 10_000 && step < 2_000; step++) {
				// The service's clock moves on 0-2 s per step; each burst is stamped in one millisecond that
				// jitters +-5 s around it, and a quarter of the bursts reuse the previous poll's millisecond.
				serviceTime += Math.floor(random() * 2_000);
				if (random() < 0.25) sameMillisecondBursts += 1;
				else stamp = serviceTime + Math.floor((random() * 2 - 1) * SKEW_MS);
				sim.clock.set(stamp);
				const burst = 1 + Math.floor(random() * 80);
				const duringPoll = random() < 0.3 ? Math.floor(burst / 2) : 0;
				context = `step ${step}, before its poll`;
				for (let i = 0; i < burst - duringPoll; i++) writeOne();
				const polling = poll();
				await yieldTurns(Math.floor(random() * 30));
				context = `step ${step}, during its poll`;
				for (let i = 0; i < duringPoll; i++) writeOne();
				collect(await polling);
				lockedBefore = lockedNow;
				lockedNow = new Set();
			}
			for (let drain = 0; drain < 2; drain++) collect(await poll());
			sim.clock.useRealTime();

			expect(expected.size).toBeGreaterThanOrEqual(10_000);
			expect(sameMillisecondBursts).toBeGreaterThan(50);
			const reportedKeys = new Set<string>();
			const duplicates = reported.filter((key) => reportedKeys.has(key) || !reportedKeys.add(key));
			const misses = [...expected.keys()]
				.filter((key) => !reportedKeys.has(key))
				.map((key) => `${key} (${writtenAt.get(key)})`);
			expect({
				duplicates,
				misses,
				wrongKinds,
				unexpected: reported.filter((key) => !expected.has(key)),
			}).toEqual({
				duplicates: [],
				misses: [],
				wrongKinds: [],
				unexpected: [],
			});
		}, 180_000); // twice what a busy machine needed
	},
);

describe('QRTRAC Trigger scan stream', () => {
	const suite = useSimulator({ seed: false, fromTimeInclusive: false });
	let fixture: Fixture;

	beforeAll(() => {
		fixture = fixtureIn(suite.sim);
	});

	it('reports each scan of a seeded stream exactly once, identical scans in one millisecond included', async () => {
		const { sim, teamId, credentials } = fixture;
		const random = createPrng(11);
		const codes: QrRecord[] = Array.from({ length: 230 }, (_, index) =>
			sim.state.createQr(teamId, {
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com/',
				name: `Scanned ${index}`,
			}),
		);
		sim.state.seedScans(codes[0].id, 50, { to: Date.now() - 1_000, seed: 5 });
		// the IP address kept, as each scan's identity below includes it (hashing: ipPrivacy.engine.test.ts)
		const poll = restartingTrigger(credentials, {
			triggerOn: 'newScans',
			options: { ipAddress: 'keep' },
		});
		expect(await poll()).toEqual([]);

		const added: ScanEvent[] = [];
		const reported: IDataObject[] = [];
		const fingerprint = (scan: IDataObject | ScanEvent): string =>
			[
				scan.qrId,
				scan.scanTime,
				scan.device,
				scan.browser,
				scan.os,
				scan.country,
				scan.city,
				scan.ipAddress,
				scan.referrer,
			].join('|');
		const addScans = (count: number): void => {
			const scanTime = Date.now() + Math.floor((random() * 2 - 1) * SKEW_MS);
			for (let i = 0; i < count; i++) {
				const code = codes[Math.floor(random() * codes.length)];
				const twin = random() < 0.3 && added.length > 0 ? added[added.length - 1] : undefined;
				const city = twin ? twin.city : ['Berlin', 'Paris', 'Tokyo'][Math.floor(random() * 3)];
				added.push(
					sim.state.addScan(twin ? twin.qrId : code.id, {
						scanTime,
						city,
						ipAddress: '203.0.113.9',
					}),
				);
			}
		};

		for (let step = 0; step < 120; step++) {
			if (step % 20 === 10) {
				const fresh = sim.state.createQr(teamId, {
					qrType: 'WEB',
					qrRedirectUrl: 'https://example.com/',
					name: `New ${step}`,
				});
				codes.push(fresh);
			}
			addScans(1 + Math.floor(random() * 30));
			const polling = poll();
			if (step % 3 === 0) {
				await yieldTurns(Math.floor(random() * 30));
				addScans(1 + Math.floor(random() * 5));
			}
			reported.push(...(await polling));
		}
		for (let drain = 0; drain < 2; drain++) reported.push(...(await poll()));

		expect(added.length).toBeGreaterThan(1_500);
		expect(reported.every((scan) => scan.event === 'scan')).toBe(true);
		expect(reported.map(fingerprint).sort()).toEqual(added.map(fingerprint).sort());
	}, 60_000);
});
