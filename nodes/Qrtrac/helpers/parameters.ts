import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

/** Reads a resource locator's value (From List / By ID / By URL), trimmed. */
export function getLocatorValue(ctx: IExecuteFunctions, name: string, itemIndex: number): string {
	const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true });
	return typeof value === 'string' ? value.trim() : String(value ?? '').trim();
}

/** The acting team of an operation: the Team Override option when set, else undefined (the credential's team). */
export function getTeamOverride(ctx: IExecuteFunctions, itemIndex: number): string | undefined {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const team = typeof options.teamOverride === 'string' ? options.teamOverride.trim() : '';
	return team === '' ? undefined : team;
}
