/**
 * The package as a person meets it: n8n 2.41.1's editor in headless Chromium (Debian's package, installed by
 * the set-up when missing), signed in as the owner, with a credential for the QRTRAC simulator. It finds
 * QRTRAC in the node panel, adds a node, reads the canvas subtitle, switches the QR type, opens a picker,
 * runs nodes, fetches the trigger's test event, and fails on any browser error the package is answerable for.
 * The screenshots it takes are the README's pictures (docs/images/).
 */
import path from 'node:path';

import type { Simulator } from '../../simulator';
import { startSimulator } from '../../simulator';
import type { EditorBrowser as EditorBrowserType } from '../support/editorBrowser';
import { EditorBrowser, packageProblems } from '../support/editorBrowser';
import type { WorkflowJson } from '../support/realN8n';
import {
	DEFAULT_OWNER,
	RealN8n,
	qrtracCredential,
	SIMULATOR_CREDENTIAL_ID,
	SIMULATOR_CREDENTIAL_NAME,
} from '../support/realN8n';

/** The first run on a machine installs n8n (several minutes) and maybe Chromium; later runs reuse both. */
const SETUP_TIMEOUT_MS = 40 * 60_000;
const STEP_TIMEOUT_MS = 3 * 60_000;
/** Where the screenshots go: a scratch folder, or docs/images (the README's pictures) with QRTRAC_SCREENSHOT_DIR=docs/images. */
const SCREENSHOTS = path.resolve(
	__dirname,
	'..',
	'..',
	process.env.QRTRAC_SCREENSHOT_DIR ?? path.join('.n8n-runtime', 'screenshots'),
);

const log = (line: string) => process.stderr.write(`[e2e editor] ${line}\n`);

const credentials = { qrtracApi: { id: SIMULATOR_CREDENTIAL_ID, name: SIMULATOR_CREDENTIAL_NAME } };
const manualTrigger = {
	id: 'manual',
	name: 'When clicking ‘Execute workflow’',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** A workflow holding only a manual trigger: the test adds the QRTRAC node itself. */
const emptyWorkflow: WorkflowJson = {
	name: 'Editor test: new node',
	nodes: [manualTrigger],
	connections: {},
};

/** Rows of a sheet synced into QRTRAC: one new code, one changed, one as stored. */
const syncRows = [
	{ displayId: 'menu-2026', name: 'Lunch menu', url: 'https://example.com/menu' },
	{ displayId: 'spring-2026', name: 'Spring poster', url: 'https://example.com/spring-sale' },
	{ displayId: 'summer-2026', name: 'Summer flyer', url: 'https://example.com/summer' },
];

const syncWorkflow: WorkflowJson = {
	name: 'Editor test: sheet sync',
	nodes: [
		manualTrigger,
		{
			id: 'rows',
			name: 'Sheet rows',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [220, 0],
			parameters: { jsCode: `return ${JSON.stringify(syncRows.map((row) => ({ json: row })))};` },
		},
		{
			id: 'sync',
			name: 'Sync codes',
			type: 'n8n-nodes-qrtrac.qrtrac',
			typeVersion: 1.1,
			position: [440, 0],
			parameters: {
				resource: 'qrCode',
				operation: 'createOrUpdate',
				displayId: '={{ $json.displayId }}',
				qrType: 'WEB',
				name: '={{ $json.name }}',
				qrRedirectUrl: '={{ $json.url }}',
			},
			credentials,
		},
	],
	connections: {
		[manualTrigger.name]: { main: [[{ node: 'Sheet rows', type: 'main', index: 0 }]] },
		'Sheet rows': { main: [[{ node: 'Sync codes', type: 'main', index: 0 }]] },
	},
};

const triggerWorkflow: WorkflowJson = {
	name: 'Editor test: trigger',
	nodes: [
		{
			id: 'trigger',
			name: 'QRTRAC Trigger',
			type: 'n8n-nodes-qrtrac.qrtracTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, triggerOn: 'codeChanges' },
			credentials,
		},
	],
	connections: {},
};

describe("QRTRAC in n8n 2.41.1's editor (headless Chromium)", () => {
	let simulator: Simulator;
	let n8n: RealN8n;
	let editor: EditorBrowserType;
	let workflowIds: string[];
	const started = Date.now();

	beforeAll(async () => {
		simulator = await startSimulator({ port: 0 });
		const { teamId } = simulator.credentials;
		// the sheet's second row changes a stored code, the first matches one exactly
		simulator.state.createQr(teamId, {
			qrType: 'WEB',
			displayId: 'menu-2026',
			name: 'Lunch menu',
			qrRedirectUrl: 'https://example.com/menu',
		});
		simulator.state.createQr(teamId, {
			qrType: 'WEB',
			displayId: 'spring-2026',
			name: 'Spring poster',
			qrRedirectUrl: 'https://example.com/spring',
		});
		n8n = await RealN8n.create({ log });
		await n8n.importCredentials([
			qrtracCredential({ url: simulator.url, ...simulator.credentials }),
		]);
		workflowIds = await n8n.importWorkflows([emptyWorkflow, syncWorkflow, triggerWorkflow]);
		await n8n.startServer();
		editor = await EditorBrowser.launch(n8n.baseUrl, log);
		await editor.signIn(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
		log(`set-up done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
	}, SETUP_TIMEOUT_MS);

	afterAll(async () => {
		await editor?.close();
		await n8n?.stop();
		await simulator?.close();
		log(`whole run ${((Date.now() - started) / 1000).toFixed(1)} s`);
	}, STEP_TIMEOUT_MS);

	test(
		'the node panel shows QRTRAC with its description and its actions grouped by resource',
		async () => {
			const { page } = editor;
			await editor.openWorkflow(workflowIds[0]);
			const items = await editor.openNodePanel('QRTRAC');
			const entry = items.filter({ hasText: /^QRTRAC$/ }).first();
			await entry.waitFor();
			const description = await page
				.getByTestId('node-creator-item-description')
				.first()
				.innerText();
			expect(description).toMatch(/^Create, manage and track dynamic QR codes/);
			await entry.click();

			const actions = page.getByTestId('node-creator-item-name');
			await actions.filter({ hasText: /^Create a QR code$/ }).waitFor();
			const names = await actions.allInnerTexts();
			expect(names).toEqual(
				expect.arrayContaining([
					'Create a QR code',
					'Create or update a QR code',
					'Get many QR codes',
					'Get the scans of many QR codes',
					'Get scan totals of QR codes',
					'Add a team member',
					'Create a dynamic link',
				]),
			);
			const headings = (await page.getByTestId('item-iterator-item').allInnerTexts()).filter(
				(text) => /ACTIONS$/.test(text),
			);
			expect(headings).toEqual(
				expect.arrayContaining(['QR CODE ACTIONS', 'SCAN ACTIONS', 'TEAM MEMBER ACTIONS']),
			);
			expect(headings.join(' ')).not.toMatch(/ANALYTIC /);
			// the panel alone (n8n's node creator), not the empty canvas beside it
			const panel = page.getByTestId('node-creator');
			await editor.screenshot(
				path.join(SCREENSHOTS, 'node-panel.png'),
				(await panel.count()) > 0 ? panel.first() : undefined,
			);
		},
		STEP_TIMEOUT_MS,
	);

	test(
		'an added Create node reads "Create: QR Code" on the canvas and shows the fields of the chosen QR type',
		async () => {
			const { page } = editor;
			await page
				.getByTestId('node-creator-item-name')
				.filter({ hasText: /^Create a QR code$/ })
				.click();
			await page.getByTestId('ndv').waitFor();
			expect(await editor.canvasSubtitle('Create a QR code')).toBe('Create: QR Code');

			const website = await editor.parameterLabels();
			expect(website).toEqual(
				expect.arrayContaining([
					'QR Type',
					'Name',
					'Display ID',
					'Redirect URL',
					'Additional Fields',
					'Scan Rules',
					'Simplify',
					'Options',
				]),
			);
			expect(website).not.toContain('Settings');
			expect(website).not.toContain('Other API Fields (JSON)');
			await editor.screenshot(path.join(SCREENSHOTS, 'create-form.png'), page.getByTestId('ndv'));

			await editor.choose('qrType', 'vCard');
			const vcard = await editor.parameterLabels();
			expect(vcard).toEqual(
				expect.arrayContaining([
					'First Name',
					'Last Name',
					'Email',
					'Mobile Phone',
					'Contact Details',
					'Postal Address',
					'Display ID',
				]),
			);
			expect(vcard).not.toContain('Redirect URL');
			expect(vcard).not.toContain('Street Name');
			expect(vcard).not.toContain('Fax');
		},
		STEP_TIMEOUT_MS,
	);

	test(
		"the QR code picker lists the simulator's codes; Get runs and its output carries the short link",
		async () => {
			const { page } = editor;
			const code = simulator.state
				.listQrs(simulator.credentials.teamId)
				.find((qr) => qr.displayId === 'spring-2026')!;
			await editor.choose('operation', 'Get');
			await page.getByTestId('rlc-input').click();
			const listed = page.getByTestId('rlc-item');
			await listed.first().waitFor();
			const names = await listed.allInnerTexts();
			expect(names.length).toBeGreaterThan(3);
			expect(names).toContain(`${code.name} (${code.displayId})`);
			await editor.screenshot(path.join(SCREENSHOTS, 'code-picker.png'), page.getByTestId('ndv'));
			await listed.filter({ hasText: `(${code.displayId})` }).click();

			await page.getByTestId('node-execute-button').click();
			await page.getByTestId('output-panel').getByTestId('node-run-status-success').waitFor();
			const output = await editor.outputJsonText();
			expect(output).toContain(`"shortUrl": "${code.baseUrl}${code.displayId}"`);
			expect(output).toContain(`"createdAtIso": "${new Date(code.createdAt).toISOString()}"`);

			await page.getByTestId('ndv-close-button').click();
			// n8n renames a node that still has its action's name when the operation changes
			expect(await editor.canvasSubtitle(/(Create|Get) a QR code/)).toBe('Get: QR Code');
		},
		STEP_TIMEOUT_MS,
	);

	test(
		'a sheet synced with Create or Update reports created, updated and unchanged rows in the output panel',
		async () => {
			const { page } = editor;
			await editor.openWorkflow(workflowIds[1]);
			expect(await editor.canvasSubtitle('Sync codes')).toBe('Create or Update: QR Code');
			await page.getByTestId('execute-workflow-button').click();
			await page
				.getByTestId('canvas-node')
				.filter({ hasText: 'Sync codes' })
				.getByTestId('canvas-node-status-success')
				.waitFor();
			await page.getByTestId('canvas-node').filter({ hasText: 'Sync codes' }).dblclick();
			const table = await editor.outputTableText('unchanged');
			for (const outcome of ['unchanged', 'updated', 'created']) expect(table).toContain(outcome);
			await editor.screenshot(path.join(SCREENSHOTS, 'sync-report.png'), page.getByTestId('ndv'));
			expect(await editor.outputJsonText()).toMatch(/"changedFields": \[ "qrRedirectUrl" \]/);
			await page.getByTestId('ndv-close-button').click();
		},
		STEP_TIMEOUT_MS,
	);

	test(
		"the trigger's Fetch Test Event shows the newest code change, without the writer's API client IDs",
		async () => {
			const { page } = editor;
			await editor.openWorkflow(workflowIds[2]);
			await page.getByTestId('canvas-node').filter({ hasText: 'QRTRAC Trigger' }).dblclick();
			await page.getByTestId('node-execute-button').filter({ hasText: 'Fetch Test Event' }).click();
			await page.getByTestId('output-panel').getByTestId('node-run-status-success').waitFor();
			await editor.screenshot(path.join(SCREENSHOTS, 'trigger.png'), page.getByTestId('ndv'));
			const output = await editor.outputJsonText();
			expect(output).toMatch(/"event": "(created|updated)"/);
			expect(output).not.toMatch(/"(createdBy|updatedBy)"/);
		},
		STEP_TIMEOUT_MS,
	);

	test('no browser error came from the package', () => {
		const problems = packageProblems(editor.problems);
		const others = editor.problems.length - problems.length;
		if (others > 0)
			log(
				`${others} browser errors of n8n's own left aside (see packageProblems): ${JSON.stringify(editor.problems.filter((problem) => !problems.includes(problem)).slice(0, 5))}`,
			);
		expect(problems).toEqual([]);
	});
});
