/**
 * The rules of a QR code record, owned by nodes/shared/records/qrCode.ts: live or not, tags as a set, the type
 * change, and the complete PUT body.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	asDeleted,
	changedFields,
	changesType,
	completeUpdateBody,
	contradictedFields,
	hasTag,
	isLive,
	givesPassword,
	settingsDroppingHiddenPassword,
	hasHiddenPassword,
	isMaskedPassword,
	lostKnownSettings,
	sameTags,
	sameAt,
	sameValue,
} from '../../../../nodes/shared/records/qrCode';
import {
	cannotShowText,
	holdsChange,
	sameInForm,
	showsChange,
	unchangedFields,
} from '../../../../nodes/shared/records/qrCodeChange';

describe('isLive', () => {
	it('is live unless the service marked the code deleted', () => {
		expect(isLive({ id: 'qr_1' })).toBe(true);
		expect(isLive({ id: 'qr_1', deleted: false })).toBe(true);
		expect(isLive({ id: 'qr_1', deleted: true })).toBe(false);
		expect(isLive(asDeleted({ id: 'qr_1', name: 'Kept' }, { updatedAt: 5 }))).toBe(false);
		expect(asDeleted({ id: 'qr_1', name: 'Kept' }, { updatedAt: 5 })).toEqual({
			id: 'qr_1',
			name: 'Kept',
			updatedAt: 5,
			deleted: true,
		});
	});
});

describe('sameTags', () => {
	it('compares tags as a set: order and repeats do not count, case does', () => {
		expect(sameTags(['b', 'a'], ['a', 'b'])).toBe(true);
		expect(sameTags(['a', 'a', 'b'], ['b', 'a'])).toBe(true);
		expect(sameTags(undefined, [])).toBe(true);
		expect(sameTags(['A'], ['a'])).toBe(false);
		expect(sameTags(['a'], ['a', 'b'])).toBe(false);
	});

	it('is the rule the change of a row uses, so a reordered list is no change', () => {
		expect(changedFields({ tags: ['b', 'a'] }, { tags: ['a', 'b'] })).toEqual([]);
		expect(changedFields({ tags: ['a', 'c'] }, { tags: ['a', 'b'] })).toEqual(['tags']);
	});

	it('finds a tag by its exact text', () => {
		expect(hasTag({ tags: ['sheet'] }, 'sheet')).toBe(true);
		expect(hasTag({ tags: ['Sheet'] }, 'sheet')).toBe(false);
		expect(hasTag({}, 'sheet')).toBe(false);
	});
});

describe('changesType and completeUpdateBody', () => {
	const stored = {
		id: 'qr_1',
		qrType: 'WEB',
		name: 'Poster',
		metadata: { note: 'kept' },
		settings: { locationEnabled: true },
		createdAt: 1,
		updatedAt: 2,
	};

	it('sees a change of type only when the change names another type', () => {
		expect(changesType(stored, { qrType: 'WEB' })).toBe(false);
		expect(changesType(stored, { name: 'Other' })).toBe(false);
		expect(changesType(stored, { qrType: 'TEXT' })).toBe(true);
	});

	it('reads a stored type in another case as the same type: no change of type, nothing to compare', () => {
		const lower = { ...stored, qrType: 'web' };
		expect(changesType(lower, { qrType: 'WEB' })).toBe(false);
		expect(changedFields({ qrType: 'WEB', name: 'Poster' }, lower)).toEqual([]);
		expect(contradictedFields({ qrType: 'WEB' }, lower)).toEqual([]);
		expect(completeUpdateBody(lower, { qrType: 'WEB', name: 'New' })).toEqual({
			qrType: 'WEB',
			name: 'New',
			metadata: { note: 'kept' },
			settings: { locationEnabled: true },
		});
		const card = { qrType: 'vcard', firstName: 'Ada', name: 'Card' };
		expect(completeUpdateBody(card, { qrType: 'WEB' })).toEqual({
			qrType: 'WEB',
			name: 'Card',
			metadata: {},
		});
	});

	it('keeps the stored keys of keyed objects, and starts the metadata afresh for a new type', () => {
		expect(completeUpdateBody(stored, { settings: { passwordEnabled: true } })).toEqual({
			qrType: 'WEB',
			name: 'Poster',
			metadata: { note: 'kept' },
			settings: { locationEnabled: true, passwordEnabled: true },
		});
		expect(completeUpdateBody(stored, { qrType: 'TEXT', metadata: { text: 'hi' } })).toEqual({
			qrType: 'TEXT',
			name: 'Poster',
			metadata: { text: 'hi' },
			settings: { locationEnabled: true },
		});
	});
});

describe('contradictedFields (a code read back against the create that was sent)', () => {
	const sent = {
		qrType: 'WEB',
		name: 'Row',
		qrRedirectUrl: 'https://example.com/row',
		templateId: 'tpl_1',
		baseUrl: 'https://q.example.com/',
		folderId: 'folder-7',
		tags: ['a'],
		metadata: { note: 'x' },
		settings: { passwordEnabled: true, password: 'secret' },
	};

	it('never counts what a read need not echo, nor what the code leaves out', () => {
		expect(
			contradictedFields(sent, {
				id: 'qr_1',
				qrType: 'WEB',
				name: 'Row',
				qrRedirectUrl: 'https://example.com/row',
				settings: { passwordEnabled: true, password: '********' },
			}),
		).toEqual([]);
		expect(
			contradictedFields(sent, { id: 'qr_1', folderId: 'other', templateId: 'tpl_2' }),
		).toEqual([]);
	});

	it('counts the fields and keys the code holds with other values', () => {
		expect(
			contradictedFields(sent, {
				qrType: 'WEB',
				name: 'Other',
				qrRedirectUrl: 'https://example.com/row',
				tags: [],
				metadata: { note: 'y', extra: 1 },
				settings: { passwordEnabled: false },
			}),
		).toEqual(['name', 'tags', 'metadata.note', 'settings.passwordEnabled']);
	});
});

describe('a masked stored password', () => {
	const stored = {
		id: 'qr_1',
		qrType: 'WEB',
		name: 'Protected',
		qrRedirectUrl: 'https://example.com/x',
		settings: { passwordEnabled: true, password: '********', ageGating: true },
	};

	it('is a mask only when made of at least three `*` or `•`', () => {
		for (const mask of ['***', '********', '•••', '••••••••', '*•*'])
			expect(isMaskedPassword(mask)).toBe(true);
		for (const clear of ['secret', '**', '•', '', '*** ', 'xxxxxx', 'a****', undefined, 8])
			expect(isMaskedPassword(clear)).toBe(false);
	});

	it('is never sent back: a change without settings leaves them out, one with settings sends the known ones', () => {
		expect(completeUpdateBody(stored, { name: 'Renamed' })).toEqual({
			qrType: 'WEB',
			name: 'Renamed',
			qrRedirectUrl: 'https://example.com/x',
		});
		expect(completeUpdateBody(stored, { name: 'Renamed' }, true).settings).toEqual({
			passwordEnabled: true,
			ageGating: true,
		});
		expect(completeUpdateBody(stored, { settings: { minAge: 21 } }).settings).toEqual({
			passwordEnabled: true,
			ageGating: true,
			minAge: 21,
		});
		expect(completeUpdateBody(stored, { settings: { password: 'new' } }).settings).toEqual({
			passwordEnabled: true,
			password: 'new',
			ageGating: true,
		});
		const clear = { ...stored, settings: { passwordEnabled: true, password: 'secret' } };
		expect(completeUpdateBody(clear, { name: 'Renamed' }).settings).toEqual(clear.settings);
	});

	it('counts a given password as the caller says; the other keys still compare', () => {
		const row = { settings: { passwordEnabled: true, password: 'secret' } };
		expect(changedFields(row, stored, 'unchanged')).toEqual([]);
		expect(changedFields(row, stored)).toEqual(['settings.password']);
		expect(
			changedFields({ settings: { password: 'x', ageGating: false } }, stored, 'unchanged'),
		).toEqual(['settings.ageGating']);
		expect(changedFields({ settings: { passwordEnabled: true } }, stored)).toEqual([]);
		const clear = { ...stored, settings: { password: 'secret' } };
		expect(changedFields({ settings: { password: 'other' } }, clear, 'unchanged')).toEqual([
			'settings.password',
		]);
	});

	it('tells when a code read back after a PUT lost the settings the node knows', () => {
		expect(
			lostKnownSettings(stored, { settings: { passwordEnabled: true, ageGating: true } }),
		).toBe(false);
		expect(lostKnownSettings(stored, { settings: {} })).toBe(true);
		expect(lostKnownSettings(stored, { id: 'qr_1' })).toBe(false);
	});
});

describe('a hidden stored password (hasHiddenPassword)', () => {
	const code = (settings: Record<string, unknown>) => ({ id: 'qr_1', qrType: 'WEB', settings });

	it('is a mask of `*`, `•`, `●` or `·` (3 or more), or none while password protection is on', () => {
		for (const mask of ['●●●●●●', '···', '*●•·'])
			expect(hasHiddenPassword(code({ password: mask }))).toBe(true);
		for (const none of [undefined, null, ''])
			expect(hasHiddenPassword(code({ passwordEnabled: true, password: none }))).toBe(true);
		expect(hasHiddenPassword(code({ passwordEnabled: true }))).toBe(true);
		expect(hasHiddenPassword(code({ passwordEnabled: false }))).toBe(false);
		expect(hasHiddenPassword(code({ passwordEnabled: true, password: 'secret' }))).toBe(false);
		expect(hasHiddenPassword(code({ passwordEnabled: true, password: '○○○○' }))).toBe(false);
		expect(hasHiddenPassword({ id: 'qr_1' })).toBe(false);
	});

	it('is never sent back and never compared, whatever hides it', () => {
		for (const settings of [
			{ passwordEnabled: true, ageGating: true },
			{ passwordEnabled: true, password: null, ageGating: true },
			{ passwordEnabled: true, password: '●●●●●●●●', ageGating: true },
		]) {
			const stored = code(settings);
			expect(completeUpdateBody(stored, { name: 'Renamed' })).toEqual({
				qrType: 'WEB',
				name: 'Renamed',
			});
			expect(completeUpdateBody(stored, { settings: { password: 'new' } }).settings).toEqual({
				passwordEnabled: true,
				password: 'new',
				ageGating: true,
			});
			const row = { settings: { passwordEnabled: true, password: 'secret' } };
			expect(changedFields(row, stored, 'unchanged')).toEqual([]);
			expect(changedFields(row, stored)).toEqual(['settings.password']);
		}
	});
});

describe('a given password that is a mask (a sheet filled from a read)', () => {
	const stored = {
		id: 'qr_1',
		qrType: 'WEB',
		settings: { passwordEnabled: true, password: 'secret' },
	};
	const masked = { name: 'Renamed', settings: { passwordEnabled: true, password: '••••••' } };

	it('counts as not given: never compared, never sent', () => {
		expect(givesPassword(masked)).toBe(false);
		expect(changedFields(masked, stored)).toEqual(['name']);
		expect(completeUpdateBody(stored, masked).settings).toEqual(stored.settings);
		const hidden = { ...stored, settings: { passwordEnabled: true, password: '********' } };
		expect(completeUpdateBody(hidden, masked)).toEqual({ qrType: 'WEB', name: 'Renamed' });
	});
});

describe('settingsDroppingHiddenPassword (a change that would remove a hidden password)', () => {
	const stored = {
		id: 'qr_1',
		qrType: 'WEB',
		settings: { passwordEnabled: true, password: '********', minAge: 18 },
	};

	it('names the settings a change without the password changes; none when it gives one or turns protection off', () => {
		expect(settingsDroppingHiddenPassword(stored, { settings: { minAge: 21 } })).toEqual([
			'settings.minAge',
		]);
		expect(settingsDroppingHiddenPassword(stored, { settings: { minAge: 18 } })).toEqual([]);
		expect(settingsDroppingHiddenPassword(stored, { name: 'Renamed' })).toEqual([]);
		expect(
			settingsDroppingHiddenPassword(stored, { settings: { minAge: 21, password: 'secret' } }),
		).toEqual([]);
		expect(
			settingsDroppingHiddenPassword(stored, { settings: { minAge: 21, password: '***' } }),
		).toEqual(['settings.minAge']);
		expect(
			settingsDroppingHiddenPassword(stored, { settings: { passwordEnabled: false } }),
		).toEqual([]);
		const clear = { ...stored, settings: { passwordEnabled: true, password: 'secret' } };
		expect(settingsDroppingHiddenPassword(clear, { settings: { minAge: 21 } })).toEqual([]);
	});
});

describe("unchangedFields and showsChange (a change's answer against what was written and the code before it)", () => {
	const before = {
		qrType: 'WEB',
		name: 'Old',
		qrRedirectUrl: 'https://old.example.com',
		tags: ['old'],
		settings: { minAge: 18 },
	};
	const written = {
		qrType: 'WEB',
		name: 'New',
		qrRedirectUrl: 'https://new.example.com',
		tags: ['Promo'],
		settings: { minAge: 21 },
	};

	it("takes a value unlike both old and written as the service's form of the written one", () => {
		const normalised = {
			qrType: 'WEB',
			name: 'New',
			qrRedirectUrl: 'https://new.example.com/',
			tags: ['promo'],
			settings: { minAge: '21' },
		};
		expect(unchangedFields(written, normalised, before)).toEqual([]);
		expect(showsChange(written, normalised, before)).toBe(true);
	});

	it('names the fields that still hold the old value; the code before the change shows no change', () => {
		expect(unchangedFields(written, before, before)).toEqual([
			'name',
			'qrRedirectUrl',
			'tags',
			'settings.minAge',
		]);
		expect(unchangedFields(written, { ...before, name: 'New' }, before)).toEqual([
			'qrRedirectUrl',
			'tags',
			'settings.minAge',
		]);
		expect(showsChange(written, before, before)).toBe(false);
		expect(showsChange({ name: 'Old' }, before, before)).toBe(false);
	});

	it('without the code before, names every field unlike the written value', () => {
		expect(unchangedFields({ tags: ['Promo'] }, { tags: ['promo'] })).toEqual(['tags']);
		expect(unchangedFields({ tags: ['Promo'] }, { tags: ['Promo'] })).toEqual([]);
	});
});

describe('holdsChange (the code read after an answer that said nothing, against the change and the code before)', () => {
	const before = {
		name: 'Old',
		folderId: 'folder-a',
		tags: ['old'],
		settings: { minAge: 18, passwordEnabled: true, password: 'secret' },
		extra: 'x',
	};

	it('holds when no changed field keeps its old value and some shows a value unlike it', () => {
		const written = { name: 'New', tags: ['Promo', 'b'], settings: { minAge: 21 } };
		expect(
			holdsChange(
				written,
				{ ...before, name: 'New', tags: ['b', 'promo'], settings: { minAge: '21' } },
				before,
			),
		).toBe('held');
		expect(
			holdsChange(
				written,
				{ ...before, name: 'new ', tags: ['Promo'], settings: { minAge: 22 } },
				before,
			),
		).toBe('held');
		// one field shown suffices: the read leaves out the new minAge
		expect(
			holdsChange({ name: 'New', settings: { minAge: 21 } }, { name: 'New', settings: {} }, before),
		).toBe('held');
	});

	it('holds a Folder ID or a password the read shows with the new value', () => {
		expect(holdsChange({ folderId: 'folder-b' }, { ...before, folderId: 'folder-b' }, before)).toBe(
			'held',
		);
		expect(
			holdsChange({ name: 'New', folderId: 'folder-b' }, { ...before, name: 'New' }, before),
		).toBe('held');
		const shown = { ...before, settings: { ...before.settings, password: 'hunter2' } };
		expect(holdsChange({ settings: { password: 'hunter2' } }, shown, before)).toBe('held');
	});

	it('does not hold while a changed field keeps its old value (tags as a set)', () => {
		expect(holdsChange({ name: 'New' }, before, before)).toBe('not held');
		expect(holdsChange({ tags: ['x'] }, { ...before, tags: ['old', 'old'] }, before)).toBe(
			'not held',
		);
		expect(holdsChange({ settings: { minAge: 21 } }, before, before)).toBe('not held');
		expect(
			holdsChange(
				{ name: 'New', folderId: 'folder-b' },
				{ ...before, folderId: 'folder-b' },
				before,
			),
		).toBe('not held');
	});

	it('cannot tell, naming the fields, when no changed field can show the change', () => {
		const leftOut = { name: before.name, tags: before.tags, settings: before.settings };
		expect(holdsChange({ folderId: 'folder-b' }, before, before)).toEqual({
			cannotShow: ['folderId'],
		});
		expect(holdsChange({ folderId: 'folder-b' }, leftOut, before)).toEqual({
			cannotShow: ['folderId'],
		});
		expect(holdsChange({ settings: { password: 'hunter2' } }, before, before)).toEqual({
			cannotShow: ['settings.password'],
		});
		const masked = { ...before, settings: { ...before.settings, password: '********' } };
		expect(holdsChange({ settings: { password: 'hunter2' } }, masked, before)).toEqual({
			cannotShow: ['settings.password'],
		});
		expect(holdsChange({ extra: 'y' }, leftOut, before)).toEqual({ cannotShow: ['extra'] });
	});

	it("cannot tell a change only in case, the old value being the new one in the service's form", () => {
		const poster = { name: 'Poster', tags: ['Promo'] };
		expect(holdsChange({ name: 'POSTER' }, poster, poster)).toEqual({ cannotShow: ['name'] });
		expect(holdsChange({ tags: ['promo'] }, poster, poster)).toEqual({ cannotShow: ['tags'] });
		expect(holdsChange({ name: 'POSTER' }, { ...poster, name: 'POSTER' }, poster)).toBe('held');
	});

	it('holds tags cleared when the read leaves out the empty list (tags are a set: missing is none)', () => {
		const read: IDataObject = { ...before };
		delete read.tags;
		expect(holdsChange({ tags: [] }, read, before)).toBe('held');
		expect(holdsChange({ tags: ['x'] }, read, before)).toEqual({ cannotShow: ['tags'] });
	});

	it('holds a change that changes nothing, whatever the read leaves out', () => {
		expect(holdsChange({ name: 'Old', folderId: 'folder-a' }, {}, before)).toBe('held');
	});

	it('names the fields a read cannot show as the form labels them', () => {
		expect(cannotShowText(['folderId', 'settings.password'])).toBe(
			'the code read by its ID cannot show whether Folder ID (Coming Soon) or Password changed (the read leaves it out, masks it, or writes the new value as it wrote the old one, e.g. in another case): check the code in QRTRAC.',
		);
		expect(cannotShowText(['name', 'baseUrl', 'templateId'])).toMatch(
			/cannot show whether Name or Custom Domain or Design Template Name or ID changed/,
		);
		expect(cannotShowText(['metadata.x'])).toMatch(/whether "metadata.x" changed/);
	});
});

describe('sameInForm: a value a service holds is the written one in its own form', () => {
	it('text but for case, space and a trailing slash, a number as text, lists in any order, added keys aside', () => {
		expect(sameInForm('https://a.com/', 'https://a.com')).toBe(true);
		expect(sameInForm(' Promo ', 'promo')).toBe(true);
		expect(sameInForm('21', 21)).toBe(true);
		expect(sameInForm(['b', 'a'], ['A', 'B'])).toBe(true);
		expect(sameInForm([{ _id: 'x1', url: 'https://a.com/' }], [{ url: 'https://a.com' }])).toBe(
			true,
		);
	});

	it('never another value', () => {
		expect(sameInForm('https://old.com', 'https://new.com')).toBe(false);
		expect(sameInForm('https://a.com/x', 'https://a.com')).toBe(false);
		expect(sameInForm(['a'], ['a', 'b'])).toBe(false);
		expect(sameInForm({ url: 'https://a.com' }, { url: 'https://a.com', title: 'T' })).toBe(false);
		expect(sameInForm(true, 'true')).toBe(false);
		expect(sameInForm(undefined, 'x')).toBe(false);
	});
});

describe('sameValue and sameAt: a row against the value a service holds (what a re-run of rows compares)', () => {
	it('takes a number and its own text as one value, and two spellings of one address in a URL field', () => {
		expect(sameValue(21, '21')).toBe(true);
		expect(sameValue('2.5', 2.5)).toBe(true);
		expect(sameValue({ size: '300', n: 1 }, { n: '1', size: 300 })).toBe(true);
		expect(sameAt('qrRedirectUrl', 'https://Example.com', 'https://example.com/')).toBe(true);
		expect(sameAt('qrRedirectUrl', 'HTTPS://a.com:443/x?q=1', 'https://a.com/x?q=1')).toBe(true);
	});

	it('never takes other text for a number: leading zeros, a sign, hex, exponents, digits past precision', () => {
		expect(sameValue(2134, '02134')).toBe(false);
		expect(sameValue(4915112345, '+4915112345')).toBe(false);
		expect(sameValue(16, '0x10')).toBe(false);
		expect(sameValue(1000, '1e3')).toBe(false);
		expect(sameValue(12345678901234567890, '12345678901234567891')).toBe(false);
		expect(sameValue(0, '')).toBe(false);
		expect(sameValue('true', true)).toBe(false);
	});

	it('counts case, a trailing `/` on a path, list order, and any text outside a URL field', () => {
		expect(sameValue('Promo', 'promo')).toBe(false);
		expect(sameAt('qrRedirectUrl', 'https://a.com/x/', 'https://a.com/x')).toBe(false);
		expect(sameAt('qrRedirectUrl', 'https://a.com/X', 'https://a.com/x')).toBe(false);
		expect(sameAt('qrRedirectUrl', 'ftp://a.com', 'ftp://a.com/')).toBe(false);
		expect(sameAt('name', 'https://Shop.Example.com', 'https://shop.example.com/')).toBe(false);
		expect(sameAt('metadata.website', 'https://A.com', 'https://a.com/')).toBe(false);
		expect(sameValue(['a', 'b'], ['b', 'a'])).toBe(false);
	});

	it('makes a re-run of a row QRTRAC stored in such a form no change, and a title holding a URL a change', () => {
		const stored = {
			name: 'Same',
			qrRedirectUrl: 'https://example.com/',
			settings: { scanLimit: '5' },
		};
		const row = { name: 'Same', qrRedirectUrl: 'https://example.com', settings: { scanLimit: 5 } };
		expect(changedFields(row, stored)).toEqual([]);
		expect(
			changedFields({ name: 'https://shop.example.com/' }, { name: 'https://Shop.Example.com' }),
		).toEqual(['name']);
	});
});
