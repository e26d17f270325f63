/**
 * The pure rules of Create or Update's sync mode: which fields of a row differ from the stored code (tags as sets,
 * absent fields ignored, URLs as written, metadata and settings key by key), the PUT body that carries only those,
 * which codes Delete Missing picks, and how the last row learns that every other row settled.
 */
import { rowChanges, sameTagSet } from '../../nodes/Qrtrac/helpers/qrCodeCompare';
import { RowCompletion } from '../../nodes/Qrtrac/helpers/qrCodeSyncCompletion';
import { codesMissingFromInput, partialUpdateBody, planRowSync } from '../../nodes/Qrtrac/helpers/qrCodeSyncPlan';

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
		expect(rowChanges({ displayId: 'row-1', qrType: 'WEB', name: 'Poster', qrRedirectUrl: 'https://example.com/landing' }, stored)).toEqual([]);
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

	it('compares URLs exactly as written', () => {
		expect(rowChanges({ qrRedirectUrl: 'https://example.com/landing/' }, stored)).toEqual(['qrRedirectUrl']);
		expect(rowChanges({ qrRedirectUrl: 'https://EXAMPLE.com/landing' }, stored)).toEqual(['qrRedirectUrl']);
		expect(rowChanges({ baseUrl: 'https://q.qrtrac.com/' }, stored)).toEqual([]);
	});

	it('compares metadata and settings only on the keys the row sets, naming each changed key', () => {
		expect(rowChanges({ metadata: { colour: 'red' }, settings: { locationEnabled: true } }, stored)).toEqual([]);
		expect(rowChanges({ metadata: { colour: 'blue', size: 2 } }, stored)).toEqual(['metadata.colour', 'metadata.size']);
		expect(rowChanges({ settings: { passwordEnabled: true } }, { ...stored, settings: undefined })).toEqual(['settings.passwordEnabled']);
	});

	it('compares lists inside typed fields deeply, in order', () => {
		const links = [{ title: 'A', url: 'https://a.example/' }, { title: 'B', url: 'https://b.example/' }];
		const code = { ...stored, qrType: 'LINK_LIST', metadata: { links } };
		expect(rowChanges({ metadata: { links: links.map((link) => ({ ...link })) } }, code)).toEqual([]);
		expect(rowChanges({ metadata: { links: [...links].reverse() } }, code)).toEqual(['metadata.links']);
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

describe('planRowSync', () => {
	it('creates when no code is stored', () => {
		expect(planRowSync({ qrType: 'WEB', displayId: 'new' }, undefined)).toEqual({ operation: 'create' });
	});

	it('sends nothing for an unchanged row', () => {
		expect(planRowSync({ qrType: 'WEB', displayId: 'row-1', tags: ['sheet', 'spring'] }, stored)).toEqual({ operation: 'unchanged' });
	});

	it('updates with the changed fields only, plus qrType and the redirect the contract requires', () => {
		const decision = planRowSync(
			{ qrType: 'WEB', displayId: 'row-1', name: 'Poster v2', qrRedirectUrl: 'https://example.com/landing', tags: ['spring', 'sheet'] },
			stored,
		);
		expect(decision).toEqual({
			operation: 'update',
			changedFields: ['name'],
			body: { qrType: 'WEB', name: 'Poster v2', qrRedirectUrl: 'https://example.com/landing' },
		});
	});
});

describe('partialUpdateBody', () => {
	it('merges the row\'s metadata and settings keys onto the stored objects, which a PUT replaces whole', () => {
		const body = partialUpdateBody(
			{ qrType: 'WEB', metadata: { colour: 'blue' }, settings: { passwordEnabled: true, password: 'x' } },
			stored,
			['metadata.colour', 'settings.passwordEnabled', 'settings.password'],
		);
		expect(body).toEqual({
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/landing',
			metadata: { note: 'kept', colour: 'blue' },
			settings: { locationEnabled: true, passwordEnabled: true, password: 'x' },
		});
	});

	it('sends the whole row when the type changes, as the stored metadata belongs to the old type', () => {
		const row = { qrType: 'PDF', displayId: 'row-1', metadata: { pdfUrl: 'https://example.com/a.pdf' } };
		expect(partialUpdateBody(row, stored, ['qrType', 'metadata.pdfUrl'])).toBe(row);
	});

	it('leaves out the redirect for types that do not need one', () => {
		const vcard = { ...stored, qrType: 'VCARD', qrRedirectUrl: undefined, firstName: 'Ada' };
		expect(partialUpdateBody({ qrType: 'VCARD', firstName: 'Grace' }, vcard, ['firstName'])).toEqual({ qrType: 'VCARD', firstName: 'Grace' });
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
		expect(codesMissingFromInput(codes, new Set(['kept']), 'sheet').map((code) => code.id)).toEqual(['2']);
	});

	it('picks nothing when every tagged code is named', () => {
		expect(codesMissingFromInput(codes, new Set(['kept', 'gone']), 'sheet')).toEqual([]);
	});
});

describe('RowCompletion', () => {
	it('lets the last row wait for the others and counts failures', async () => {
		const completion = new RowCompletion(2, 3);
		const order: string[] = [];
		let releaseFirst: () => void = () => undefined;
		const first = completion.track(0, async () => {
			await new Promise<void>((resolve) => {
				releaseFirst = resolve;
			});
			order.push('row 0');
		});
		const second = completion.track(1, async () => {
			order.push('row 1 fails');
			throw new Error('refused');
		});
		const last = completion.track(2, async () => {
			order.push('row 2');
			const settled = await completion.whenOthersSettled();
			order.push('after others');
			return settled;
		});
		await expect(second).rejects.toThrow('refused');
		await Promise.resolve();
		expect(order).toEqual(['row 1 fails', 'row 2']);
		releaseFirst();
		await first;
		await expect(last).resolves.toEqual({ failures: 1 });
		expect(order).toEqual(['row 1 fails', 'row 2', 'row 0', 'after others']);
	});

	it('does not wait when the last row is the only row', async () => {
		const completion = new RowCompletion(7, 1);
		await expect(completion.track(7, async () => await completion.whenOthersSettled())).resolves.toEqual({ failures: 0 });
	});
});
