import type { IDataObject } from 'n8n-workflow';

import { camelCaseKeys } from '../../../../nodes/Qrtrac/helpers/dynamicLinkOutput';
import { describeCodeRows, describeScanRows } from '../../../../nodes/shared/records/scanRows';
import {
	isoTime,
	shortUrlOf,
	simplifyQr,
	withLinkAndTimes,
} from '../../../../nodes/shared/records/simplify';
import { withoutActorIds } from '../../../../nodes/QrtracTrigger/eventFields';
import { changeItem } from '../../../../nodes/QrtracTrigger/pollCodeChanges';

const code = {
	id: 'qr_1',
	displayId: 'spring',
	name: 'Spring poster',
	qrType: 'WEB',
	baseUrl: 'https://qr.example.com/',
	createdAt: 1735689600000,
	updatedAt: 1735689660000,
	createdBy: 'client_abc',
	metadata: { a: 1 },
};

describe('simplified QR code output', () => {
	it('carries the short link people scan and ISO twins of the epoch-ms times', () => {
		expect(simplifyQr(code)).toEqual({
			id: 'qr_1',
			displayId: 'spring',
			name: 'Spring poster',
			qrType: 'WEB',
			shortUrl: 'https://qr.example.com/spring',
			createdAt: 1735689600000,
			createdAtIso: '2025-01-01T00:00:00.000Z',
			updatedAt: 1735689660000,
			updatedAtIso: '2025-01-01T00:01:00.000Z',
		});
	});

	it('builds the short link only from a domain and a Display ID, adding a missing slash', () => {
		expect(shortUrlOf({ baseUrl: 'https://qr.example.com', displayId: 'x' })).toBe(
			'https://qr.example.com/x',
		);
		expect(shortUrlOf({ displayId: 'x' })).toBeUndefined();
		expect(shortUrlOf({ baseUrl: 'https://qr.example.com/', displayId: '' })).toBeUndefined();
	});

	it('keeps a short link the record already has and ignores times that are not epoch ms', () => {
		expect(withLinkAndTimes({ ...code, shortUrl: 'https://s.example/abc' }).shortUrl).toBe(
			'https://s.example/abc',
		);
		expect(isoTime('2025-01-01')).toBeUndefined();
		expect(isoTime(Number.NaN)).toBeUndefined();
		expect(isoTime(8.64e15 + 1)).toBeUndefined();
	});
});

describe('scan rows named by their code', () => {
	it('adds the name, Display ID, short link and ISO scan time; unknown codes keep their row', () => {
		const rows = describeScanRows(
			[
				{ qrId: 'qr_1', scanTime: 1735689600000, device: 'mobile' },
				{ qrId: 'qr_gone', scanTime: 1735689600000 },
			],
			[code],
		);
		expect(rows).toEqual([
			{
				qrId: 'qr_1',
				scanTime: 1735689600000,
				scanTimeIso: '2025-01-01T00:00:00.000Z',
				device: 'mobile',
				qrName: 'Spring poster',
				qrDisplayId: 'spring',
				qrShortUrl: 'https://qr.example.com/spring',
			},
			{ qrId: 'qr_gone', scanTime: 1735689600000, scanTimeIso: '2025-01-01T00:00:00.000Z' },
		]);
	});

	it('names rows keyed by another field, e.g. totals by `id`', () => {
		expect(describeCodeRows([{ id: 'qr_1', totalScans: 3 }], [code], 'id')).toEqual([
			{
				id: 'qr_1',
				totalScans: 3,
				qrName: 'Spring poster',
				qrDisplayId: 'spring',
				qrShortUrl: 'https://qr.example.com/spring',
			},
		]);
	});
});

describe('dynamic link output', () => {
	it('names every key in camelCase, nested ones included', () => {
		expect(
			camelCaseKeys({
				id: 'qr_9',
				shortUrl: 'https://q.example/x',
				destination_url: 'https://example.com',
				design: { pattern_color: '#0A66C2', logo_url: 'https://example.com/l.png' },
			}),
		).toEqual({
			id: 'qr_9',
			shortUrl: 'https://q.example/x',
			destinationUrl: 'https://example.com',
			design: { patternColor: '#0A66C2', logoUrl: 'https://example.com/l.png' },
		});
	});
});

describe('trigger test event', () => {
	it('leaves out the IDs of the API client that wrote the code', () => {
		expect(
			withoutActorIds({ json: { event: 'created', ...code, updatedBy: 'client_abc' } }).json,
		).not.toHaveProperty('createdBy');
		expect(
			withoutActorIds({ json: { event: 'created', ...code, updatedBy: 'client_abc' } }).json,
		).not.toHaveProperty('updatedBy');
	});
});

describe('trigger change item', () => {
	it("keeps a field of the code named __proto__ as a field, never the item's prototype", () => {
		const record = JSON.parse(
			'{"id":"qr1","name":"x","__proto__":{"note":"service field"},"updatedAt":1700000000000}',
		) as IDataObject;

		const { json } = changeItem({ kind: 'updated', record } as Parameters<typeof changeItem>[0]);

		expect(Object.keys(json)).toContain('__proto__');
		expect(Object.getPrototypeOf(json)).toBe(Object.prototype);
		expect(Object.getOwnPropertyDescriptor(json, '__proto__')?.value).toEqual({
			note: 'service field',
		});
		expect(json).toMatchObject({ event: 'updated', id: 'qr1', name: 'x' });
	});
});
