/**
 * Secret hygiene: with distinctive secrets (`sk_live_SECRET_...`, `qrt_live_APIKEY_...`), every operation of
 * the action node, the trigger, the pickers and the credential test run through every fault, with Continue On
 * Fail on and off, and with wrong secrets (401). Nothing they produce may contain a secret: output items, error
 * message/description/context/stack, the engine's run record, the simulator's log lines and request log, and
 * everything written to the console meanwhile.
 */
import { randomBytes } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import { callLoadOptions, pollTrigger, runNode, testCredential } from '../../../support/n8nHarness';
import { captureOutput, countStrings, findSecrets } from '../../../support/secretScan';
import { everyOperation } from '../../../support/reliability/everyOperation';
import { FAULT_CASES, type FaultCase } from '../../../support/reliability/faultCatalogue';
import { recordFigures } from '../../../support/reliability/figures';
import {
	createReliabilityTeam,
	startReliabilitySimulator,
	type ReliabilitySimulator,
	type ReliabilityCredentials,
} from '../../../support/reliability/reliabilityTeam';

let env: ReliabilitySimulator;
const coverage = {
	runs: 0,
	stringsScanned: 0,
	errorsSeen: 0,
	byKind: {} as Record<string, number>,
};

beforeAll(async () => {
	env = await startReliabilitySimulator();
});

afterAll(async () => {
	recordFigures('secrets', coverage);
	await env?.sim.close();
});

const NO_FAULT: FaultCase = { name: 'no fault', description: 'no fault', rules: [] };

/** Every fault at a high rate, so that most calls meet one (retries and recoveries included). */
function frequent(fault: FaultCase): FaultCase {
	return {
		...fault,
		rules: fault.rules.map((rule) =>
			rule.probability === undefined ? rule : { ...rule, probability: 0.3 },
		),
	};
}

/** What a call that may throw (pickers) produced: its result, or the error it threw (scanned like any output). */
async function settle(call: Promise<unknown>): Promise<unknown> {
	return await call.catch((error: unknown) => ({ thrown: error }));
}

/** What one call left behind: how many strings were scanned, and where a secret appeared (none, we expect). */
interface Scan {
	kind: string;
	strings: number;
	leaks: string[];
}

/** Runs `work` with the fault active, then scans everything it left behind; the test asserts on the scans. */
async function scanned(
	kind: string,
	fault: FaultCase,
	secrets: string[],
	work: () => Promise<unknown>,
): Promise<Scan> {
	env.sim.faults.clear();
	env.sim.clearRequestLog();
	// A new seed per call: the same seed would replay the same first draws, and a short call may then never meet the fault.
	for (const rule of fault.rules)
		env.sim.faults.add({ ...rule, seed: (rule.seed ?? 1) + coverage.runs * 7919 });
	const logStart = env.logLines.length;
	const output = captureOutput();
	let produced: unknown;
	try {
		produced = await work();
	} finally {
		output.stop();
		env.sim.faults.clear();
	}
	const evidence = {
		produced,
		simulatorLog: env.logLines.slice(logStart),
		requestLog: env.sim.requestLog,
		output: output.lines,
	};
	const strings = countStrings(evidence);
	coverage.runs += 1;
	coverage.stringsScanned += strings;
	coverage.byKind[kind] = (coverage.byKind[kind] ?? 0) + 1;
	coverage.errorsSeen += JSON.stringify(produced ?? null).split('"error"').length - 1;
	const leaks = findSecrets(evidence, secrets).map(
		(finding) => `${kind}: secret #${finding.secretIndex} at ${finding.path}`,
	);
	return { kind, strings, leaks };
}

describe('every operation of the action node', () => {
	const faults = [
		NO_FAULT,
		...FAULT_CASES.filter((fault) => fault.name !== '429 storm').map(frequent),
		FAULT_CASES[0],
	];
	for (const fault of faults) {
		it(`${fault.name}, Continue On Fail on and off (alternating by operation): no secret anywhere`, async () => {
			const tag = randomBytes(3).toString('hex');
			const team = createReliabilityTeam(env, `Secrets ${tag}`, {
				ratePerSecond: 1000,
				timeoutSeconds: fault.timeoutSeconds,
			});
			const calls = everyOperation(env.sim, team.teamId, tag);
			const scans: Scan[] = [];
			for (const [index, call] of calls.entries()) {
				const scan = await scanned('action', fault, team.secrets, async () => {
					const result = await runNode({
						nodeType: 'qrtrac',
						credentials: team.credentials,
						parameters: call.parameters,
						continueOnFail: index % 2 === 0,
					});
					return { items: result.items, error: result.error, run: result.runData };
				});
				scans.push(scan);
			}

			expect(scans.flatMap((scan) => scan.leaks)).toEqual([]);
			expect(scans.filter((scan) => scan.strings === 0)).toEqual([]);
			expect(scans).toHaveLength(calls.length);
		}, 120_000);
	}
});

describe('wrong secrets (401 everywhere)', () => {
	it('neither the wrong nor the right secret appears, for every operation, the pickers and the credential test', async () => {
		const tag = randomBytes(3).toString('hex');
		const team = createReliabilityTeam(env, `Wrong ${tag}`, { ratePerSecond: 1000 });
		const wrong: ReliabilityCredentials = {
			...team.credentials,
			clientSecret: `sk_live_WRONG_${randomBytes(12).toString('hex')}`,
			apiKey: `qrt_live_WRONGKEY_${randomBytes(12).toString('hex')}`,
		};
		const secrets = [...team.secrets, wrong.clientSecret!, wrong.apiKey!];
		const scans: Scan[] = [];
		let refusals = 0;
		for (const continueOnFail of [true, false]) {
			for (const call of everyOperation(
				env.sim,
				team.teamId,
				`${tag}${continueOnFail ? 'c' : 'x'}`,
			)) {
				const scan = await scanned('wrong secret', NO_FAULT, secrets, async () => {
					const result = await runNode({
						nodeType: 'qrtrac',
						credentials: wrong,
						parameters: call.parameters,
						continueOnFail,
					});
					if (result.error ?? result.items.find((item) => item.json.error)) refusals += 1;
					return { items: result.items, error: result.error, run: result.runData };
				});
				scans.push(scan);
			}
		}
		let credentialStatus: string | undefined;
		const credentialScan = await scanned('credential test', NO_FAULT, secrets, async () => {
			const result = await testCredential(wrong);
			credentialStatus = result.status;
			return result;
		});
		scans.push(credentialScan);
		for (const [method, kind] of PICKERS) {
			const scan = await scanned(
				'picker',
				NO_FAULT,
				secrets,
				async () => await settle(callLoadOptions('qrtrac', method, { credentials: wrong, kind })),
			);
			scans.push(scan);
		}

		// Every operation run (twice: Continue On Fail on and off) was refused, and so was the credential test.
		expect(refusals).toBe(scans.filter((scan) => scan.kind === 'wrong secret').length);
		expect(refusals).toBeGreaterThan(0);
		expect(credentialStatus).toBe('Error');
		expect(scans.flatMap((scan) => scan.leaks)).toEqual([]);
		expect(scans.filter((scan) => scan.strings === 0)).toEqual([]);
	}, 120_000);

	it('a secret pasted with a trailing line break never shows either', async () => {
		const tag = randomBytes(3).toString('hex');
		const team = createReliabilityTeam(env, `Pasted ${tag}`, { ratePerSecond: 1000 });
		const pasted: ReliabilityCredentials = {
			...team.credentials,
			clientSecret: `${team.credentials.clientSecret}\n`,
		};
		const calls = everyOperation(env.sim, team.teamId, tag);
		const scans: Scan[] = [];
		for (const call of calls) {
			const scan = await scanned('pasted secret', NO_FAULT, team.secrets, async () => {
				const result = await runNode({
					nodeType: 'qrtrac',
					credentials: pasted,
					parameters: call.parameters,
					continueOnFail: true,
				});
				return { items: result.items, error: result.error, run: result.runData };
			});
			scans.push(scan);
		}

		expect(scans.flatMap((scan) => scan.leaks)).toEqual([]);
		expect(scans.filter((scan) => scan.strings === 0)).toEqual([]);
		expect(scans).toHaveLength(calls.length);
	}, 60_000);
});

const PICKERS: Array<[string, 'loadOptions' | 'listSearch']> = [
	['getTeams', 'loadOptions'],
	['getTemplates', 'loadOptions'],
	['getTeamsToJoin', 'loadOptions'],
	['searchQrCodes', 'listSearch'],
	['searchTeams', 'listSearch'],
];

describe('trigger, pickers and credential test under faults', () => {
	const faults = [
		NO_FAULT,
		...FAULT_CASES.filter((fault) => fault.name !== '429 storm').map(frequent),
	];
	for (const fault of faults) {
		it(`${fault.name}: no secret anywhere`, async () => {
			const tag = randomBytes(3).toString('hex');
			const team = createReliabilityTeam(env, `Trigger ${tag}`, {
				ratePerSecond: 1000,
				timeoutSeconds: fault.timeoutSeconds,
			});
			env.sim.state.createQr(team.teamId, {
				qrType: 'WEB',
				name: 'watched',
				qrRedirectUrl: 'https://example.com/w',
			});
			const scans: Scan[] = [];
			for (const triggerOn of ['codeChanges', 'newScans']) {
				let staticData: IDataObject = {};
				for (let poll = 0; poll < 3; poll++) {
					const scan = await scanned('trigger', fault, team.secrets, async () => {
						const result = await pollTrigger({
							parameters: { triggerOn },
							credentials: team.credentials,
							staticData,
						}).catch((error: unknown) => ({
							thrown: error,
							staticData,
						}));
						staticData = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
						return result;
					});
					scans.push(scan);
				}
			}
			for (const [method, kind] of PICKERS) {
				const scan = await scanned(
					'picker',
					fault,
					team.secrets,
					async () =>
						await settle(
							callLoadOptions('qrtrac', method, { credentials: team.credentials, kind }),
						),
				);
				scans.push(scan);
			}
			const credentialScan = await scanned(
				'credential test',
				fault,
				team.secrets,
				async () => await settle(testCredential(team.credentials)),
			);
			scans.push(credentialScan);

			expect(scans.flatMap((scan) => scan.leaks)).toEqual([]);
			expect(scans.filter((scan) => scan.strings === 0)).toEqual([]);
			expect(scans).toHaveLength(2 * 3 + PICKERS.length + 1);
		}, 60_000);
	}
});
