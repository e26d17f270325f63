import { duplicateQr } from '../../../shared/api';
import { qrCodeTargetOperation } from '../../helpers/qrCodeTarget';

/** A copy of the code with a new ID and a generated Display ID; the output is the copy. */
export const { description, parse, execute } = qrCodeTargetOperation(
	'duplicate',
	async (ctx, code) => await duplicateQr(ctx, code),
	'created',
);
