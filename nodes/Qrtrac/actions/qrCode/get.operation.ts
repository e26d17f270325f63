import { getQrById } from '../../../shared/api';
import { qrCodeTargetOperation } from '../../helpers/qrCodeTarget';

export const { description, parse, execute } = qrCodeTargetOperation(
	'get',
	async (ctx, code) => await getQrById(ctx, code),
);
