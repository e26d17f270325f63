import { duplicateQr, getQrById } from '../../../shared/api';
import { VERSION_1_2 } from '../../descriptions/layoutVersions';
import { atLeastVersion } from '../../helpers/parameters';
import { qrCodeTargetOperation } from '../../helpers/qrCodeTarget';

/**
 * A copy of the code with a new ID and a generated Display ID; the output is the copy. From 1.2 the code is read by
 * its ID first (getQrById holds it to the team asked for), as Delete does: a service copying by the ID alone would
 * otherwise make the copy in another team than asked, where it is only found out afterwards.
 */
export const { description, parse, execute } = qrCodeTargetOperation(
	'duplicate',
	async (ctx, code) => {
		if (atLeastVersion(ctx, VERSION_1_2)) await getQrById(ctx, code);
		return await duplicateQr(ctx, code);
	},
	'created',
);
