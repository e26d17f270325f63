import path from 'node:path';

import type { Simulator } from '../../simulator';
import { startSimulator } from '../../simulator';
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

const log = (line: string) => process.stderr.write(`[e2e custom] ${line}\n`);

describe('real n8n 2.41.1 with the packed package in an N8N_CUSTOM_EXTENSIONS folder', () => {
	let simulator: Simulator;
	let n8n: RealN8n;

	beforeAll(async () => {
		simulator = await startSimulator({ port: 0 });
		n8n = await RealN8n.create({ loading: 'custom', traceModuleResolution: true, log });
		await n8n.importCredentials([
			qrtracCredential({ url: simulator.url, ...simulator.credentials }),
		]);
	}, SETUP_TIMEOUT_MS);

	afterAll(async () => {
		await n8n?.stop();
		await simulator?.close();
	}, STEP_TIMEOUT_MS);

	test(
		'CUSTOM.qrtrac runs Design Template Get Many through n8n execute',
		async () => {
			expect(n8n.nodeType('qrtrac')).toBe('CUSTOM.qrtrac');
			const id = await n8n.importWorkflow({
				name: 'E2E custom extension: templates',
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
						id: 'templates',
						name: 'Templates',
						type: 'CUSTOM.qrtrac',
						typeVersion: 1,
						position: [240, 0],
						parameters: { resource: 'designTemplate', operation: 'getMany', returnAll: true },
						credentials: {
							qrtracApi: { id: SIMULATOR_CREDENTIAL_ID, name: SIMULATOR_CREDENTIAL_NAME },
						},
					},
				],
				connections: { Start: { main: [[{ node: 'Templates', type: 'main', index: 0 }]] } },
			});

			const run = await n8n.executeWorkflow(id);

			expect(run.error).toBeUndefined();
			const names = nodeItems(run, 'Templates').map((template) => template.name);
			const expected = simulator.state
				.templatesOfTeam(simulator.credentials.teamId)
				.map((template) => template.name);
			expect(expected.length).toBeGreaterThan(0);
			expect([...names].sort()).toEqual([...expected].sort());
			// a folder loaded as custom extensions has no node_modules of its own either: n8n supplies both
			const n8nModules = path.join(n8n.installation.installDir, 'node_modules') + path.sep;
			const shared = n8n
				.moduleResolutions()
				.filter((resolution) => ['n8n-workflow', 'zod'].includes(resolution.request));
			expect(shared.map((resolution) => resolution.request)).toEqual(
				expect.arrayContaining(['n8n-workflow', 'zod']),
			);
			expect(shared.every((resolution) => resolution.resolved.startsWith(n8nModules))).toBe(true);
		},
		STEP_TIMEOUT_MS,
	);
});
