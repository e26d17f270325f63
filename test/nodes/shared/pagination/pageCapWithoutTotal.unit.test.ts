/**
 * A walk that stops at its page cap has not reached the end of the list: without an announced total it must
 * still report a shortfall, never hand the codes read so far on as the whole list.
 */
import { collectPages, type ListPage } from '../../../../nodes/shared/pagination';

interface Code {
	id: string;
}

/** Full pages of 100 that overlap: page n holds codes (n-1)*25+1 .. (n-1)*25+100, and the list never ends. */
async function overlappingPage(page: number): Promise<ListPage<Code>> {
	return {
		items: Array.from({ length: 100 }, (_, index) => ({ id: `qr_${(page - 1) * 25 + index + 1}` })),
	};
}

it('reports a walk stopped by its page cap, without a total, as incomplete', async () => {
	const result = await collectPages<Code>({ returnAll: false, limit: 300 }, overlappingPage);

	expect(result.items.length).toBeLessThan(300);
	expect(result.shortfall).toMatchObject({ got: result.items.length, expected: undefined });
	expect(result.shortfall?.reason).toMatch(/stopped after/);
});
