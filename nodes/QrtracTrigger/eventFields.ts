import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

/**
 * Fields of a QRTRAC code record that name the API client or user that wrote it (`createdBy`, `updatedBy`
 * hold API client IDs for codes written through the API). They say nothing a workflow acts on and expose a
 * credential's client ID in every item, so trigger items leave them out.
 */
const ACTOR_FIELDS = ['createdBy', 'updatedBy'] as const;

/** The item without the writer's IDs; every other field is kept as QRTRAC sent it. */
export function withoutActorIds(item: INodeExecutionData): INodeExecutionData {
	const json: IDataObject = { ...item.json };
	for (const field of ACTOR_FIELDS) delete json[field];
	return { ...item, json };
}
