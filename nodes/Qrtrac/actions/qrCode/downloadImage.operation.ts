import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { downloadPublicFile, getQrById } from '../../../shared/api';
import { readParameter } from '../../../shared/parameters';
import { textIdSchema, itemInputError, validateParameters } from '../../../shared/validation';
import { qrCodeLocator, teamOptionsCollection } from '../../descriptions/common';
import { getLocatorValue, getTeamOverride } from '../../helpers/parameters';
import { qrCodeOutput } from '../../helpers/qrCodeTarget';

/** The code's image as binary data, named `<displayId>.<type>` (`.png` as a rule); the JSON is the code (simplified). */

const properties: INodeProperties[] = [
	qrCodeLocator,
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the output binary field to put the file in',
	},
	teamOptionsCollection,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['downloadImage'] } },
	properties,
);

const inputSchema = z.object({
	qrCodeId: textIdSchema.describe('QR Code'),
	binaryPropertyName: z
		.string()
		.trim()
		.min(1, 'must not be empty')
		.regex(/^[^\s.[\]]+$/, 'must be a field name without spaces, dots or brackets')
		.describe('Put Output File in Field'),
	teamId: z.string().optional(),
});

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(
		this,
		inputSchema,
		{
			qrCodeId: getLocatorValue(this, 'qrCodeId', itemIndex),
			binaryPropertyName: readParameter(this, 'binaryPropertyName', itemIndex, 'data'),
			teamId: getTeamOverride(this, itemIndex),
		},
		itemIndex,
	);
}

/**
 * Reads the code, then downloads its image from `qrImageUrl` without any credential (downloadPublicFile: http(s)
 * only, never this machine or a private network but the Base URL's host, within the Request Timeout, at most 10 MB). What comes back must be an image (PNG, JPEG, GIF, WebP or SVG, told by its first bytes).
 */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const code = await getQrById(this, { id: input.qrCodeId, teamId: input.teamId, itemIndex });
	if (typeof code.qrImageUrl !== 'string' || code.qrImageUrl === '') {
		throw itemInputError(this.getNode(), itemIndex, 'the code has no image URL (qrImageUrl)');
	}
	const image = await downloadPublicFile(this, code.qrImageUrl, itemIndex);
	const type = imageTypeOf(image.data);
	if (!type) {
		throw itemInputError(
			this.getNode(),
			itemIndex,
			"the code's image address did not answer with an image",
			`It sent ${image.data.length} bytes of ${image.contentType ?? 'an unnamed type'}, which are not PNG, JPEG, GIF, WebP or SVG.`,
		);
	}
	const fileName = `${String(code.displayId ?? code.id)}.${type.extension}`;
	const binary = await this.helpers.prepareBinaryData(image.data, fileName, type.mimeType);
	return [{ json: qrCodeOutput(this, code, true), binary: { [input.binaryPropertyName]: binary } }];
}

const IMAGE_SIGNATURES: Array<{
	bytes: number[];
	offset?: number;
	mimeType: string;
	extension: string;
}> = [
	{
		bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
		mimeType: 'image/png',
		extension: 'png',
	},
	{ bytes: [0xff, 0xd8, 0xff], mimeType: 'image/jpeg', extension: 'jpg' },
	{ bytes: [0x47, 0x49, 0x46, 0x38], mimeType: 'image/gif', extension: 'gif' },
	{ bytes: [0x57, 0x45, 0x42, 0x50], offset: 8, mimeType: 'image/webp', extension: 'webp' },
];

/** How much of a file's start the SVG check reads. */
const SVG_WINDOW_BYTES = 4096;

/** The image type told by the file's first bytes, not by what the server claims. */
export function imageTypeOf(data: Buffer): { mimeType: string; extension: string } | undefined {
	const binary = IMAGE_SIGNATURES.find(({ bytes, offset = 0 }) =>
		bytes.every((byte, index) => data[offset + index] === byte),
	);
	if (binary) return binary;
	if (startsAsSvg(data.subarray(0, SVG_WINDOW_BYTES).toString('utf8')))
		return { mimeType: 'image/svg+xml', extension: 'svg' };
	return undefined;
}

/**
 * Whether the text starts as an SVG document: an optional byte order mark, XML declaration, comments and SVG
 * doctype, then the `<svg` element. The contract names no image format, and SVG is a common one for QR codes; a
 * web page is not one. Walked by hand, each step moving forward: a regular expression with lazy comments
 * backtracks exponentially over a body of empty comments and would block the n8n process.
 */
function startsAsSvg(text: string): boolean {
	let at = skipSpace(text, text.startsWith('\uFEFF') ? 1 : 0);
	if (text.startsWith('<?xml', at)) {
		const end = text.indexOf('>', at);
		if (end < 0 || text[end - 1] !== '?' || end - 1 < at + 5) return false;
		at = skipSpace(text, end + 1);
	}
	for (;;) {
		let end: number;
		if (text.startsWith('<!--', at)) end = endOf(text, '-->', at + 4);
		else if (/^<!DOCTYPE\s+svg/i.test(text.slice(at, at + 64))) end = endOf(text, '>', at);
		else break;
		if (end < 0) return false;
		at = skipSpace(text, end);
	}
	return /^<svg[\s/>]/i.test(text.slice(at, at + 5));
}

/** The index just past the first `closing` from `from`, or -1 without one. */
function endOf(text: string, closing: string, from: number): number {
	const index = text.indexOf(closing, from);
	return index < 0 ? -1 : index + closing.length;
}

function skipSpace(text: string, from: number): number {
	let at = from;
	while (at < text.length && /\s/.test(text[at])) at++;
	return at;
}
