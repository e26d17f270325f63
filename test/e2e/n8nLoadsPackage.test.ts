import { randomBytes } from 'node:crypto';
import path from 'node:path';

import type { Simulator } from '../../simulator';
import { startSimulator } from '../../simulator';
import type { WorkflowJson } from '../support/realN8n';
import {
	RealN8n,
	nodeItems,
	qrtracCredential,
	SIMULATOR_CREDENTIAL_ID,
	SIMULATOR_CREDENTIAL_NAME,
} from '../support/realN8n';

/** The first run on a machine installs n8n (several minutes); later runs reuse it. */
const SETUP_TIMEOUT_MS = 40 * 60_000;
const STEP_TIMEOUT_MS = 5 * 60_000;

const log = (line: string) => process.stderr.write(`[e2e] ${line}\n`);

function credentialNode() {
	return { qrtracApi: { id: SIMULATOR_CREDENTIAL_ID, name: SIMULATOR_CREDENTIAL_NAME } };
}

/** Manual Trigger feeding two QRTRAC nodes: QR Code Create (one WEB code) and Design Template Get Many. */
function smokeWorkflow(codeName: string, redirectUrl: string): WorkflowJson {
	return {
		name: 'E2E smoke: create a code, list templates',
		nodes: [
			{
				id: 'manual',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'create',
				name: 'Create Code',
				type: 'n8n-nodes-qrtrac.qrtrac',
				typeVersion: 1,
				position: [240, -100],
				parameters: {
					resource: 'qrCode',
					operation: 'create',
					qrType: 'WEB',
					name: codeName,
					qrRedirectUrl: redirectUrl,
				},
				credentials: credentialNode(),
			},
			{
				id: 'templates',
				name: 'Templates',
				type: 'n8n-nodes-qrtrac.qrtrac',
				typeVersion: 1,
				position: [240, 100],
				parameters: { resource: 'designTemplate', operation: 'getMany', returnAll: true },
				credentials: credentialNode(),
			},
		],
		connections: {
			Start: {
				main: [
					[
						{ node: 'Create Code', type: 'main', index: 0 },
						{ node: 'Templates', type: 'main', index: 0 },
					],
				],
			},
		},
	};
}

/**
 * QRTRAC Trigger watching the credential's team, reporting existing codes on its first poll: n8n runs that
 * first poll when it activates the workflow, so activation alone produces an execution.
 */
function triggerWorkflow(): WorkflowJson {
	return {
		name: 'E2E trigger: existing codes on activation',
		nodes: [
			{
				id: 'trigger',
				name: 'Code Changes',
				type: 'n8n-nodes-qrtrac.qrtracTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {
					pollTimes: { item: [{ mode: 'everyMinute' }] },
					triggerOn: 'codeChanges',
					events: ['created', 'updated', 'deleted'],
					scope: 'team',
					options: { includeExisting: true },
				},
				credentials: credentialNode(),
			},
		],
		connections: {},
	};
}

describe('real n8n 2.41.1 with the packed package installed as a community package', () => {
	let simulator: Simulator;
	let n8n: RealN8n;

	beforeAll(async () => {
		simulator = await startSimulator({ port: 0 });
		n8n = await RealN8n.create({ traceModuleResolution: true, log });
		await n8n.importCredentials([
			qrtracCredential({ url: simulator.url, ...simulator.credentials }),
		]);
	}, SETUP_TIMEOUT_MS);

	afterAll(async () => {
		await n8n?.stop();
		await simulator?.close();
	}, STEP_TIMEOUT_MS);

	describe('headless: n8n execute', () => {
		test(
			'a Manual Trigger -> QRTRAC workflow creates a code in the simulator and lists its templates',
			async () => {
				const codeName = `E2E smoke ${randomBytes(4).toString('hex')}`;
				const redirectUrl = 'https://example.com/e2e-smoke';
				const id = await n8n.importWorkflow(smokeWorkflow(codeName, redirectUrl));

				const run = await n8n.executeWorkflow(id);
				log(`n8n execute took ${run.processMs} ms (cold start included)`);

				expect(run.error).toBeUndefined();
				expect(run.status).toBe('success');
				const [created] = nodeItems(run, 'Create Code');
				expect(created).toMatchObject({ name: codeName, qrType: 'WEB' });
				const stored = simulator.state.getQr(String(created.id));
				expect(stored).toMatchObject({
					name: codeName,
					qrRedirectUrl: redirectUrl,
					teamId: simulator.credentials.teamId,
					deleted: false,
				});

				const templates = nodeItems(run, 'Templates');
				const expected = simulator.state
					.templatesOfTeam(simulator.credentials.teamId)
					.map((template) => template.id);
				expect(templates.map((template) => template.id).sort()).toEqual([...expected].sort());
				expect(expected.length).toBeGreaterThan(0);
			},
			STEP_TIMEOUT_MS,
		);

		test('the package resolves n8n-workflow and zod from n8n itself, the way a community install does', () => {
			const resolutions = n8n.moduleResolutions();
			const n8nModules = path.join(n8n.installation.installDir, 'node_modules') + path.sep;
			for (const request of ['n8n-workflow', 'zod']) {
				const seen = resolutions.filter((resolution) => resolution.request === request);
				expect(seen.length).toBeGreaterThan(0);
				for (const resolution of seen) {
					expect(resolution.from.startsWith(n8n.packageDir + path.sep)).toBe(true);
					expect(resolution.resolved.startsWith(n8nModules)).toBe(true);
				}
			}
			// nothing but n8n's copies: the installed package brought no node_modules of its own
			expect(
				resolutions.every(
					(resolution) => !resolution.resolved.startsWith(n8n.packageDir + path.sep),
				),
			).toBe(true);
		});
	});

	describe('server: n8n start + REST API', () => {
		beforeAll(async () => {
			await n8n.startServer();
		}, STEP_TIMEOUT_MS);

		test('lists both node types and the qrtracApi credential type', async () => {
			const nodeTypes = await n8n.rest.nodeTypes();
			const names = nodeTypes.map((type) => type.name);
			expect(names).toEqual(
				expect.arrayContaining([n8n.nodeType('qrtrac'), n8n.nodeType('qrtracTrigger')]),
			);
			const action = nodeTypes.find((type) => type.name === n8n.nodeType('qrtrac'));
			expect(action?.credentials?.map((credential) => credential.name)).toContain('qrtracApi');

			const credentialTypes = await n8n.rest.credentialTypes();
			expect(credentialTypes.map((type) => type.name)).toContain('qrtracApi');
		});

		test('the stored credential passes its test against the simulator', async () => {
			const stored = qrtracCredential({ url: simulator.url, ...simulator.credentials });
			const result = await n8n.rest.testCredential(stored);
			expect(result).toMatchObject({ status: 'OK' });
		});

		test(
			'an activated QRTRAC Trigger workflow polls the simulator and runs with its codes',
			async () => {
				const id = await n8n.importWorkflow(triggerWorkflow());
				await n8n.rest.activateWorkflow(id);

				const run = await n8n.waitForExecution(id, { timeoutMs: 90_000 });

				expect(run.status).toBe('success');
				const items = nodeItems(run, 'Code Changes');
				const liveCodes = simulator.state
					.liveQrsOfTeam(simulator.credentials.teamId)
					.map((code) => code.id);
				expect(liveCodes.length).toBeGreaterThan(0);
				expect(items.filter((item) => item.event === 'created').map((item) => item.id)).toEqual(
					expect.arrayContaining(liveCodes),
				);
				await n8n.rest.deactivateWorkflow(id);
			},
			STEP_TIMEOUT_MS,
		);

		test('a wrong client secret fails the test without revealing any secret', async () => {
			const wrongSecret = `wrong-${randomBytes(12).toString('hex')}`;
			const connection = {
				url: simulator.url,
				...simulator.credentials,
				clientSecret: wrongSecret,
			};
			const result = await n8n.rest.testCredential(qrtracCredential(connection));
			expect(result.status).toBe('Error');
			expect(result.message.length).toBeGreaterThan(0);
			for (const secret of [
				wrongSecret,
				simulator.credentials.clientSecret,
				simulator.credentials.apiKey,
			]) {
				expect(result.message).not.toContain(secret);
			}
		});
	});
});
