import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { DateTime } from 'luxon';

import type { ScanEvent, Simulator } from '../../simulator';
import { startSimulator } from '../../simulator';
import { EditorBrowser } from '../support/editorBrowser';
import type { JsonObject, TimedWorkflowRun, WorkflowJson } from '../support/realN8n';
import { RealN8n, nodeItems, qrtracCredential } from '../support/realN8n';

/**
 * examples/06-weekly-scan-report.json in real n8n 2.41.1 (`n8n execute`, which runs it at once) against the
 * simulator's demo team, whose codes were given a week of realistic scans. The report's rows are checked against
 * the simulator's events, day by day in the workflow's time zone (Europe/Berlin here, so days are not UTC's);
 * the spreadsheet is read back with n8n's own SheetJS; the HTML table is rendered in headless Chromium and its
 * picture saved for the README (docs/images/ with QRTRAC_SCREENSHOT_DIR=docs/images).
 */

const SETUP_TIMEOUT_MS = 40 * 60_000;
const RUN_TIMEOUT_MS = 5 * 60_000;
const DAY = 86_400_000;
const ZONE = 'Europe/Berlin';
const EXAMPLE = path.join(__dirname, '..', '..', 'examples', '06-weekly-scan-report.json');
const SCREENSHOTS = path.resolve(
	__dirname,
	'..',
	'..',
	process.env.QRTRAC_SCREENSHOT_DIR ?? path.join('.n8n-runtime', 'screenshots'),
);
const COLUMNS = ['Date', 'Code', 'Display ID', 'Scans', 'Unique Scans', 'Short Link'];

const log = (line: string) => process.stderr.write(`[e2e weekly report] ${line}\n`);

/** Per date of the zone: the scans and the distinct non-empty IP addresses of one code. */
function byDay(scans: readonly ScanEvent[]): Map<string, { scans: number; ips: Set<string> }> {
	const days = new Map<string, { scans: number; ips: Set<string> }>();
	for (const scan of scans) {
		const date = DateTime.fromMillis(scan.scanTime, { zone: ZONE }).toISODate() as string;
		const day = days.get(date) ?? { scans: 0, ips: new Set<string>() };
		day.scans += 1;
		if (scan.ipAddress) day.ips.add(scan.ipAddress);
		days.set(date, day);
	}
	return days;
}

describe('example 06: weekly scan report in real n8n 2.41.1', () => {
	let simulator: Simulator;
	let n8n: RealN8n;
	let run: TimedWorkflowRun;
	const workflow = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as WorkflowJson;

	beforeAll(async () => {
		simulator = await startSimulator({ port: 0 });
		const { teamId } = simulator.credentials;
		// a week of realistic scans on every demo code, none near the range's bounds (the run's "now" is n8n's)
		const now = Date.now();
		for (const [index, code] of simulator.state.liveQrsOfTeam(teamId).entries()) {
			simulator.state.scans.set(code.id, []);
			simulator.state.seedScans(code.id, 40 + index * 35, {
				from: now - 6 * DAY,
				to: now - 60_000,
				seed: index + 1,
			});
		}
		// a code nobody scanned this week, and one whose scans carried no IP address
		simulator.state.createQr(teamId, {
			qrType: 'WEB',
			name: 'Summer flyer',
			qrRedirectUrl: 'https://acme.example/summer',
		});
		const sticker = simulator.state.createQr(teamId, {
			qrType: 'WEB',
			name: 'Window sticker',
			qrRedirectUrl: 'https://acme.example/shop',
		});
		for (let scan = 0; scan < 3; scan++)
			simulator.state.addScan(sticker.id, { scanTime: now - 2 * DAY + scan, ipAddress: '' });

		n8n = await RealN8n.create({ log });
		await n8n.importCredentials([
			qrtracCredential({ url: simulator.url, ...simulator.credentials }),
		]);
		const [id] = await n8n.importWorkflows([workflow]);
		// binary data inline in the run data, so the spreadsheet can be read back from what n8n printed
		run = await n8n.executeWorkflow(id, {
			timeoutMs: RUN_TIMEOUT_MS,
			env: { GENERIC_TIMEZONE: ZONE, N8N_DEFAULT_BINARY_DATA_MODE: 'default' },
		});
		const nodes = Object.values(run.nodes)
			.map((runs) => `${runs[0].node} ${runs[0].durationMs} ms`)
			.join(', ');
		log(`n8n execute ${run.processMs} ms (cold start included); nodes: ${nodes}`);
	}, SETUP_TIMEOUT_MS);

	afterAll(async () => {
		await n8n?.stop();
		await simulator?.close();
	}, RUN_TIMEOUT_MS);

	test('the schedule starts the same report as Run Now: every Monday at 8:00', () => {
		const schedule = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.scheduleTrigger');
		expect(schedule?.parameters).toEqual({
			rule: {
				interval: [
					{
						field: 'weeks',
						weeksInterval: 1,
						triggerAtDay: [1],
						triggerAtHour: 8,
						triggerAtMinute: 0,
					},
				],
			},
		});
		const connections = workflow.connections as Record<
			string,
			{ main: Array<Array<{ node: string }>> }
		>;
		expect(connections[schedule!.name].main[0][0].node).toBe('Weekly Scan Report');
		expect(connections['Run Now'].main[0][0].node).toBe('Weekly Scan Report');
		expect(run.error).toBeUndefined();
		expect(run.status).toBe('success');
	});

	test('one row per code and day of the last 7 days, counted as the simulator holds them', () => {
		const rows = nodeItems(run, 'Weekly Scan Report');
		const live = simulator.state.liveQrsOfTeam(simulator.credentials.teamId);
		expect(new Set(rows.map((row) => row.qrId))).toEqual(new Set(live.map((code) => code.id)));
		const dates = [...new Set(rows.map((row) => String(row.date)))].sort();
		// the range is the 7 calendar days up to the run, from the same time of day: 8 dates of the zone, the first
		// and last cut
		expect(dates.length).toBeGreaterThanOrEqual(7);
		expect(dates.length).toBeLessThanOrEqual(8);
		for (const [index, date] of dates.entries())
			if (index > 0)
				expect(DateTime.fromISO(date).diff(DateTime.fromISO(dates[index - 1]), 'days').days).toBe(
					1,
				);
		let withoutIpDays = 0;
		for (const code of live) {
			const own = rows.filter((row) => row.qrId === code.id);
			expect(own.map((row) => row.date)).toEqual(dates);
			expect(own[0]).toMatchObject({ qrName: code.name, qrDisplayId: code.displayId });
			// the range runs from the run's time a week ago to the run: the days between are whole, the last is cut
			expect(own.slice(1, -1).every((row) => row.partialDay === false)).toBe(true);
			expect(own[own.length - 1].partialDay).toBe(true);
			const days = byDay(simulator.state.scans.get(code.id) ?? []);
			for (const date of days.keys()) expect(dates).toContain(date);
			for (const row of own) {
				const day = days.get(String(row.date));
				expect(row.scans).toBe(day?.scans ?? 0);
				if (day && day.ips.size === 0) {
					withoutIpDays += 1;
					expect(row.uniqueScans).toBeNull();
					expect(String(row.uniqueScansNote)).toMatch(/IP address/);
				} else {
					expect(row.uniqueScans).toBe(day?.ips.size ?? 0);
				}
			}
			// every scan of the week is in the report, so the days add up to the code's total
			expect(own.reduce((sum, row) => sum + (row.scans as number), 0)).toBe(
				simulator.state.scans.get(code.id)?.length ?? 0,
			);
		}
		expect(withoutIpDays).toBeGreaterThanOrEqual(1);
		// returning visitors: fewer unique scans than scans over the busiest code's week
		const busiest = rows.reduce((best, row) =>
			(row.scans as number) > (best.scans as number) ? row : best,
		);
		expect(busiest.uniqueScans as number).toBeLessThan(busiest.scans as number);
	});

	test('the spreadsheet holds the same rows under named columns', () => {
		const columns = nodeItems(run, 'Report Columns');
		const report = nodeItems(run, 'Weekly Scan Report');
		expect(columns).toHaveLength(report.length);
		for (const [index, row] of columns.entries()) {
			expect(Object.keys(row)).toEqual(COLUMNS);
			expect(row).toMatchObject({
				Date: report[index].date,
				Code: report[index].qrName,
				'Display ID': report[index].qrDisplayId,
				Scans: report[index].scans,
				'Unique Scans': report[index].uniqueScans ?? 'n/a',
				'Short Link': report[index].qrShortUrl,
			});
		}

		const sheetRun = run.nodes.Spreadsheet?.[0];
		expect(sheetRun?.outputs[0]).toHaveLength(1);
		const raw = run.raw as {
			data: { resultData: { runData: Record<string, Array<{ data: { main: any[][] } }>> } };
		};
		const binary = raw.data.resultData.runData.Spreadsheet[0].data.main[0][0].binary.data;
		expect(binary).toMatchObject({ fileName: 'weekly-scan-report.xlsx', fileExtension: 'xlsx' });
		// read back with the SheetJS build n8n itself uses
		const xlsx = createRequire(
			path.join(n8n.installation.installDir, 'node_modules', 'n8n-nodes-base', 'package.json'),
		)('@e965/xlsx') as {
			read: (
				data: Buffer,
				options: { type: 'buffer' },
			) => { SheetNames: string[]; Sheets: Record<string, unknown> };
			utils: { sheet_to_json: (sheet: unknown) => JsonObject[] };
		};
		const book = xlsx.read(Buffer.from(String(binary.data), 'base64'), { type: 'buffer' });
		expect(book.SheetNames).toEqual(['Scans by day']);
		const sheetRows = xlsx.utils.sheet_to_json(book.Sheets['Scans by day']);
		expect(sheetRows).toEqual(columns);
	});

	test(
		'the HTML table shows every row; its picture is saved for the README',
		async () => {
			const [item] = nodeItems(run, 'HTML Table');
			const table = String(item.table);
			const columns = nodeItems(run, 'Report Columns');
			expect(table).toContain('<caption>QR code scans of the last 7 days</caption>');
			expect(table.match(/<tr/g)).toHaveLength(columns.length + 1);
			for (const column of COLUMNS) expect(table).toContain(`<th>${column}</th>`);
			for (const name of new Set(columns.map((row) => String(row.Code))))
				expect(table).toContain(name);
			expect(table).not.toMatch(/>(null|undefined)</);

			const browser = await EditorBrowser.launch('http://127.0.0.1', log);
			try {
				const { page } = browser;
				await page.setViewportSize({ width: 1100, height: 800 });
				// the first codes' week, as an e-mail would show the table's top
				const shown = table.replace(/<tbody>([\s\S]*)<\/tbody>/, (_, body: string) => {
					const bodyRows = body.split('<tr').filter(Boolean).slice(0, 24);
					return `<tbody>${bodyRows.map((row) => `<tr${row}`).join('')}</tbody>`;
				});
				await page.setContent(
					`<!doctype html><html><body style="margin:24px;background:#fff">${shown}</body></html>`,
				);
				const rendered = page.locator('table');
				expect(await rendered.locator('tbody tr').count()).toBe(Math.min(24, columns.length));
				await browser.screenshot(path.join(SCREENSHOTS, 'weekly-scan-report.png'), rendered);
			} finally {
				await browser.close();
			}
		},
		RUN_TIMEOUT_MS,
	);
});
