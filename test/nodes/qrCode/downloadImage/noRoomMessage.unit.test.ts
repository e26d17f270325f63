/** Download Image's error when no room came in the process's 64 MB image budget: what it says was held and asked. */
import { noRoomMessage } from '../../../../nodes/shared/imageDownload';

const MB = 1024 * 1024;

it('names what was held of the 64 MB and what was asked, not the whole budget', () => {
	expect(noRoomMessage(1000, { held: 57 * MB, own: 0, needed: 9.5 * MB })).toBe(
		'The QR image was not downloaded: other image downloads of this n8n process held 57 of the 64 MB, and room for 9.5 MB more did not come within the Request Timeout (1 s)',
	);
});

it("names the room this execution's other downloads held, as items or as an agent's parallel tool calls", () => {
	expect(noRoomMessage(3000, { held: 57 * MB, own: 47.5 * MB, needed: 10 * MB })).toBe(
		'The QR image was not downloaded: image downloads of this n8n process held 57 of the 64 MB (47.5 MB of them by other downloads of this execution), and room for 10 MB more did not come within the Request Timeout (3 s)',
	);
});

it('shows a few KB as KB, not as 1 MB', () => {
	expect(noRoomMessage(1000, { held: 60 * MB + 3000, own: 3000, needed: 9.5 * MB })).toBe(
		'The QR image was not downloaded: image downloads of this n8n process held 60 of the 64 MB (3 KB of them by other downloads of this execution), and room for 9.5 MB more did not come within the Request Timeout (1 s)',
	);
});
