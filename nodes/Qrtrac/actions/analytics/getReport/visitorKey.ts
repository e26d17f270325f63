import type { IDataObject } from 'n8n-workflow';

import { scanIpAddress } from '../../../../shared/records/ipPrivacy';

/**
 * What makes a visitor: the definition of a unique scan. A unique scan is a distinct visitor key among a code's
 * scans in the range: the IP address (default; at the top level, under any name the IP Address option treats as
 * one: records/ipPrivacy.ts `scanIpAddress`), or the IP
 * address with the device, OS and browser (which tells apart people behind one address, e.g. an office or a
 * mobile network's NAT, when their phones differ). A scan without an IP address has no key: it counts as a scan,
 * never as a visitor, and the report says so. Pure.
 */
export const VISITOR_KEYS = ['ip', 'ipDeviceOsBrowser'] as const;
export type VisitorKeyKind = (typeof VISITOR_KEYS)[number];

export function visitorKey(scan: IDataObject, kind: VisitorKeyKind): string | undefined {
	const address = scanIpAddress(scan);
	if (address === undefined) return undefined;
	if (kind === 'ip') return address;
	return [address, scan.device, scan.os, scan.browser]
		.map((part) => (typeof part === 'string' ? part.trim().toLowerCase() : ''))
		.join('\u0000');
}
