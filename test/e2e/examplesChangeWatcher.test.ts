import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Simulator } from '../../simulator';
import { startSimulator } from '../../simulator';
import type { WorkflowJson } from '../support/realN8n';
import { RealN8n, nodeItems, qrtracCredential } from '../support/realN8n';

/**
 * The change-watcher example (examples/04-change-watcher.json), imported unchanged and activated in a running
 * real n8n: a code renamed through the simulator's API must start one execution whose last node holds a
 * notification-ready item for that code. The example polls once a minute (n8n's shortest poll), so the wait
 * is bounded by a little more than one minute after the activation poll.
 */

/** The first run on a machine installs n8n (several minutes); later runs reuse it. */
const SETUP_TIMEOUT_MS = 40 * 60_000;
const STEP_TIMEOUT_MS = 5 * 60_000;
/** One poll interval (60 s) plus the execution itself, with room for a loaded machine. */
const FIRE_TIMEOUT_MS = 150_000;
const ACTIVATION_POLL_TIMEOUT_MS = 120_000;

const EXAMPLE = path.join(__dirname, '..', '..', 'examples', '04-change-watcher.json');
const log = (line: string) => process.stderr.write(`[e2e change watcher] ${line}\n`);

describe('example 04 change watcher, active in real n8n 2.41.1 (n8n start)', () => {
	let simulator: Simulator;
	let n8n: RealN8n;
	let workflowId: string;
	let activatedAt: number;

	beforeAll(async () => {
		const started = Date.now();
		simulator = await startSimulator({ port: 0 });
		n8n = await RealN8n.create({ log });
		await n8n.importCredentials([
			qrtracCredential({ url: simulator.url, ...simulator.credentials }),
		]);
		workflowId = await n8n.importWorkflow(
			JSON.parse(readFileSync(EXAMPLE, 'utf8')) as WorkflowJson,
		);
		await n8n.startServer();
		// activated as the editor's toggle does it (one CLI cold start less than publishing before the start)
		await n8n.rest.activateWorkflow(workflowId);
		activatedAt = Date.now();
		log(`set-up (build, pack, install, import, n8n start, activate): ${activatedAt - started} ms`);
	}, SETUP_TIMEOUT_MS);

	afterAll(async () => {
		await n8n?.stop();
		await simulator?.close();
	}, STEP_TIMEOUT_MS);

	/** The trigger's first poll only learns where "now" is; a change must come after it to be reported. */
	async function activationPoll(): Promise<void> {
		const deadline = Date.now() + ACTIVATION_POLL_TIMEOUT_MS;
		while (
			!simulator.requestLog.some(
				(request) => request.operationId === 'getTeamQrsFromTime' && request.status === 200,
			)
		) {
			if (Date.now() > deadline)
				throw new Error(
					`The trigger did not poll within ${ACTIVATION_POLL_TIMEOUT_MS / 1000} s:\n${n8n.serverOutput.slice(-3000)}`,
				);
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
	}

	test(
		'renaming a code in QRTRAC starts one execution that builds {title, text, url} for that code',
		async () => {
			await activationPoll();
			log(`activation poll seen ${Date.now() - activatedAt} ms after the activation`);
			const known = new Set(
				(await n8n.rest.executions(workflowId)).map((execution) => String(execution.id)),
			);
			expect(known.size).toBe(0);

			const { teamId, clientId, clientSecret } = simulator.credentials;
			const [code] = simulator.state
				.liveQrsOfTeam(teamId)
				.filter((candidate) => candidate.qrRedirectUrl);
			const newName = `${code.name} (renamed ${randomBytes(3).toString('hex')})`;
			const response = await fetch(`${simulator.url}/api/qrs-api/${code.id}/title`, {
				method: 'PATCH',
				headers: {
					'content-type': 'application/json',
					'x-request-team-id': teamId,
					'x-request-client-id': clientId,
					'x-request-client-secret': clientSecret,
				},
				body: JSON.stringify({ title: newName }),
			});
			expect(response.status).toBe(200);
			const changedAt = Date.now();
			const stored = simulator.state.getQr(code.id)!;
			expect(stored.name).toBe(newName);

			const run = await n8n.waitForExecution(workflowId, { known, timeoutMs: FIRE_TIMEOUT_MS });
			log(`change reported ${Date.now() - changedAt} ms after it was made (polls once a minute)`);
			expect(run.status).toBe('success');

			const [event] = nodeItems(run, 'Watch Code Updates');
			expect(nodeItems(run, 'Watch Code Updates')).toHaveLength(1);
			expect(event).toMatchObject({
				event: 'updated',
				id: code.id,
				name: newName,
				updatedAt: stored.updatedAt,
			});

			const notifications = nodeItems(run, 'Build Notification');
			expect(notifications).toHaveLength(1);
			const [notification] = notifications;
			const shortUrl = stored.baseUrl + stored.displayId;
			expect(Object.keys(notification).sort()).toEqual([
				'changedAt',
				'codeId',
				'text',
				'title',
				'url',
			]);
			expect(notification).toMatchObject({
				title: `QR code updated: ${newName}`,
				url: shortUrl,
				codeId: code.id,
				changedAt: new Date(stored.updatedAt).toISOString(),
			});
			expect(notification.text).toContain(`"${newName}" (${stored.qrType}, ${shortUrl})`);
			expect(notification.text).toContain(`It now opens ${stored.qrRedirectUrl}.`);
		},
		FIRE_TIMEOUT_MS + ACTIVATION_POLL_TIMEOUT_MS + 30_000,
	);
});
