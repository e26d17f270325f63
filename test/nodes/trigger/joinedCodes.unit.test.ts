import { filtersKey, sameFilters } from '../../../nodes/QrtracTrigger/codeFilters';
import {
	joinedFrom,
	joinedThroughChange,
	lastCheckOf,
} from '../../../nodes/QrtracTrigger/joinedCodes';

const code = (times: { createdAt?: number; updatedAt: number }) => ({ id: 'q1', ...times });

describe('New Scans: when a code that comes to match is watched from', () => {
	it('from the last check less the overlap, whatever later change the feed shows', () => {
		expect(joinedFrom(code({ createdAt: 1_000, updatedAt: 90_000 }), 50_000, 15_000)).toBe(35_000);
	});

	it('from its creation less the overlap when it was created after the last check', () => {
		expect(joinedFrom(code({ createdAt: 60_000, updatedAt: 90_000 }), 50_000, 15_000)).toBe(45_000);
	});

	it('no check known: from its creation less the overlap, not from the change the feed shows', () => {
		expect(joinedFrom(code({ createdAt: 1_000, updatedAt: 90_000 }), undefined, 15_000)).toBe(
			-14_000,
		);
	});
});

describe('New Scans: the last check a joining code is watched from', () => {
	const codes = { floor: 10_000, highWater: 40_000 };

	it("the service's Date when one told it", () => {
		expect(lastCheckOf({ checkedAtDate: 50_000, codes })).toBe(50_000);
	});

	it("without one, the newest change read (service time), never n8n's clock", () => {
		expect(lastCheckOf({ codes })).toBe(40_000);
		expect(lastCheckOf({ codes: { floor: 10_000 } })).toBeUndefined();
	});
});

describe('New Scans: when a code the change feed shows matching is watched from', () => {
	it('never after its shown change less the overlap (a last check on a clock ahead of the service)', () => {
		expect(
			joinedThroughChange(code({ createdAt: 1_000, updatedAt: 90_000 }), 200_000, 15_000),
		).toBe(75_000);
	});

	it('from the last check when the shown change came later (a rename after the tag)', () => {
		expect(joinedThroughChange(code({ createdAt: 1_000, updatedAt: 90_000 }), 50_000, 15_000)).toBe(
			35_000,
		);
	});
});

describe('New Scans: whether a saved watch list was read for the same filters', () => {
	const search = { qrTypes: ['WEB'], tag: 'Event', search: 'Promo' };

	it('the same key, or the key saved before the "local" marker, names the same filters', () => {
		expect(sameFilters(filtersKey(search), search)).toBe(true);
		expect(sameFilters(JSON.stringify([['WEB'], 'event', 'promo']), search)).toBe(true);
	});

	it('another filter is not the same, with or without the marker', () => {
		const other = { ...search, tag: 'other' };
		expect(sameFilters(filtersKey(other), search)).toBe(false);
		expect(sameFilters(JSON.stringify([['WEB'], 'other', 'promo']), search)).toBe(false);
		expect(sameFilters(filtersKey({ qrTypes: [] }), { qrTypes: [], search: 'local' })).toBe(false);
	});
});
