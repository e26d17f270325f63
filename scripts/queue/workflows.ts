import { randomUUID } from 'node:crypto';

import type { JsonObject } from '../n8n/runData';
import { SIMULATOR_CREDENTIAL_ID, SIMULATOR_CREDENTIAL_NAME } from '../n8n/credentials';
import { PACKAGE_NAME } from './queueCluster';

/**
 * The workflows queue mode is tried with, as a user would build them: executions started by webhooks (the
 * main instance enqueues them, a worker runs them) and the QRTRAC Trigger (polled by the main instance).
 * Node types are those of the package installed as a community package.
 */

const credentials = (
	credentialId = SIMULATOR_CREDENTIAL_ID,
	credentialName = SIMULATOR_CREDENTIAL_NAME,
) => ({
	qrtracApi: { id: credentialId, name: credentialName },
});

function webhook(path: string): JsonObject {
	return {
		id: 'webhook',
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: randomUUID(),
		// answers at once ("Workflow was started"): the execution runs on a worker
		parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
	};
}

/** POST `{ rows: [{ name, url }] }` to /webhook/<path>: one QR code created per row (Continue On Fail on). */
export function bulkCreateWorkflow(
	path: string,
	options: { credentialId?: string; credentialName?: string; name?: string } = {},
): JsonObject {
	return {
		name: options.name ?? `Queue mode: bulk create (${path})`,
		nodes: [
			webhook(path),
			{
				id: 'rows',
				name: 'Rows',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [220, 0],
				parameters: { fieldToSplitOut: 'body.rows', options: {} },
			},
			{
				id: 'create',
				name: 'Create',
				type: `${PACKAGE_NAME}.qrtrac`,
				typeVersion: 1,
				position: [440, 0],
				onError: 'continueRegularOutput',
				parameters: {
					resource: 'qrCode',
					operation: 'create',
					qrType: 'WEB',
					name: '={{ $json.name }}',
					qrRedirectUrl: '={{ $json.url }}',
				},
				credentials: credentials(options.credentialId, options.credentialName),
			},
		],
		connections: {
			Webhook: { main: [[{ node: 'Rows', type: 'main', index: 0 }]] },
			Rows: { main: [[{ node: 'Create', type: 'main', index: 0 }]] },
		},
	};
}

/** POST `{ id }` to /webhook/<path>: the code's PNG as binary data (Download Image). */
export function downloadImageWorkflow(
	path: string,
	options: { credentialId?: string; credentialName?: string } = {},
): JsonObject {
	return {
		name: `Queue mode: download image (${path})`,
		nodes: [
			webhook(path),
			{
				id: 'image',
				name: 'Image',
				type: `${PACKAGE_NAME}.qrtrac`,
				typeVersion: 1,
				position: [220, 0],
				parameters: {
					resource: 'qrCode',
					operation: 'downloadImage',
					qrCodeId: { __rl: true, mode: 'id', value: '={{ $json.body.id }}' },
					binaryPropertyName: 'data',
				},
				credentials: credentials(options.credentialId, options.credentialName),
			},
		],
		connections: { Webhook: { main: [[{ node: 'Image', type: 'main', index: 0 }]] } },
	};
}

export const TRIGGER_NODE = 'QRTRAC Trigger';

/** The QRTRAC Trigger alone, polling every minute (n8n's shortest interval) for code changes of the team. */
export function triggerWorkflow(): JsonObject {
	return {
		name: 'Queue mode: QRTRAC Trigger on code changes',
		nodes: [
			{
				id: 'trigger',
				name: TRIGGER_NODE,
				type: `${PACKAGE_NAME}.qrtracTrigger`,
				typeVersion: 1,
				position: [0, 0],
				parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, triggerOn: 'codeChanges' },
				credentials: credentials(),
			},
		],
		connections: {},
	};
}

/** A main instance registers its webhooks a few seconds after it answers as ready. */
const WEBHOOK_REGISTRATION_WAIT_MS = 60_000;

/**
 * Starts one execution: POST `body` to the main instance's production webhook. Until the main instance has
 * registered the webhook (a few seconds after start) it answers 404 "not registered": asked again, bounded.
 */
export async function postWebhook(baseUrl: string, path: string, body: unknown): Promise<void> {
	const deadline = Date.now() + WEBHOOK_REGISTRATION_WAIT_MS;
	for (;;) {
		const response = await fetch(`${baseUrl}/webhook/${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
			signal: AbortSignal.timeout(60_000),
		});
		const text = await response.text();
		if (response.ok) return;
		if (response.status !== 404 || !text.includes('not registered') || Date.now() > deadline) {
			throw new Error(`POST /webhook/${path} answered ${response.status}: ${text.slice(0, 500)}`);
		}
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
}

/** Starts one bulk execution: POST the rows to the main instance's production webhook. */
export async function postRows(
	baseUrl: string,
	path: string,
	rows: Array<{ name: string; url: string }>,
): Promise<void> {
	await postWebhook(baseUrl, path, { rows });
}
