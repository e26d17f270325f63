/**
 * After a 429 that told no wait (no Retry-After, no reset), the node pauses a window on its own. When that pause
 * passes Maximum Wait, the error says it is the node's pause, never that QRTRAC asked for it, and whether the
 * change may have been made (an earlier try's answer was lost) or surely was not.
 */
import { toldWaitTooLong, type ToldWait } from '../../../../nodes/shared/waitCeiling';

const pause: ToldWait = {
	waitMs: 1_000,
	nowMs: Date.parse('2026-11-28T10:00:00Z'),
	ceilingMs: 60_000,
	limitOf: 'team',
	waitedMs: 59_500,
	untold: true,
};

it('names the pause after a 429 that told none, and says nothing was changed', () => {
	const { message, hint } = toldWaitTooLong(pause);

	expect(message).toMatch(
		/^QRTRAC refused with HTTP 429 without telling how long to wait; the pause of 1 s that follows \(until 2026-11-28T10:00:01Z by n8n's clock\) would pass this node's Maximum Wait of 60 s/,
	);
	expect(message).not.toMatch(/asked to wait/);
	expect(hint).toMatch(/so nothing was changed/);
});

it('after an earlier try whose answer was lost, says the change may have been made', () => {
	const { hint } = toldWaitTooLong({ ...pause, earlierAnswerLost: true });

	expect(hint).toMatch(/QRTRAC may have made the change all the same/);
	expect(hint).not.toMatch(/nothing was changed/);
});

it('a wait QRTRAC told keeps its words', () => {
	expect(toldWaitTooLong({ ...pause, untold: false }).message).toMatch(/^QRTRAC asked to wait 1 s/);
});
