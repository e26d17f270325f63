import type { INodePropertyOptions } from 'n8n-workflow';

import type { QrCode } from '../../shared/api';
import { isLive } from '../../shared/records/qrCode';

/**
 * A code as the pickers list it: "Name (Display ID)", its ID as the value. A soft-deleted code, which a service may
 * list (the contract does not say it leaves them out), says so, so that it is not picked for a live one.
 */
export function codeEntry(qr: QrCode): INodePropertyOptions & { value: string } {
	const key = String(qr.displayId ?? qr.id);
	return {
		name: `${String(qr.name ?? 'Untitled')} (${isLive(qr) ? key : `${key}, deleted`})`,
		value: qr.id,
	};
}
