/** Capped answers' splitting in walks over 60 seeded random sets of scans and caps (cappedAnswers.ts). */
import { walk } from './cappedWalk';

describe('splitSlice in walks over random scans and caps', () => {
	it('finds every scan once and ends, whatever the cap and where the scans lie', () => {
		let seed = 7;
		const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
		for (let round = 0; round < 60; round++) {
			const span = 1 + Math.floor(random() * 10_000_000);
			const clusters = Array.from({ length: 1 + Math.floor(random() * 4) }, () => ({
				at: Math.floor(random() * span),
				width: Math.floor(random() * 5000),
			}));
			const times = Array.from({ length: Math.floor(random() * 3000) }, () => {
				const cluster = clusters[Math.floor(random() * clusters.length)];
				return Math.min(span, cluster.at + Math.floor(random() * (cluster.width + 1)));
			});
			const cap = [undefined, 10, 100, 1000][Math.floor(random() * 4)];
			expect(walk(times, cap, 0, span).complete).toBe(true);
		}
	});
});
