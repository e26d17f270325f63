import { mkdirSync } from 'node:fs';
import path from 'node:path';

import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { chromium, selectors } from 'playwright-core';

import { CHROMIUM_ARGS, ensureChromium } from '../../scripts/browser/chromium';

/** Where a failed wait leaves its screenshot (beside the editor tests' own, out of the repository). */
const FAILURE_SHOTS = path.resolve(
	__dirname,
	'..',
	'..',
	'.n8n-runtime',
	'screenshots',
	'failures',
);

/** One console error, page error or failed request seen while the editor ran. */
export interface BrowserProblem {
	kind: 'console' | 'pageerror' | 'response' | 'requestfailed';
	text: string;
	/** The resource it concerns (the request, or the script that logged it), when known. */
	url?: string;
}

/**
 * Headless Chromium (Debian's package, installed by ensureChromium when missing) driving n8n's editor.
 * Requests to anything but this machine are aborted before they leave the browser: the editor looks up
 * community packages on the npm registry and would otherwise reach outside. Every console error, uncaught page
 * error and failed request is recorded (see packageProblems for which of them the package is answerable for).
 */
export class EditorBrowser {
	readonly problems: BrowserProblem[] = [];

	private constructor(
		private readonly browser: Browser,
		readonly context: BrowserContext,
		readonly page: Page,
		readonly baseUrl: string,
	) {}

	static async launch(baseUrl: string, log: (line: string) => void): Promise<EditorBrowser> {
		const executablePath = ensureChromium(log);
		// n8n's editor marks its elements with data-test-id (not Playwright's default data-testid)
		selectors.setTestIdAttribute('data-test-id');
		const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
		try {
			const context = await browser.newContext({
				viewport: { width: 1920, height: 1080 },
				locale: 'en-US',
				timezoneId: 'UTC',
			});
			context.setDefaultTimeout(30_000);
			await context.route('**/*', (route) =>
				isLocal(route.request().url()) ? route.continue() : route.abort('blockedbyclient'),
			);
			const page = await context.newPage();
			const editor = new EditorBrowser(browser, context, page, baseUrl);
			editor.record();
			return editor;
		} catch (error) {
			await browser.close();
			throw error;
		}
	}

	async close(): Promise<void> {
		await this.browser.close();
	}

	/** Signs in through n8n's sign-in form. */
	async signIn(email: string, password: string): Promise<void> {
		const { page } = this;
		await page.goto(`${this.baseUrl}/signin`);
		await page.locator('input[name=emailOrLdapLoginId]').fill(email);
		await page.locator('input[name=password]').fill(password);
		await page.getByTestId('form-submit-button').click();
		await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 60_000 });
	}

	async openWorkflow(id: string): Promise<void> {
		await this.page.goto(`${this.baseUrl}/workflow/${id}`);
		await this.page.getByTestId('canvas-node').first().waitFor();
	}

	/** The node panel from the canvas controls, searched for `text`. */
	async openNodePanel(text: string): Promise<Locator> {
		const { page } = this;
		await page.getByTestId('node-creator-plus-button').click();
		await page.getByTestId('node-creator-search-bar').fill(text);
		return page.getByTestId('node-creator-item-name');
	}

	/** The node panel of a blank workflow, from its "Add first step" button, searched for `text`. */
	async openFirstStepPanel(text: string): Promise<void> {
		const { page } = this;
		const first = page.getByTestId('canvas-add-button');
		await first.or(page.getByTestId('node-creator-plus-button')).first().click();
		await page.getByTestId('node-creator-search-bar').fill(text);
	}

	/** Adds `option` to the open node's fixed collection whose add control reads `placeholder`. */
	async addFixedCollectionOption(placeholder: string, option: string): Promise<void> {
		await this.offeredOptions(placeholder, option);
		const entry = this.collectionEntries()
			.filter({ hasText: new RegExp(`^${escapeRegExp(option)}$`) })
			.first();
		await entry.click();
		// added: the entry leaves the list (a collection offers an option once) or the list closes
		await entry.waitFor({ state: 'hidden' });
	}

	/**
	 * The entries the open node's collection offers under its add control `placeholder` (e.g. Options > Add Option),
	 * once `expected` is among them; the list is left open.
	 */
	async offeredOptions(placeholder: string, expected: string): Promise<string[]> {
		const ndv = this.page.getByTestId('ndv');
		const entries = this.collectionEntries();
		await this.openUntilShown(
			ndv
				.getByPlaceholder(placeholder)
				.or(ndv.getByText(placeholder, { exact: true }))
				.first(),
			entries.filter({ hasText: new RegExp(`^${escapeRegExp(expected)}$`) }),
		);
		return (await entries.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
	}

	/** The entries of the add list a collection opens (n8n draws it as a select, a menu or a list box). */
	private collectionEntries(): Locator {
		return this.page.locator(
			'.el-select-dropdown__item:visible, [role=menuitem]:visible, [role=option]:visible',
		);
	}

	/** The labels of the node's parameters as the Parameters tab shows them now. */
	async parameterLabels(): Promise<string[]> {
		const labels = this.page.getByTestId('node-parameters').getByTestId('input-label');
		await labels.first().waitFor();
		// the test's TypeScript has no DOM types: the elements are read through the two fields used
		type Shown = { offsetParent: unknown; innerText: string };
		const texts = await labels.evaluateAll((elements) =>
			(elements as unknown as Shown[])
				.filter((element) => element.offsetParent !== null)
				.map((element) => element.innerText),
		);
		return texts.map((text) => text.split('\n')[0].trim());
	}

	/**
	 * Clicks `opener` until `shown` appears, at most three times: a click that lands while the panel re-renders
	 * (after an operation change, or while a picker loads) opens nothing, and a second click is what a person does.
	 * Each wait allows 25 s: on a busy machine the editor took longer than 15 s to open a list.
	 * The last failure leaves a screenshot of the page and names it.
	 */
	async openUntilShown(opener: Locator, shown: Locator, attempts = 3): Promise<void> {
		for (let attempt = 1; ; attempt++) {
			await opener.click();
			try {
				await shown.first().waitFor({ timeout: 25_000 });
				return;
			} catch (error) {
				if (attempt >= attempts) throw await this.withScreenshot(error);
				await this.page.keyboard.press('Escape');
			}
		}
	}

	/** The error, its message naming a screenshot of the page as it was (when one could be taken). */
	private async withScreenshot(error: unknown): Promise<unknown> {
		if (!(error instanceof Error)) return error;
		const file = path.resolve(FAILURE_SHOTS, `failed-${Date.now()}.png`);
		try {
			await this.screenshot(file);
			const told = `${error.message}\nThe page then: ${file}`;
			// jest prints the stack, which holds the message as it was when the error was made
			error.stack = error.stack?.replace(error.message, told);
			error.message = told;
		} catch {
			// the page may be gone (the browser closed): the error alone says what failed
		}
		return error;
	}

	/** Opens the resource picker `input` and returns its entries once one reads `expected`. */
	async openPicker(input: Locator, expected: string): Promise<Locator> {
		const listed = this.page.getByTestId('rlc-item');
		await this.openUntilShown(input, listed.filter({ hasText: expected }));
		return listed;
	}

	/** Chooses `label` in the options parameter `name` of the open node. */
	async choose(name: string, label: string): Promise<void> {
		const { page } = this;
		const option = page
			.locator('.el-select-dropdown__item:visible')
			.filter({
				has: page.locator('.option-headline', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }),
			})
			.or(
				page
					.locator('.el-select-dropdown__item:visible')
					.filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) }),
			);
		await this.openUntilShown(page.getByTestId(`parameter-input-${name}`), option);
		await option.first().click();
	}

	/** The subtitle line of the canvas node whose name matches `name` (the text under its name). */
	async canvasSubtitle(name: string | RegExp): Promise<string> {
		const matches = (line: string) => (typeof name === 'string' ? line === name : name.test(line));
		const node = this.page.getByTestId('canvas-node').filter({ hasText: name }).first();
		const lines = (await node.innerText())
			.split('\n')
			.map((line) => line.trim())
			.filter(Boolean);
		const at = lines.findIndex(matches);
		return at >= 0 ? (lines[at + 1] ?? '') : '';
	}

	/** The open node's output as JSON text (the output panel's JSON view). */
	async outputJsonText(...expected: string[]): Promise<string> {
		const output = this.page.getByTestId('output-panel');
		await output.getByTestId('radio-button-json').click();
		const data = output.getByTestId('ndv-data-container');
		// the JSON view renders after the switch, in parts: wait for its first key, then for every text the caller
		// reads (a value near the end, not only the first key). Its text breaks lines between a key and its value;
		// whitespace is folded so that `"key": value` can be matched.
		await data.getByText(/"/).first().waitFor();
		for (const text of expected) await data.getByText(text).first().waitFor();
		return (await data.innerText()).replace(/\s+/g, ' ');
	}

	/** The open node's output as the output panel's table shows it, once `expected` appears in it. */
	async outputTableText(expected: string): Promise<string> {
		const output = this.page.getByTestId('output-panel');
		await output.getByTestId('radio-button-table').click();
		const data = output.getByTestId('ndv-data-container');
		await data.getByText(expected).first().waitFor();
		return await data.innerText();
	}

	async screenshot(file: string, locator?: Locator): Promise<void> {
		mkdirSync(path.dirname(file), { recursive: true });
		await (locator ?? this.page).screenshot({ path: file, animations: 'disabled' });
	}

	private record(): void {
		const { page } = this;
		page.on('console', (message) => {
			if (message.type() !== 'error') return;
			this.problems.push({
				kind: 'console',
				text: message.text(),
				url: message.location().url || undefined,
			});
		});
		page.on('pageerror', (error) =>
			this.problems.push({ kind: 'pageerror', text: `${error.message}\n${error.stack ?? ''}` }),
		);
		page.on('response', (response) => {
			if (response.status() >= 400)
				this.problems.push({
					kind: 'response',
					text: `HTTP ${response.status()}`,
					url: response.url(),
				});
		});
		page.on('requestfailed', (request) => {
			this.problems.push({
				kind: 'requestfailed',
				text: request.failure()?.errorText ?? 'failed',
				url: request.url(),
			});
		});
	}
}

/**
 * The problems the package is answerable for, out of everything the browser recorded. n8n's editor logs
 * errors of its own that have nothing to do with a community package; these are left out, each for a reason:
 * - anything about a request to another host: the browser aborts them on purpose (the editor asks the npm
 *   registry about installed community packages, n8n-nodes-qrtrac among them, and cannot reach it here);
 * - `401` on `GET /rest/login`: the editor asks whether a session exists before anyone has signed in;
 * - requests cancelled (`net::ERR_ABORTED`) because the page moved on, e.g. to another workflow, before their
 *   answer came: the browser dropped them, nobody failed to answer them.
 * Everything else counts when it names the package (its node types, icons, or "qrtrac" in a message or
 * stack), comes from a request the package answers (pickers: /rest/dynamic-node-parameters; the credential
 * test; node and credential types), or is an uncaught page error (a node description that breaks the form
 * shows up as one, without naming the package).
 */
export function packageProblems(problems: BrowserProblem[]): BrowserProblem[] {
	return problems.filter((problem) => {
		const url = problem.url ?? urlInText(problem.text);
		if (url && !isLocal(url)) return false;
		if (url && new URL(url).pathname === '/rest/login' && /401/.test(problem.text)) return false;
		if (problem.kind === 'requestfailed' && problem.text === 'net::ERR_ABORTED') return false;
		if (problem.kind === 'pageerror') return true;
		const text = `${problem.text} ${url ?? ''}`;
		if (/qrtrac/i.test(text)) return true;
		return (
			url !== undefined &&
			/\/rest\/(dynamic-node-parameters|credentials\/test)|\/types\/(nodes|credentials)\.json/.test(
				new URL(url).pathname,
			)
		);
	});
}

/** `Failed to load resource` messages name their resource only in the location; others may name it in text. */
function urlInText(text: string): string | undefined {
	return /https?:\/\/[^\s"')]+/.exec(text)?.[0];
}

function isLocal(url: string): boolean {
	try {
		const { hostname, protocol } = new URL(url);
		if (protocol === 'data:' || protocol === 'blob:' || protocol === 'about:') return true;
		return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
	} catch {
		return true;
	}
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
