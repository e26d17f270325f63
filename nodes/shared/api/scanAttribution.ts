import { isPlainObject } from '../plainObject';

/**
 * Records that leave out the ID of their code: the contract's `ScanData.qrId` and the totals rows' `id` are
 * optional. In an answer about one code such a record is that code's (answers.ts); in an answer about several it
 * is never attributed by a guess. Rule (one owner: the scan walk and the totals): that answer is dropped, nothing
 * of it used, and its question asked again one code per request. A read that met one such answer asks the rest
 * of its questions one code per request straight away: a service that left the field out once may do it again,
 * maybe only sometimes, and asking each question twice would cost more. Pure.
 */

/** The field naming a record's code: `qrId` of a scan event, `id` of a totals row. */
export type CodeField = 'qrId' | 'id';

/** Whether a record leaves out the field naming its code (absent; `null` or any other value is the shape's to refuse). */
export function lacksCode(record: unknown, field: CodeField): boolean {
	return isPlainObject(record) && record[field] === undefined;
}

/** What one read (a scan walk, the totals of a selection) has learnt about the service's records. */
export class CodeAttribution {
	private met = false;

	constructor(private readonly field: CodeField) {}

	/** Whether a question about `qrIds` is to be asked one code per request: several codes, after such an answer. */
	perCode(qrIds: readonly string[]): boolean {
		return this.met && qrIds.length > 1;
	}

	/**
	 * Whether the answer `data` about `qrIds` holds a record it cannot attribute (several codes asked, one record
	 * without the field): the caller drops it and asks one code per request, as every later question of the read.
	 */
	cannotAttribute(qrIds: readonly string[], data: unknown): boolean {
		if (qrIds.length < 2 || !Array.isArray(data)) return false;
		if (!data.some((record) => lacksCode(record, this.field))) return false;
		this.met = true;
		return true;
	}
}
