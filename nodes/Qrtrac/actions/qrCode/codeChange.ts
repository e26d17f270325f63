import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { getQrById, type QrCode } from '../../../shared/api';
import { changeUnlessHeld } from '../../helpers/outcome';
import {
	codeInTeam,
	liveCodeToChange,
	qrCodeOutput,
	type QrCodeTarget,
} from '../../helpers/qrCodeTarget';

/**
 * A change of one code (Update Title, Update Tags) through changeUnlessHeld: the code is read by its ID (a deleted
 * one fails the item), and the item is the code, simplified or whole.
 */
export async function changeCode(
	ctx: IExecuteFunctions,
	input: QrCodeTarget,
	itemIndex: number,
	change: {
		/** The operation's name, for the error of a code read as deleted. */
		operation: string;
		holds(stored: QrCode): boolean;
		write(code: ReturnType<typeof codeInTeam>, stored: QrCode | undefined): Promise<IDataObject>;
		/** The write needs the stored code in every version. */
		readFirst?: boolean;
	},
): Promise<IDataObject> {
	const code = codeInTeam(input, itemIndex);
	return await changeUnlessHeld(ctx, {
		// a code read as deleted is no code to change (liveCodeToChange), whatever it holds
		read: async () =>
			liveCodeToChange(ctx, await getQrById(ctx, code), change.operation, itemIndex),
		holds: change.holds,
		write: async (stored) => await change.write(code, stored),
		output: (record) => qrCodeOutput(ctx, record, input.simplify),
		readFirst: change.readFirst,
	});
}
