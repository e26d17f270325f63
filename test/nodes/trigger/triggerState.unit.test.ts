import type { IDataObject } from 'n8n-workflow';

import {
	loadCodeChangesState,
	loadNewScansState,
	saveCodeChangesState,
	saveNewScansState,
} from '../../../nodes/QrtracTrigger/triggerState';

const cursor = { floor: 1_000, highWater: 16_000, seen: {} };
const here = { scope: 'team:t1', service: 'https://api.qrtrac.com' };

it('resumes a state only on the Base URL, and for All Teams the organization, it was read from', () => {
	const staticData: IDataObject = {};
	saveCodeChangesState(staticData, { ...here, cursor });
	expect(loadCodeChangesState(staticData, here)?.cursor).toEqual(cursor);
	expect(loadCodeChangesState(staticData, { ...here, service: 'https://staging.example' })).toBe(
		undefined,
	);
	expect(loadCodeChangesState(staticData, { ...here, scope: 'team:t2' })).toBe(undefined);
});

it('loads a state saved before the service was kept, as read where the trigger now reads', () => {
	const staticData: IDataObject = { codeChanges: { scope: 'all', cursor } };
	const all = { scope: 'all', service: 'https://api.qrtrac.com organization of team:t1' };
	expect(loadCodeChangesState(staticData, all)?.cursor).toEqual(cursor);
});

it("keeps only the active mode's state: the other mode's is dropped when one is saved", () => {
	const staticData: IDataObject = {};
	saveCodeChangesState(staticData, { ...here, cursor });
	saveNewScansState(staticData, {
		...here,
		codes: { floor: 1_000 },
		codeIds: [],
		idsFilter: 'none',
		scans: cursor,
	});
	expect(Object.keys(staticData)).toEqual(['newScans']);
	expect(loadCodeChangesState(staticData, here)).toBe(undefined);
	expect(loadNewScansState(staticData, here)?.scans).toEqual(cursor);
	saveCodeChangesState(staticData, { ...here, cursor });
	expect(Object.keys(staticData)).toEqual(['codeChanges']);
});

it('resumes a state on the same service however its Base URL was typed, a state saved with the text as typed too', () => {
	const staticData: IDataObject = {};
	const all = { scope: 'all', service: 'https://api.qrtrac.com/gateway organization of team:t1' };
	// saved as typed (before the Base URL was spelt one way): scheme and host in capitals, the default port
	staticData.codeChanges = {
		scope: 'all',
		service: 'HTTPS://API.QrTrac.com:443/gateway organization of team:t1',
		cursor,
	};
	expect(loadCodeChangesState(staticData, all)?.cursor).toEqual(cursor);
	// the path is the service's own: another case of it is another address
	staticData.codeChanges = {
		scope: 'all',
		service: 'https://api.qrtrac.com/Gateway organization of team:t1',
		cursor,
	};
	expect(loadCodeChangesState(staticData, all)).toBe(undefined);
	staticData.codeChanges = {
		scope: 'all',
		service: 'https://api.qrtrac.com:8443/gateway organization of team:t1',
		cursor,
	};
	expect(loadCodeChangesState(staticData, all)).toBe(undefined);
});
