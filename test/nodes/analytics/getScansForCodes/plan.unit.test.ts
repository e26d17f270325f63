/** Scan > Get Scans for Codes' pure plan: scans summed up per code. */
import { scansPerCode } from '../../../../nodes/Qrtrac/actions/analytics/getScansForCodes/plan';

describe('scansPerCode', () => {
	it('counts per code, with zeros for codes without scans, first and last times, countries and devices', () => {
		const scans = [
			{ qrId: 'a', scanTime: 30, country: 'DE', device: 'mobile' },
			{ qrId: 'a', scanTime: 10, country: 'DE' },
			{ qrId: 'x', scanTime: 20 },
		];
		expect(scansPerCode(['a', 'b'], scans)).toEqual([
			{
				qrId: 'a',
				scans: 2,
				firstScanTime: 10,
				lastScanTime: 30,
				countries: { DE: 2 },
				devices: { mobile: 1, unknown: 1 },
			},
			{ qrId: 'b', scans: 0, firstScanTime: null, lastScanTime: null, countries: {}, devices: {} },
		]);
	});

	it('counts a country or device named like an object built-in as any other name', () => {
		const scans = [
			{ qrId: 'a', scanTime: 1, country: 'constructor', device: '__proto__' },
			{ qrId: 'a', scanTime: 2, country: 'constructor', device: '__proto__' },
			{ qrId: 'a', scanTime: 3, country: 'toString', device: 'mobile' },
		];
		const [entry] = scansPerCode(['a'], scans);

		expect(JSON.parse(JSON.stringify(entry.countries))).toEqual({ constructor: 2, toString: 1 });
		expect(JSON.parse(JSON.stringify(entry.devices))).toEqual({ ['__proto__']: 2, mobile: 1 });
		expect(Object.getPrototypeOf(entry.devices)).toBe(Object.prototype);
	});

	it('counts a country or device as Get Report does: spaces around it dropped, blank or not text as unknown', () => {
		const scans = [
			{ qrId: 'a', scanTime: 1, country: 'Germany', device: 'mobile' },
			{ qrId: 'a', scanTime: 2, country: 'Germany ', device: ' mobile' },
			{ qrId: 'a', scanTime: 3, country: '  ', device: 7 },
		];
		const [entry] = scansPerCode(['a'], scans);

		expect(entry.countries).toEqual({ Germany: 2, unknown: 1 });
		expect(entry.devices).toEqual({ mobile: 2, unknown: 1 });
	});
});
