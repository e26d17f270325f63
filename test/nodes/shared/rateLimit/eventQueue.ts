/**
 * The fake clock's pending events, earliest first and, at the same time, in the order they were added: a binary
 * heap, since a run holds thousands (a foreign client's arrivals are queued up front).
 */
export interface FakeEvent {
	atMs: number;
	seq: number;
	act: () => void;
}

const before = (a: FakeEvent, b: FakeEvent) =>
	a.atMs < b.atMs || (a.atMs === b.atMs && a.seq < b.seq);

export class EventQueue {
	private readonly heap: FakeEvent[] = [];

	get size(): number {
		return this.heap.length;
	}

	push(event: FakeEvent): void {
		const heap = this.heap;
		let index = heap.push(event) - 1;
		while (index > 0) {
			const parent = (index - 1) >> 1;
			if (!before(heap[index], heap[parent])) break;
			[heap[index], heap[parent]] = [heap[parent], heap[index]];
			index = parent;
		}
	}

	/** The earliest event, removed; undefined when none is left. */
	pop(): FakeEvent | undefined {
		const heap = this.heap;
		const first = heap[0];
		const last = heap.pop();
		if (heap.length === 0 || last === undefined) return first;
		heap[0] = last;
		for (let index = 0; ;) {
			const left = index * 2 + 1;
			const right = left + 1;
			let next = index;
			if (left < heap.length && before(heap[left], heap[next])) next = left;
			if (right < heap.length && before(heap[right], heap[next])) next = right;
			if (next === index) return first;
			[heap[index], heap[next]] = [heap[next], heap[index]];
			index = next;
		}
	}
}
