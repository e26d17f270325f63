import type { IDataObject } from 'n8n-workflow';

import { executionNode } from '../executionNode';
import { getConnection, type TransportContext } from '../transport';
import type { AnswerSource } from './answers';

/** Where a request acts and which item it serves: the common parameters of every endpoint function. */
export interface InTeam {
	/** Team Override; undefined is the credential's team. */
	teamId?: string;
	itemIndex?: number;
}

/** The answer source of an operation, with the credential's secrets to keep out of excerpts. */
export async function answerSource(
	ctx: TransportContext,
	operation: string,
	itemIndex?: number,
): Promise<AnswerSource> {
	const { secrets } = await getConnection(ctx);
	return { node: executionNode(ctx), operation, itemIndex, redact: secrets };
}

export function isPlainObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Splits a list into parts of at most `size` (the analytics endpoints take 100 codes per request). */
export function chunk<T>(list: readonly T[], size: number): T[][] {
	const chunks: T[][] = [];
	for (let start = 0; start < list.length; start += size)
		chunks.push(list.slice(start, start + size));
	return chunks;
}

/**
 * Who the credential is (its client id and a SHA-256 of its secrets, connection.ts): key material that no one
 * without the credential can reproduce, and that holds no secret itself.
 */
export async function credentialIdentity(ctx: TransportContext): Promise<string> {
	return (await getConnection(ctx)).identity;
}
