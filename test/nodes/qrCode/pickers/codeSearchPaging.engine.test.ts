/**
 * The QR code picker's list (searchQrCodes, searchQrCodesByName) scrolled page by page through n8n-core's list
 * search context, against a simulator whose paginated list reads the contract's open points another way
 * (simulator/listDrift.ts): a smaller served page, pages from 0, `page` ignored, codes of another team. Scrolling
 * reaches every code of the team, or the dropdown shows an error: never a partial list as complete.
 */
import { callLoadOptions } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ seed: false });

afterEach(() => suite.sim.setListDrift({}));

let orgCount = 0;

/** A team with `count` codes and another team of the organization with one code; the credential is the first's. */
function teamWithCodes(count: number) {
	orgCount += 1;
	const { org, team } = suite.sim.state.createOrganization(
		`Scroll org ${orgCount}`,
		{ name: 'Olivia Owner', email: `owner${orgCount}@scroll.example` },
		'Main',
	);
	const other = suite.sim.state.createTeam(org.id, 'Other');
	const codes = Array.from({ length: count }, (_, index) =>
		suite.sim.state.createQr(team.id, {
			name: `Poster ${index}`,
			qrType: 'WEB',
			qrRedirectUrl: `https://example.com/${index}`,
		}),
	);
	const foreign = suite.sim.state.createQr(other.id, {
		name: 'Poster elsewhere',
		qrType: 'WEB',
		qrRedirectUrl: 'https://example.com/elsewhere',
	});
	const credentials = {
		baseUrl: suite.sim.url,
		...suite.sim.state.addApiClient(org.id, 'owner', team.id),
	};
	return { codes, foreign, credentials };
}

interface Listed {
	results: Array<{ name: string; value: string }>;
	paginationToken?: string;
}

/** Scrolls the picker to its end as the editor does (each page's token asks the next); at most 20 pages. */
async function scroll(
	method: string,
	credentials: ReturnType<typeof teamWithCodes>['credentials'],
): Promise<string[]> {
	const values: string[] = [];
	let paginationToken: string | undefined;
	for (let page = 0; page < 20; page++) {
		const listed = (await callLoadOptions('qrtrac', method, {
			kind: 'listSearch',
			credentials,
			parameters: { resource: 'qrCode', operation: 'get' },
			parameterPath: 'parameters.qrCodeId',
			paginationToken,
		})) as Listed;
		values.push(...listed.results.map((result) => result.value));
		paginationToken = listed.paginationToken;
		if (paginationToken === undefined) return values;
	}
	throw new Error('the picker never ended');
}

describe.each(['searchQrCodes', 'searchQrCodesByName'])('%s scrolled to its end', (method) => {
	it('reaches every code when the service serves smaller pages than asked (pageSizeCap 50)', async () => {
		const { codes, credentials } = teamWithCodes(130);
		suite.sim.setListDrift({ pageSizeCap: 50 });

		const values = await scroll(method, credentials);

		expect(values).toHaveLength(130);
		expect(new Set(values)).toEqual(new Set(codes.map((code) => code.id)));
	});

	it('reaches every code of a list of exactly two full pages, and lists nothing twice', async () => {
		const { codes, credentials } = teamWithCodes(200);

		const values = await scroll(method, credentials);

		expect(values).toHaveLength(200);
		expect(new Set(values)).toEqual(new Set(codes.map((code) => code.id)));
	});

	it('shows an error before the end of the list, never a partial list as whole, when the service counts pages from 0', async () => {
		const { credentials } = teamWithCodes(130);
		suite.sim.setListDrift({ zeroBasedPages: true });

		// page 1 (its second page: 30 codes of 130) says 30 are served per page, as the list walks read it; the
		// scroll stops on a page that cannot follow
		await expect(scroll(method, credentials)).rejects.toThrow(
			/list of codes is incomplete: got \d+ of 130 codes/,
		);
	});

	it('shows an error, not the first page again, when the service ignores "page"', async () => {
		const { credentials } = teamWithCodes(130);
		suite.sim.setListDrift({ ignorePage: true });

		await expect(scroll(method, credentials)).rejects.toThrow(/list of codes is incomplete/);
	});

	it.each([100, 200])(
		'ends a list of %i codes, every code once, when the service answers a page past the end with its last page',
		async (count) => {
			const { codes, credentials } = teamWithCodes(count);
			suite.sim.setListDrift({ lastPageBeyondEnd: true });

			const values = await scroll(method, credentials);

			expect(values).toHaveLength(count);
			expect(new Set(values)).toEqual(new Set(codes.map((code) => code.id)));
		},
	);

	it('shows an error, not 50 of 130 codes as the list, when the service caps pages at 50 silently and ignores "page" (no total)', async () => {
		const { credentials } = teamWithCodes(130);
		suite.sim.setShapeDrift(['bareLists']);
		suite.sim.setListDrift({ pageSizeCap: 50, echoAskedLimit: true, ignorePage: true });
		try {
			await expect(scroll(method, credentials)).rejects.toThrow(/list of codes is incomplete/);
		} finally {
			suite.sim.setShapeDrift([]);
		}
	});

	it('ends a list of 30 codes without total, every code once, when page 2 past the end repeats page 1', async () => {
		const { codes, credentials } = teamWithCodes(30);
		suite.sim.setShapeDrift(['bareLists']);
		suite.sim.setListDrift({ lastPageBeyondEnd: true });
		try {
			const values = await scroll(method, credentials);

			expect(values).toHaveLength(30);
			expect(new Set(values)).toEqual(new Set(codes.map((code) => code.id)));
		} finally {
			suite.sim.setShapeDrift([]);
		}
	});

	it('shows an error when the last page comes again before the announced total (a list grown while scrolled)', async () => {
		const { credentials } = teamWithCodes(200);
		suite.sim.setListDrift({ lastPageBeyondEnd: true, totalBelow: -1 });

		await expect(scroll(method, credentials)).rejects.toThrow(/got 200 of 201 codes/);
	});

	it("never lists a code of another team (the service's list holds them)", async () => {
		const { foreign, credentials } = teamWithCodes(3);
		suite.sim.setListDrift({ foreignCodes: true });

		await expect(scroll(method, credentials)).rejects.toThrow(
			new RegExp(`codes of another team: 1 code\\(s\\) of team ${foreign.teamId}`),
		);
	});
});
