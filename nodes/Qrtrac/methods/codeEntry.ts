import type { INodePropertyOptions } from 'n8n-workflow';

import type { QrCode } from '../../shared/api';
import { isLive } from '../../shared/records/qrCode';

/** A value of the service's as text, blank when it holds none (an empty or absent Display ID). */
function shownText(value: unknown): string {
	return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/**
 * A code as the pickers list it: "Name (Display ID)", its ID as the value; a code whose name is empty reads as its
 * Display ID alone (its ID when that is empty too), not " (Display ID)". A soft-deleted code, which a service may
 * list (the contract does not say it leaves them out), reads "Deleted: Name (Display ID)": a delete changes it, so
 * it comes first, before the live code of its name, and the front of the name is what n8n's list never cuts. It
 * stays listed: leaving it out can empty a page, and n8n then shows "No results" and never loads the next page.
 */
export function codeEntry(qr: QrCode): INodePropertyOptions & { value: string } {
	const shownId = shownText(qr.displayId) || qr.id;
	const name = String(qr.name ?? 'Untitled');
	const label = name.trim() === '' ? shownId : `${name} (${shownId})`;
	return { name: isLive(qr) ? label : `Deleted: ${label}`, value: qr.id };
}
