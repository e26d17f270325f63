import { looksCapped } from '../cappedAnswers';
import { apiError } from '../nodeErrors';
import type { TransportContext } from '../transport';
import { excerptOf, sentence, type AnswerSource, type Scan } from './answers';
import { getTotalScansOverview } from './scanTotals';
import { inSlice } from './scanSlices';
import type { InTeam } from './source';

/** Most times Get Scans and Get Scan Totals are read as a pair for one range before the read fails. */
export const MAX_PAIR_READS = 3;

/** What the error advises when the caller says nothing else: an action's item, whose range the user chooses. */
const RANGE_ADVICE =
	'choose a range without that moment, or ask QRTRAC to lift the limit of its scan answers.';

/**
 * One code's scans in `range` (one millisecond, or a longer one the service does not answer in smaller parts:
 * ignoredRange.ts `halvesAlike`), for a walk whose Get Scans for Codes answer of it looked capped (`bulk`) and
 * cannot be asked in smaller parts: read from every scan of the code (Get Scans, `readCode`).
 * That answer is taken only when it is whole: its size does not look capped, or Get Scan Totals counts exactly as
 * many scans of the code. A scan made between the two reads (a busy code, the very case of this path) makes a
 * whole answer look cut, so the pair is read again, at most MAX_PAIR_READS times in all, one right after the
 * other. Otherwise both answers may be cut (a service storing whole seconds) and nothing tells how many scans the
 * range holds, so the read fails rather than return a part as all of them; `advice` ends its description
 * (RANGE_ADVICE by default). With `fallible`, undefined instead of that failure: the caller has another way.
 */
export async function codeScansAt(
	ctx: TransportContext,
	{
		qrId,
		range,
		teamId,
		itemIndex,
		bulk,
		readCode,
		advice = RANGE_ADVICE,
		fallible = false,
	}: InTeam & {
		qrId: string;
		range: { startTime: number; endTime: number };
		bulk: { source: AnswerSource; answered: number };
		readCode: () => Promise<{ scans: Scan[]; source: AnswerSource }>;
		advice?: string;
		fallible?: boolean;
	},
): Promise<Scan[] | undefined> {
	let reads = 0;
	for (;;) {
		const { scans, source } = await readCode();
		const found = inSlice({ qrIds: [qrId], ...range }, scans);
		if (!looksCapped(scans.length)) return found;
		// the code's own row: the contract does not limit the rows to the codes asked, nor order them
		const rows = await getTotalScansOverview(ctx, { qrIds: [qrId], teamId, itemIndex });
		const total = rows.find((row) => row.id === qrId)?.totalScans;
		if (total === scans.length) return found;
		if (++reads < MAX_PAIR_READS) continue;
		if (fallible) return undefined;
		throw cannotReadWhole({ qrId, range, bulk, advice }, { scans, source, total });
	}
}

/** The error of a range whose scans no answer shows whole (codeScansAt), after its last pair of reads. */
function cannotReadWhole(
	{
		qrId,
		range,
		bulk,
		advice,
	}: {
		qrId: string;
		range: { startTime: number; endTime: number };
		bulk: { source: AnswerSource; answered: number };
		advice: string;
	},
	{ scans, source, total }: { scans: Scan[]; source: AnswerSource; total: unknown },
): Error {
	const iso = (ms: number) => new Date(ms).toISOString();
	const oneMs = range.startTime === range.endTime;
	const when = oneMs
		? `at ${iso(range.startTime)}`
		: `between ${iso(range.startTime)} and ${iso(range.endTime)}`;
	const counted =
		typeof total === 'number'
			? `Get Scan Totals counts ${total} scans of the code`
			: 'Get Scan Totals does not tell how many scans the code has';
	return apiError(
		source.node,
		{ success: false, message: 'scan answers capped' },
		{
			message: `QRTRAC's scan answers look capped: the scans of code ${qrId} ${when} could not all be read`,
			description:
				`Expected every scan of that ${oneMs ? 'millisecond' : 'range'} in one answer. ${bulk.source.operation} answered ${bulk.answered} events for it, a size that looks capped, and ${oneMs ? 'a range cannot be asked in parts smaller than a millisecond' : 'parts of it were answered the very same events (QRTRAC compares the range more coarsely)'}; ` +
				`${source.operation} answered ${scans.length} events for every scan of the code, also a size that looks capped, and ${counted}. ` +
				`The answer of ${source.operation} began: ${sentence(excerptOf(scans, source.redact ?? []))} ` +
				`No scans were returned, so that a part is not taken for all of them; ${advice}`,
			itemIndex: source.itemIndex,
		},
	);
}
