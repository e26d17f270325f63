import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { getQrById, type QrCode } from '../../../shared/api';
import { changeUnlessHeld } from '../../helpers/outcome';
import { codeInTeam, qrCodeOutput, type QrCodeTarget } from '../../helpers/qrCodeTarget';

/**
 * A change of one code (Update Title, Update Tags) through changeUnlessHeld: the code is read by its ID, and the
 * item is the code, simplified or whole.
 */
export async function changeCode(
	ctx: IExecuteFunctions,
	input: QrCodeTarget,
	itemIndex: number,
	change: {
		holds(stored: QrCode): boolean;
		write(code: ReturnType<typeof codeInTeam>, stored: QrCode | undefined): Promise<IDataObject>;
		/** The write needs the stored code in every version. */
		readFirst?: boolean;
	},
): Promise<IDataObject> {
	const code = codeInTeam(input, itemIndex);
	return await changeUnlessHeld(ctx, {
		read: async () => await getQrById(ctx, code),
		holds: change.holds,
		write: async (stored) => await change.write(code, stored),
		output: (record) => qrCodeOutput(record, input.simplify),
		readFirst: change.readFirst,
	});
}
