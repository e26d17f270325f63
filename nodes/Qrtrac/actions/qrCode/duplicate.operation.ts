import { duplicateQr } from '../../../shared/api';
import { VERSION_1_2 } from '../../descriptions/layoutVersions';
import { atLeastVersion } from '../../helpers/parameters';
import { qrCodeTargetOperation } from '../../helpers/qrCodeTarget';

/**
 * A copy of the code with a new ID and a generated Display ID; the output is the copy. From 1.2 the code is read by
 * its ID before the copy is sent, as Delete does (duplicateQr `readFirst`).
 */
export const { description, parse, execute } = qrCodeTargetOperation(
	'duplicate',
	async (ctx, code) =>
		await duplicateQr(ctx, code, { readFirst: atLeastVersion(ctx, VERSION_1_2) }),
	'created',
);
