import { foldedDisplayId } from './qrCode';

/**
 * Display IDs by their folded form (qrCode.ts `foldedDisplayId`), to find those differing from one only in case:
 * the one owner of that look-up, for the index of a team's codes (api/qrList.ts `DisplayIdIndex`) and the Display
 * IDs rows named (takenDisplayIds.ts). Only what folding cannot find again is kept: a Display ID in its folded form
 * costs nothing, another one is kept as its text under its folded form (a list only when several fold alike). The
 * owner holds which Display IDs are there: it adds each one it holds, and deletes one once it holds it no more.
 */
export class DisplayIdCases {
	private readonly mixedCase = new Map<string, string | string[]>();

	add(displayId: string): void {
		const folded = foldedDisplayId(displayId);
		if (folded === displayId) return;
		const kept = this.mixedCase.get(folded);
		if (kept === undefined) this.mixedCase.set(folded, displayId);
		else if (typeof kept === 'string') {
			if (kept !== displayId) this.mixedCase.set(folded, [kept, displayId]);
		} else if (!kept.includes(displayId)) kept.push(displayId);
	}

	delete(displayId: string): void {
		const folded = foldedDisplayId(displayId);
		const kept = this.mixedCase.get(folded);
		if (kept === undefined || folded === displayId) return;
		const left = typeof kept === 'string' ? [kept] : kept;
		const rest = left.filter((variant) => variant !== displayId);
		if (rest.length === 0) this.mixedCase.delete(folded);
		else this.mixedCase.set(folded, rest.length === 1 ? rest[0] : rest);
	}

	/** The Display IDs differing from `displayId` only in case that the owner holds (`holds`). */
	otherCases(displayId: string, holds: (variant: string) => boolean): string[] {
		const folded = foldedDisplayId(displayId);
		const kept = this.mixedCase.get(folded) ?? [];
		return [...(typeof kept === 'string' ? [kept] : kept), folded].filter(
			(variant) => variant !== displayId && holds(variant),
		);
	}
}
