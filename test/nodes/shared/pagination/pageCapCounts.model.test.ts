/**
 * A Limit counting only some codes (Get Many's live codes) on a list without a total that never ends: the walk
 * still ends, at its page cap, reported as incomplete (20,000 pages read: two walks, a shortfall is read again).
 */
import { collectPages, type ListPage } from '../../../../nodes/shared/pagination';

interface Code {
	id: string;
	name: string;
}

it('still ends a walk without a total that never ends', async () => {
	let served = 0;
	const fetchPage = async (): Promise<ListPage<Code>> => {
		served++;
		const items = Array.from({ length: 10 }, (_, index) => ({
			id: `p${served}_${index + 1}`,
			name: `Deleted Code ${index + 1}`,
		}));
		return await Promise.resolve({ items });
	};
	const result = await collectPages(
		{
			returnAll: false,
			limit: 5,
			pageSize: 10,
			counts: (code) => !code.name.startsWith('Deleted'),
		},
		fetchPage,
	);
	// two walks (a shortfall is read again), each ended by the cap of 10,000 pages
	expect(served).toBe(20_000);
	expect(result.shortfall?.stop).toBe('cap');
});
