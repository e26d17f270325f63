import type { IDataObject } from 'n8n-workflow';

/** The fields of a NodeApiError / NodeOperationError a test asserts on; never the cause (it holds the request). */
export interface HarnessNodeError {
	message: string;
	description?: string | null;
	httpCode?: string | null;
	itemIndex?: number;
	name: string;
	context?: unknown;
}

interface ErrorLike {
	message?: unknown;
	description?: string | null;
	httpCode?: string | null;
	name?: unknown;
	context?: IDataObject;
}

/** Picks the reportable fields off whatever the engine recorded as the execution or node error. */
export function shapeNodeError(error: unknown): HarnessNodeError {
	const recorded = (
		typeof error === 'object' && error !== null ? error : { message: String(error) }
	) as ErrorLike;
	const itemIndex = recorded.context?.itemIndex;
	return {
		message: String(recorded.message ?? ''),
		description: recorded.description,
		httpCode: recorded.httpCode,
		itemIndex: typeof itemIndex === 'number' ? itemIndex : undefined,
		name: typeof recorded.name === 'string' ? recorded.name : 'Error',
		context: recorded.context,
	};
}
