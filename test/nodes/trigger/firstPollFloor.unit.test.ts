/** The first poll's floor against the service's present (changeCursor.ts `settleFirstPoll`), pure. */
import { settleFirstPoll, startCursor } from '../../../nodes/QrtracTrigger/changeCursor';

/** n8n's clock less the 5-minute lookback: where a first poll starts. */
const LOCAL_START = Date.UTC(2027, 0, 15, 8, 0, 0);
const LOOKBACK_MS = 5 * 60_000;

it('goes down to the present less the overlap when the service is behind by more than the lookback', () => {
	const present = LOCAL_START + LOOKBACK_MS - 20 * 60_000;
	expect(settleFirstPoll(startCursor(LOCAL_START), present, 15_000).floor).toBe(present - 15_000);
});

it('stays, the same cursor, when the service is ahead or behind by less than the lookback', () => {
	const cursor = startCursor(LOCAL_START);
	expect(settleFirstPoll(cursor, LOCAL_START + LOOKBACK_MS + 60_000, 15_000)).toBe(cursor);
	expect(settleFirstPoll(cursor, LOCAL_START + LOOKBACK_MS - 4 * 60_000, 15_000)).toBe(cursor);
});
