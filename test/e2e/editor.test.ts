/**
 * The package as a person meets it: n8n 2.41.1's editor in headless Chromium (Debian's package, installed by
 * the set-up when missing), signed in as the owner, with a credential for the QRTRAC simulator. It finds
 * QRTRAC in the node panel, adds a node, reads the canvas subtitle, switches the QR type, opens a picker,
 * runs nodes, fetches the trigger's test events, and fails on any browser error the package is answerable for.
 * It also shows what the editor sends with a picker's request: the pickers list the team of Options > Team
 * (Override) and load again when it changes, which the in-process tests cannot show.
 * The screenshots it takes are the README's pictures (docs/images/); those under walk/ follow a new user's
 * first steps, one picture per step (docs/images/walk/).
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

/** A credential whose Base URL nobody answers on (port 1 of this machine): what its Test says. */
const UNREACHABLE_CREDENTIAL_ID = 'qrtracUnreachable1';

/** The first run on a machine installs n8n (several minutes) and maybe Chromium; later runs reuse both. */
const SETUP_TIMEOUT_MS = 40 * 60_000;
const STEP_TIMEOUT_MS = 3 * 60_000;
// the credential dialog's folded test message: each wait, and how many times it is opened
const DETAILS_WAIT_MS = 20_000;
const DETAILS_ATTEMPTS = 3;
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

/** A workflow with no node at all: where a new user starts. */
const blankWorkflow: WorkflowJson = { name: 'Editor test: blank', nodes: [], connections: {} };

/** A QRTRAC Get as the workflow's first and only node: nothing before it, no input. */
const firstNodeWorkflow: WorkflowJson = {
	name: 'Editor test: first node',
	nodes: [
		{
			id: 'get',
			name: 'Get a code',
			type: 'n8n-nodes-qrtrac.qrtrac',
			typeVersion: 1.2,
			position: [0, 0],
			parameters: {
				resource: 'qrCode',
				operation: 'get',
				qrCodeId: { __rl: true, mode: 'list', value: '' },
			},
			credentials,
		},
	],
	connections: {},
};

/** A node of the newest layout (1.2) after a manual trigger. */
function oneNodeWorkflow(
	name: string,
	node: { name: string; parameters: Record<string, unknown> },
): WorkflowJson {
	return {
		name,
		nodes: [
			manualTrigger,
			{
				id: 'node',
				name: node.name,
				type: 'n8n-nodes-qrtrac.qrtrac',
				typeVersion: 1.2,
				position: [220, 0],
				parameters: node.parameters,
				credentials,
			},
		],
		connections: {
			[manualTrigger.name]: { main: [[{ node: node.name, type: 'main', index: 0 }]] },
		},
	};
}

const scanTriggerWorkflow: WorkflowJson = {
	name: 'Editor test: new scans',
	nodes: [
		{
			id: 'trigger',
			name: 'QRTRAC Trigger',
			type: 'n8n-nodes-qrtrac.qrtracTrigger',
			typeVersion: 1.1,
			position: [0, 0],
			parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, triggerOn: 'newScans' },
			credentials,
		},
	],
	connections: {},
};

/** Scan > Get for Codes on codes picked from a list, one entry not yet chosen. */
function scansOfCodesWorkflow(name: string): WorkflowJson {
	return oneNodeWorkflow(name, {
		name: 'Scans of codes',
		parameters: {
			resource: 'analytics',
			operation: 'getScansForCodes',
			codeSelection: 'picked',
			pickedQrCodes: { code: [{ qrCodeId: { __rl: true, mode: 'list', value: '' } }] },
		},
	});
}

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

/** A second team of the credential's organization, with a code and a design template named after it. */
const HARBOR = { team: 'Harbor', code: 'Harbor banner (harbor-2026)', template: 'Harbor classic' };

/** QR Code > Update acting in another team (Options > Team (Override), set by ID), its template field shown. */
function teamOverrideWorkflow(teamId: string): WorkflowJson {
	return oneNodeWorkflow('Editor test: team override', {
		name: 'Update in another team',
		parameters: {
			resource: 'qrCode',
			operation: 'update',
			qrCodeId: { __rl: true, mode: 'list', value: '' },
			updateFields: { templateId: '' },
			options: { teamOverride: { __rl: true, mode: 'id', value: teamId } },
		},
	});
}

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
		const spring = simulator.state.listQrs(teamId).find((qr) => qr.displayId === 'spring-2026')!;
		simulator.state.addScan(spring.id, { city: 'Paris', country: 'France' });
		// the team a node's Team (Override) names: its code and template are listed by no other team
		const harbor = simulator.state.createTeam(simulator.state.team(teamId)!.orgId, HARBOR.team);
		simulator.state.createQr(harbor.id, {
			qrType: 'WEB',
			displayId: 'harbor-2026',
			name: 'Harbor banner',
			qrRedirectUrl: 'https://example.com/harbor',
		});
		simulator.state.templatesOfTeam(harbor.id).find((t) => t.name === 'Classic')!.name =
			HARBOR.template;
		n8n = await RealN8n.create({ log });
		// imported first and named after the simulator's, so that n8n never picks it for a new node by itself
		await n8n.importCredentials([
			qrtracCredential(
				{ url: 'http://127.0.0.1:1', ...simulator.credentials },
				{ id: UNREACHABLE_CREDENTIAL_ID, name: 'Unreachable QRTRAC' },
			),
		]);
		await n8n.importCredentials([
			qrtracCredential({ url: simulator.url, ...simulator.credentials }),
		]);
		workflowIds = await n8n.importWorkflows([
			emptyWorkflow,
			syncWorkflow,
			triggerWorkflow,
			blankWorkflow,
			oneNodeWorkflow('Editor test: team members', {
				name: 'Team members',
				parameters: {
					resource: 'teamMember',
					operation: 'getMany',
					teamId: { __rl: true, mode: 'id', value: teamId },
				},
			}),
			scansOfCodesWorkflow('Editor test: scans of codes'),
			scanTriggerWorkflow,
			firstNodeWorkflow,
			oneNodeWorkflow('Editor test: scan report', {
				name: 'Scan report',
				parameters: {
					resource: 'analytics',
					operation: 'getReport',
					codeSelection: 'all',
					timeRange: 'last30Days',
					reportLayout: 'perCode',
					breakdowns: ['country', 'device'],
					options: {},
				},
			}),
			oneNodeWorkflow('Editor test: scans of a code', {
				name: 'Scans of a code',
				parameters: {
					resource: 'analytics',
					operation: 'getScans',
					qrCodeId: { __rl: true, mode: 'id', value: spring.id },
					options: {},
				},
			}),
			teamOverrideWorkflow(harbor.id),
			oneNodeWorkflow('Editor test: delete a person', {
				name: 'Delete a person',
				parameters: {
					resource: 'teamMember',
					operation: 'delete',
					teamId: { __rl: true, mode: 'id', value: teamId },
					email: 'ada@example.com',
				},
			}),
			// n8n saves a workflow a test edited (an option added in one test was there in a later one, some
			// runs): a test that needs the nodes as imported opens copies no other test edits
			scansOfCodesWorkflow('Editor test: scans of codes, as imported'),
			{ ...scanTriggerWorkflow, name: 'Editor test: new scans, as imported' },
		]);
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
			const expected = [
				'Create a QR code',
				'Create or update a QR code',
				'Get many QR codes',
				'Get the scans of many QR codes',
				'Get scan totals of QR codes',
				'Add a team member',
				'Create a dynamic link',
			];
			// the panel slides from the search results to the actions, which render in steps (a busy machine
			// caught the list half drawn): read it once the last group's heading and every expected action are there
			await page
				.getByTestId('item-iterator-item')
				.filter({ hasText: /^team member actions$/i })
				.first()
				.waitFor();
			for (const name of expected)
				await actions
					.filter({ hasText: new RegExp(`^${name}$`) })
					.first()
					.waitFor();
			const names = await actions.allInnerTexts();
			expect(names).toEqual(expect.arrayContaining(expected));
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

			// Scan Rules > Add Rule > Password Protection: the switch and, under it, its setting
			expect(website).not.toContain('Password');
			await editor.addFixedCollectionOption('Add Rule', 'Password Protection');
			const withRule = await editor.parameterLabels();
			expect(withRule).toEqual(expect.arrayContaining(['Password Protection', 'Password']));
			expect(withRule).not.toContain('Minimum Age');
			await editor.screenshot(
				path.join(SCREENSHOTS, 'walk', '2-create-form.png'),
				page.getByTestId('ndv'),
			);

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
			const listed = await editor.openPicker(
				page.getByTestId('rlc-input'),
				`${code.name} (${code.displayId})`,
			);
			const names = await listed.allInnerTexts();
			expect(names.length).toBeGreaterThan(3);
			expect(names).toContain(`${code.name} (${code.displayId})`);
			await editor.screenshot(path.join(SCREENSHOTS, 'code-picker.png'), page.getByTestId('ndv'));
			await listed.filter({ hasText: `(${code.displayId})` }).click();

			await page.getByTestId('node-execute-button').click();
			await page.getByTestId('output-panel').getByTestId('node-run-status-success').waitFor();
			const output = await editor.outputJsonText(
				`${code.baseUrl}${code.displayId}`,
				new Date(code.createdAt).toISOString(),
			);
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
			await editor.screenshot(
				path.join(SCREENSHOTS, 'walk', '3-sync-output.png'),
				page.getByTestId('ndv'),
			);
			expect(await editor.outputJsonText('changedFields')).toMatch(
				/"changedFields": \[ "qrRedirectUrl" \]/,
			);
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
			const output = await editor.outputJsonText('"event"');
			expect(output).toMatch(/"event": "(created|updated)"/);
			expect(output).not.toMatch(/"(createdBy|updatedBy)"/);
		},
		STEP_TIMEOUT_MS,
	);

	test(
		'as the first node of a blank workflow, found by "qr code", the QR code picker opens without error',
		async () => {
			const { page } = editor;
			await page.goto(`${editor.baseUrl}/workflow/${workflowIds[3]}`);
			const before = packageProblems(editor.problems).length;
			await editor.openFirstStepPanel('qr code');
			const entry = page.getByTestId('node-creator-item-name').filter({ hasText: /^QRTRAC$/ });
			await entry.first().waitFor();
			await editor.screenshot(
				path.join(SCREENSHOTS, 'walk', '1-node-panel-search.png'),
				page.getByTestId('node-creator'),
			);
			await page.keyboard.press('Escape');

			await editor.openWorkflow(workflowIds[7]);
			await page.getByTestId('canvas-node').filter({ hasText: 'Get a code' }).dblclick();
			const listed = await editor.openPicker(
				page.getByTestId('ndv').getByTestId('rlc-input'),
				'Spring poster (spring-2026)',
			);
			expect(await listed.allInnerTexts()).toContain('Spring poster (spring-2026)');
			expect(packageProblems(editor.problems).slice(before)).toEqual([]);
			await page.keyboard.press('Escape');
			await page.getByTestId('ndv-close-button').click();
		},
		STEP_TIMEOUT_MS,
	);

	test(
		'Team Member > Get Many lists the team in the output panel',
		async () => {
			const { page } = editor;
			await editor.openWorkflow(workflowIds[4]);
			await page.getByTestId('canvas-node').filter({ hasText: 'Team members' }).dblclick();
			await page.getByTestId('node-execute-button').click();
			await page.getByTestId('output-panel').getByTestId('node-run-status-success').waitFor();
			const table = await editor.outputTableText('owner');
			expect(table).toMatch(/status/);
			await editor.screenshot(
				path.join(SCREENSHOTS, 'walk', '4-team-members.png'),
				page.getByTestId('ndv'),
			);
			await page.getByTestId('ndv-close-button').click();
		},
		STEP_TIMEOUT_MS,
	);

	test(
		'Scan > Get for Codes picks each code from its own searchable list',
		async () => {
			const { page } = editor;
			await editor.openWorkflow(workflowIds[5]);
			await page.getByTestId('canvas-node').filter({ hasText: 'Scans of codes' }).dblclick();
			const listed = await editor.openPicker(
				page.getByTestId('ndv').getByTestId('rlc-input').first(),
				'Spring poster (spring-2026)',
			);
			expect(await listed.allInnerTexts()).toContain('Spring poster (spring-2026)');
			await editor.screenshot(
				path.join(SCREENSHOTS, 'walk', '5-scans-for-codes-picker.png'),
				page.getByTestId('ndv'),
			);
			await page.keyboard.press('Escape');
			await page.getByTestId('ndv-close-button').click();
		},
		STEP_TIMEOUT_MS,
	);

	test(
		"the trigger's New Scans test event names the scanned code in the output table",
		async () => {
			const { page } = editor;
			await editor.openWorkflow(workflowIds[6]);
			await page.getByTestId('canvas-node').filter({ hasText: 'QRTRAC Trigger' }).dblclick();
			expect(await editor.parameterLabels()).toEqual(expect.arrayContaining(['Team']));
			await page.getByTestId('node-execute-button').filter({ hasText: 'Fetch Test Event' }).click();
			await page.getByTestId('output-panel').getByTestId('node-run-status-success').waitFor();
			const table = await editor.outputTableText('Spring poster');
			for (const field of ['qrName', 'qrShortUrl', 'scanTimeIso', 'Paris'])
				expect(table).toContain(field);
			await editor.screenshot(path.join(SCREENSHOTS, 'trigger-scans.png'), page.getByTestId('ndv'));
			await editor.screenshot(
				path.join(SCREENSHOTS, 'walk', '6-trigger-new-scans.png'),
				page.getByTestId('ndv'),
			);
			// New Scans carries scan events, so it offers the IP Address option too (its choices: the test below)
			await editor.addFixedCollectionOption('Add Option', 'IP Address');
			expect(await editor.parameterLabels()).toContain('IP Address');
			await page.getByTestId('ndv-close-button').click();
		},
		STEP_TIMEOUT_MS,
	);

	test(
		'the credential dialog of an unreachable Base URL: what its Test says',
		async () => {
			const { page } = editor;
			await page.goto(`${editor.baseUrl}/home/credentials/${UNREACHABLE_CREDENTIAL_ID}`);
			const dialog = page.getByRole('dialog').filter({ hasText: 'Base URL' }).first();
			await dialog.waitFor();
			// n8n tests a credential when it is saved: change the Base URL (still unreachable) and save
			await dialog
				.getByTestId('parameter-input-baseUrl')
				.locator('input')
				.fill('http://127.0.0.1:2');
			await dialog.getByRole('button', { name: /^Save$/ }).click();
			await dialog
				.getByText(/Couldn.t connect/i)
				.first()
				.waitFor();
			// n8n folds the test's message under "More details"; the Base URL's hint explains it. On a busy
			// machine the notice may render again after the click, folded: open it again, a bounded number of times.
			const refused = dialog.getByText(/^\s*ECONNREFUSED\s*$/).first();
			for (let attempt = 1; ; attempt++) {
				const more = dialog.getByText('More details');
				if ((await more.count()) > 0) await more.first().click();
				try {
					await refused.waitFor({ timeout: DETAILS_WAIT_MS });
					break;
				} catch (error) {
					const shown = (await dialog.innerText()).replace(/\s+/g, ' ').slice(0, 400);
					log(
						`no ECONNREFUSED after opening the details (attempt ${attempt}); the dialog says: ${shown}`,
					);
					if (attempt >= DETAILS_ATTEMPTS) throw error;
					// n8n's own "Node not found" (its node types not loaded yet when the Test ran): test again
					const retry = dialog.getByRole('button', { name: /^Retry$/ });
					if (shown.includes('Node not found') && (await retry.count()) > 0)
						await retry.first().click();
				}
			}
			const hint = dialog.getByText(/could not reach this Base URL/);
			await hint.scrollIntoViewIfNeeded();
			expect(await hint.innerText()).toMatch(/^If Test answers ECONNREFUSED/);
			// the v1 key's plan: its field shows the default the code paces to (connection.ts, Pro's 60 a minute)
			expect(await dialog.innerText()).toContain('Simple Interface Plan');
			expect(
				await dialog
					.getByTestId('parameter-input-simplePlan')
					.locator('input')
					.first()
					.inputValue(),
			).toBe('Pro (60 Requests/min)');
			const text = await dialog.innerText();
			log(
				`credential test of an unreachable Base URL says: ${text.replace(/\s+/g, ' ').slice(0, 600)}`,
			);
			await editor.screenshot(
				path.join(SCREENSHOTS, 'walk', '7-credential-unreachable.png'),
				dialog,
			);
			await page.keyboard.press('Escape');
		},
		STEP_TIMEOUT_MS,
	);

	test(
		'Scan > Get Report: its form in the editor, and a run that gives scans and unique scans per code',
		async () => {
			const { page } = editor;
			await editor.openWorkflow(workflowIds[8]);
			expect(await editor.canvasSubtitle('Scan report')).toBe('Get Report: Scan');
			await page.getByTestId('canvas-node').filter({ hasText: 'Scan report' }).dblclick();
			const labels = await editor.parameterLabels();
			expect(labels).toEqual(
				expect.arrayContaining([
					'Codes',
					'Time Range',
					'Report Layout',
					'Breakdowns',
					'Simplify',
					'Options',
				]),
			);
			expect(labels).not.toContain('IP Address');
			await editor.addFixedCollectionOption('Add Option', 'Unique Visitor Key');
			expect(await editor.parameterLabels()).toContain('Unique Visitor Key');

			await page.getByTestId('node-execute-button').click();
			await page.getByTestId('output-panel').getByTestId('node-run-status-success').waitFor();
			const table = await editor.outputTableText('Spring campaign');
			for (const field of ['uniqueScans', 'firstScanAt', 'byCountry', 'byDevice', 'qrShortUrl'])
				expect(table).toContain(field);
			await editor.screenshot(path.join(SCREENSHOTS, 'scan-report.png'), page.getByTestId('ndv'));
			// per code and day: the breakdowns are not offered
			await editor.choose('reportLayout', 'One Item per Code and Day');
			expect(await editor.parameterLabels()).not.toContain('Breakdowns');
			await page.getByTestId('ndv-close-button').click();
		},
		STEP_TIMEOUT_MS,
	);

	test(
		'the IP Address option of Get for Codes and Get for a Code: Hash by default with its key, Keep and Remove',
		async () => {
			const { page } = editor;
			await editor.openWorkflow(workflowIds[5]);
			await page.getByTestId('canvas-node').filter({ hasText: 'Scans of codes' }).dblclick();
			// Hash is the default; its key is an option of its own, offered while Hash is chosen
			await editor.addFixedCollectionOption('Add Option', 'IP Address');
			await editor.addFixedCollectionOption('Add Option', 'IP Hash Key');
			expect(await editor.parameterLabels()).toEqual(
				expect.arrayContaining(['IP Address', 'IP Hash Key']),
			);
			const items = page.locator('.el-select-dropdown__item:visible');
			await editor.openUntilShown(
				page.getByTestId('parameter-input-ipAddress'),
				items.filter({ hasText: 'Remove' }),
			);
			const choices = await items.allInnerTexts();
			for (const choice of ['Hash', 'Keep', 'Remove'])
				expect(choices.some((text) => text.startsWith(choice))).toBe(true);
			await editor.screenshot(
				path.join(SCREENSHOTS, 'ip-address-option.png'),
				page.getByTestId('ndv'),
			);
			await page.keyboard.press('Escape');
			await editor.choose('ipAddress', 'Keep');
			expect(await editor.parameterLabels()).not.toContain('IP Hash Key');
			await page.getByTestId('ndv-close-button').click();

			// Get for a Code: the same option; a run with it removes the address from every scan
			await editor.openWorkflow(workflowIds[9]);
			await page.getByTestId('canvas-node').filter({ hasText: 'Scans of a code' }).dblclick();
			await editor.addFixedCollectionOption('Add Option', 'IP Address');
			await editor.choose('ipAddress', 'Remove');
			expect(await editor.parameterLabels()).toContain('IP Address');
			await page.getByTestId('node-execute-button').click();
			await page.getByTestId('output-panel').getByTestId('node-run-status-success').waitFor();
			const output = await editor.outputJsonText('Paris');
			expect(output).toContain('"city": "Paris"');
			expect(output).not.toContain('ipAddress');
			await page.getByTestId('ndv-close-button').click();
		},
		STEP_TIMEOUT_MS,
	);

	test(
		'the pickers list the team of Options > Team (Override), and follow it when it changes',
		async () => {
			const { page } = editor;
			const ndv = page.getByTestId('ndv');
			await editor.openWorkflow(workflowIds[10]);
			await page
				.getByTestId('canvas-node')
				.filter({ hasText: 'Update in another team' })
				.dblclick();
			const codePicker = ndv.getByTestId('resource-locator-qrCodeId').getByTestId('rlc-input');
			let listed = await editor.openPicker(codePicker, HARBOR.code);
			let names = await listed.allInnerTexts();
			log(`code picker in the override's team lists: ${JSON.stringify(names)}`);
			expect(names).toContain(HARBOR.code);
			expect(names).not.toContain('Spring poster (spring-2026)');
			await editor.screenshot(path.join(SCREENSHOTS, 'override-code-picker.png'), ndv);
			await page.keyboard.press('Escape');

			// Update's empty template entry keeps the code's design; the templates are the override team's
			// the template list, told apart from an add list still fading out by a template's description
			const templates = page
				.locator('.el-select-dropdown:visible')
				.filter({ hasText: 'Brand colour modules' })
				.locator('.el-select-dropdown__item');
			await editor.openUntilShown(
				ndv.getByTestId('parameter-input-templateId'),
				templates.filter({ hasText: HARBOR.template }),
			);
			let templateNames = (await templates.allInnerTexts()).map((text) => text.split('\n')[0]);
			log(`template dropdown in the override's team lists: ${JSON.stringify(templateNames)}`);
			expect(templateNames[0]).toBe('Keep Current Template');
			expect(templateNames).toContain(HARBOR.template);
			expect(templateNames).not.toContain('Classic');
			await editor.screenshot(path.join(SCREENSHOTS, 'override-template-update.png'), ndv);
			await page.keyboard.press('Escape');

			// the override typed again, now the credential's team: both lists load that team's records
			await ndv
				.getByTestId('resource-locator-teamOverride')
				// the test ID sits on the text box or on its wrapper, depending on the input component
				.locator('input[data-test-id=rlc-input], [data-test-id=rlc-input] input')
				.fill(simulator.credentials.teamId);
			listed = await editor.openPicker(codePicker, 'Spring poster (spring-2026)');
			names = await listed.allInnerTexts();
			log(`after the override changed, the code picker lists: ${JSON.stringify(names)}`);
			expect(names).not.toContain(HARBOR.code);
			await page.keyboard.press('Escape');
			await editor.openUntilShown(
				ndv.getByTestId('parameter-input-templateId'),
				templates.filter({ hasText: /^Classic/ }),
			);
			templateNames = (await templates.allInnerTexts()).map((text) => text.split('\n')[0]);
			log(
				`after the override changed, the template dropdown lists: ${JSON.stringify(templateNames)}`,
			);
			expect(templateNames).not.toContain(HARBOR.template);
			await editor.screenshot(path.join(SCREENSHOTS, 'override-changed.png'), ndv);
			await page.keyboard.press('Escape');

			// on Create the empty entry is the team's default template
			await editor.choose('operation', 'Create');
			await editor.addFixedCollectionOption('Add Field', 'Design Template Name or ID');
			await editor.openUntilShown(
				ndv.getByTestId('parameter-input-templateId'),
				templates.filter({ hasText: /^Classic/ }),
			);
			templateNames = (await templates.allInnerTexts()).map((text) => text.split('\n')[0]);
			await editor.screenshot(path.join(SCREENSHOTS, 'template-create.png'), ndv);
			log(`Create's template dropdown lists: ${JSON.stringify(templateNames)}`);
			expect(templateNames[0]).toBe('Default Template');
			expect(templateNames).not.toContain('Keep Current Template');
			await page.keyboard.press('Escape');
			await page.getByTestId('ndv-close-button').click();
		},
		STEP_TIMEOUT_MS,
	);

	test(
		'IP Hash Key is offered before IP Address is added: Get for Codes (1.2) and the New Scans trigger (1.1)',
		async () => {
			const { page } = editor;
			await editor.openWorkflow(workflowIds[12]);
			await page.getByTestId('canvas-node').filter({ hasText: 'Scans of codes' }).dblclick();
			const offered = await editor.offeredOptions('Add Option', 'IP Address');
			log(`Get for Codes 1.2, Add Option offers: ${JSON.stringify(offered)}`);
			expect(offered).toContain('IP Hash Key');
			await editor.screenshot(
				path.join(SCREENSHOTS, 'ip-hash-key-offered.png'),
				page.getByTestId('ndv'),
			);
			await page.keyboard.press('Escape');
			await page.getByTestId('ndv-close-button').click();

			await editor.openWorkflow(workflowIds[13]);
			await page.getByTestId('canvas-node').filter({ hasText: 'QRTRAC Trigger' }).dblclick();
			const offeredByTrigger = await editor.offeredOptions('Add Option', 'IP Address');
			log(`New Scans trigger 1.1, Add Option offers: ${JSON.stringify(offeredByTrigger)}`);
			expect(offeredByTrigger).toContain('IP Hash Key');
			await page.keyboard.press('Escape');
			await page.getByTestId('ndv-close-button').click();
		},
		STEP_TIMEOUT_MS,
	);

	test(
		'Delete Completely (1.2) offers Send When Email Is Hidden, off until a person turns it on',
		async () => {
			const { page } = editor;
			await editor.openWorkflow(workflowIds[11]);
			await page.getByTestId('canvas-node').filter({ hasText: 'Delete a person' }).dblclick();
			// a collection of one option draws Add Option as a button that adds it at once
			await page.getByTestId('ndv').getByRole('button', { name: 'Add Option' }).click();
			expect(await editor.parameterLabels()).toContain('Send When Email Is Hidden');
			// the switch shows the default the code uses (`=== true`): off
			const toggle = page.getByTestId('parameter-input-sendWhenEmailHidden');
			await toggle.waitFor();
			expect(await toggle.getAttribute('class')).not.toMatch(/is-checked/);
			expect(await toggle.locator('.is-checked').count()).toBe(0);
			await editor.screenshot(
				path.join(SCREENSHOTS, 'walk', '9-delete-completely-options.png'),
				page.getByTestId('ndv'),
			);
			await page.getByTestId('ndv-close-button').click();
		},
		STEP_TIMEOUT_MS,
	);

	test(
		'Options > Team (Override) switched to Expression: an empty expression, not [object Object]',
		async () => {
			const { page } = editor;
			const ndv = page.getByTestId('ndv');
			await editor.openWorkflow(workflowIds[9]);
			await page.getByTestId('canvas-node').filter({ hasText: 'Scans of a code' }).dblclick();
			await editor.addFixedCollectionOption('Add Option', 'Team (Override)');
			// the innermost parameter item holding the picker (the Options collection is one too)
			const item = ndv
				.getByTestId('parameter-item')
				// `has` is queried inside each item, so it must not start at the NDV
				.filter({ has: page.getByTestId('resource-locator-teamOverride') })
				.last();
			await item.hover();
			await item.getByTestId('radio-button-expression').click();
			const input = item.getByTestId('inline-expression-editor-input');
			await input.waitFor();
			const shown = await item.innerText();
			log(`Team (Override) switched to Expression shows: ${JSON.stringify(shown)}`);
			// the editor rewrites the value only when it recognises a locator (its default's `__rl`)
			expect(shown).not.toContain('[object Object]');
			expect((await input.innerText()).trim()).toBe('');
			await page.getByTestId('ndv-close-button').click();
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
