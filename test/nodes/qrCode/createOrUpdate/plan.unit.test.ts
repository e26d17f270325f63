/**
 * The pure rules of Create or Update (both modes): which fields of a row differ from the stored code (tags as sets,
 * absent fields ignored, URLs as written, metadata and settings key by key), what a row does, the complete PUT body
 * built from the stored code and the changes, and which codes Delete Missing picks.
 */
import {
	changedFields as rowChanges,
	completeUpdateBody,
	sameTags as sameTagSet,
} from '../../../../nodes/shared/records/qrCode';
import {
	codesMissingFromInput,
	planRow,
} from '../../../../nodes/Qrtrac/actions/qrCode/createOrUpdate/plan';

const stored = {
	id: 'qr_1',
	displayId: 'row-1',
	qrType: 'WEB',
	name: 'Poster',
	qrRedirectUrl: 'https://example.com/landing',
	tags: ['spring', 'sheet'],
	metadata: { note: 'kept', colour: 'red' },
	settings: { locationEnabled: true, passwordEnabled: false },
	templateId: 'tpl_1',
	baseUrl: 'https://q.qrtrac.com/',
	createdAt: 1,
	updatedAt: 2,
};

describe('rowChanges', () => {
	it('finds nothing when every field the row sets equals the stored one', () => {
		expect(
			rowChanges(
				{
					displayId: 'row-1',
					qrType: 'WEB',
					name: 'Poster',
					qrRedirectUrl: 'https://example.com/landing',
				},
				stored,
			),
		).toEqual([]);
	});

	it('ignores fields the row leaves out, however the stored code has them', () => {
		expect(rowChanges({ qrType: 'WEB' }, stored)).toEqual([]);
		expect(rowChanges({ qrType: 'WEB', name: undefined, tags: undefined }, stored)).toEqual([]);
	});

	it('compares tags as sets: order and repeats do not matter, members and case do', () => {
		expect(rowChanges({ tags: ['sheet', 'spring'] }, stored)).toEqual([]);
		expect(rowChanges({ tags: ['spring', 'sheet', 'spring'] }, stored)).toEqual([]);
		expect(rowChanges({ tags: ['spring'] }, stored)).toEqual(['tags']);
		expect(rowChanges({ tags: ['Spring', 'sheet'] }, stored)).toEqual(['tags']);
		expect(rowChanges({ tags: [] }, stored)).toEqual(['tags']);
		expect(rowChanges({ tags: [] }, { ...stored, tags: undefined })).toEqual([]);
	});

	it('compares URLs as addresses: a trailing `/` on a path counts, the case of the host does not', () => {
		expect(rowChanges({ qrRedirectUrl: 'https://example.com/landing/' }, stored)).toEqual([
			'qrRedirectUrl',
		]);
		expect(rowChanges({ qrRedirectUrl: 'https://EXAMPLE.com/landing' }, stored)).toEqual([]);
		expect(rowChanges({ baseUrl: 'https://q.qrtrac.com/' }, stored)).toEqual([]);
	});

	it('compares metadata and settings only on the keys the row sets, naming each changed key', () => {
		expect(
			rowChanges({ metadata: { colour: 'red' }, settings: { locationEnabled: true } }, stored),
		).toEqual([]);
		expect(rowChanges({ metadata: { colour: 'blue', size: 2 } }, stored)).toEqual([
			'metadata.colour',
			'metadata.size',
		]);
		expect(
			rowChanges({ settings: { passwordEnabled: true } }, { ...stored, settings: undefined }),
		).toEqual(['settings.passwordEnabled']);
	});

	it('compares lists inside typed fields deeply, in order', () => {
		const links = [
			{ title: 'A', url: 'https://a.example/' },
			{ title: 'B', url: 'https://b.example/' },
		];
		const code = { ...stored, qrType: 'LINK_LIST', metadata: { links } };
		expect(rowChanges({ metadata: { links: links.map((link) => ({ ...link })) } }, code)).toEqual(
			[],
		);
		expect(rowChanges({ metadata: { links: [...links].reverse() } }, code)).toEqual([
			'metadata.links',
		]);
	});

	it('reports a field the stored code does not have at all', () => {
		expect(rowChanges({ folderId: 'f1' }, stored)).toEqual(['folderId']);
	});
});

describe('sameTagSet', () => {
	it('treats a missing list as empty', () => {
		expect(sameTagSet(undefined, [])).toBe(true);
		expect(sameTagSet(undefined, ['a'])).toBe(false);
		expect(sameTagSet(['b', 'a', 'a'], ['a', 'b'])).toBe(true);
	});
});

describe('planRow', () => {
	it('creates when no code is stored', () => {
		const body = { qrType: 'WEB', displayId: 'new' };
		expect(planRow({ displayId: 'new', body }, undefined)).toEqual({ kind: 'create', body });
	});

	it('sends nothing for an unchanged row: one rule for both modes (tags as sets)', () => {
		const body = { qrType: 'WEB', displayId: 'row-1', tags: ['sheet', 'spring'] };
		expect(planRow({ displayId: 'row-1', body }, stored)).toEqual({ kind: 'unchanged', stored });
	});

	it('writes an unchanged row with all its fields when asked to (Look Up Each Row without Skip Unchanged)', () => {
		const body = { qrType: 'WEB', displayId: 'row-1', tags: ['sheet', 'spring'] };
		expect(planRow({ displayId: 'row-1', body }, stored, true)).toEqual({
			kind: 'update',
			stored,
			changes: body,
			changedFields: [],
		});
	});

	it('updates with the changed fields only', () => {
		const body = {
			qrType: 'WEB',
			displayId: 'row-1',
			name: 'Poster v2',
			qrRedirectUrl: 'https://example.com/landing',
			tags: ['spring', 'sheet'],
		};
		expect(planRow({ displayId: 'row-1', body }, stored)).toEqual({
			kind: 'update',
			stored,
			changes: { name: 'Poster v2' },
			changedFields: ['name'],
		});
	});

	it('carries the whole row when the type changes, as the stored type fields belong to the old type', () => {
		const body = {
			qrType: 'PDF',
			displayId: 'row-1',
			metadata: { pdfUrl: 'https://example.com/a.pdf' },
		};
		const action = planRow({ displayId: 'row-1', body }, stored);
		expect(action).toMatchObject({ kind: 'update', changes: body });
	});
});

describe('completeUpdateBody', () => {
	it("sends every request field of the stored code, with the changes applied, and none of the service's own fields", () => {
		expect(completeUpdateBody(stored, { name: 'Poster v2' })).toEqual({
			displayId: 'row-1',
			qrType: 'WEB',
			name: 'Poster v2',
			qrRedirectUrl: 'https://example.com/landing',
			tags: ['spring', 'sheet'],
			metadata: { note: 'kept', colour: 'red' },
			settings: { locationEnabled: true, passwordEnabled: false },
			templateId: 'tpl_1',
			baseUrl: 'https://q.qrtrac.com/',
		});
	});

	it('merges changed metadata and settings keys onto the stored ones', () => {
		const body = completeUpdateBody(stored, {
			metadata: { colour: 'blue' },
			settings: { passwordEnabled: true, password: 'x' },
		});
		expect(body.metadata).toEqual({ note: 'kept', colour: 'blue' });
		expect(body.settings).toEqual({ locationEnabled: true, passwordEnabled: true, password: 'x' });
	});

	it('starts the metadata afresh when the type changes, and keeps unknown stored fields', () => {
		const code = { ...stored, firstName: 'Ada', expiryDate: 1735689600000 };
		const body = completeUpdateBody(code, { qrType: 'PDF', metadata: { allowDownload: true } });
		expect(body).toMatchObject({
			qrType: 'PDF',
			metadata: { allowDownload: true },
			firstName: 'Ada',
			expiryDate: 1735689600000,
		});
	});

	it('leaves out values the code does not hold (null or undefined)', () => {
		expect(
			completeUpdateBody({ ...stored, folderId: null, note: undefined }, {}),
		).not.toHaveProperty('folderId');
	});
});

describe('codesMissingFromInput', () => {
	const codes = [
		{ id: '1', displayId: 'kept', tags: ['sheet'] },
		{ id: '2', displayId: 'gone', tags: ['other', 'sheet'] },
		{ id: '3', displayId: 'untagged', tags: ['other'] },
		{ id: '4', displayId: 'no-tags' },
		{ id: '5', displayId: 'already-deleted', tags: ['sheet'], deleted: true },
		{ id: '6', displayId: 'case', tags: ['Sheet'] },
	];

	it('picks the live codes with the tag that no row names', () => {
		expect(codesMissingFromInput(codes, new Set(['kept']), 'sheet').map((code) => code.id)).toEqual(
			['2'],
		);
	});

	it('picks nothing when every tagged code is named', () => {
		expect(codesMissingFromInput(codes, new Set(['kept', 'gone']), 'sheet')).toEqual([]);
	});

	it('never picks a code a row wrote or left, whatever Display ID the snapshot held it under', () => {
		expect(codesMissingFromInput(codes, new Set(['kept']), 'sheet', new Set(['2']))).toEqual([]);
	});
});

describe('a row against a code whose password is hidden', () => {
	const hidden = {
		...stored,
		settings: { passwordEnabled: true, password: '********', minAge: 18 },
	};
	const row = (settings: Record<string, unknown>) => ({
		displayId: 'row-1',
		body: { qrType: 'WEB', name: 'Renamed', settings },
	});

	it('sends settings only when the row gives the password', () => {
		const without = planRow(row({ passwordEnabled: true }), hidden);
		expect(without).toMatchObject({ kind: 'update', changedFields: ['name'] });
		expect(without.kind === 'update' && without.changes).toEqual({ name: 'Renamed' });
		const given = planRow(row({ passwordEnabled: true, password: 'secret' }), hidden);
		expect(given.kind === 'update' && given.changes).toEqual({
			name: 'Renamed',
			settings: { passwordEnabled: true, password: 'secret' },
		});
	});

	it('leaves settings that change nothing and give no password out of the PUT, whole rows too', () => {
		const whole = planRow(
			{
				...row({ passwordEnabled: true }),
				body: { ...row({}).body, name: 'Poster', settings: { passwordEnabled: true } },
			},
			hidden,
			true,
		);
		expect(whole.kind).toBe('update');
		if (whole.kind !== 'update') return;
		expect(completeUpdateBody(hidden, whole.changes)).not.toHaveProperty('settings');
	});
});
