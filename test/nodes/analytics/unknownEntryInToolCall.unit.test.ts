/**
 * A listed entry QRTRAC does not know, in an AI agent's tool call: the title names the entry, and an entry holding
 * a Node error code ("FreePermit": EPERM) makes n8n-core's wrapper of a tool's error swap that title for its
 * generic text, so the description the model reads beside it must start with the title's words.
 */
import { NodeOperationError } from 'n8n-workflow';

import { Qrtrac } from '../../../nodes/Qrtrac/Qrtrac.node';
import { NODE_VERSIONS } from '../../../nodes/Qrtrac/descriptions/layoutVersions';
import { answering } from '../../support/actionRequests';
import { NODE, fakeContext, refused } from '../../support/fakeContext';

const TOOL = 'n8n-nodes-qrtrac.qrtracTool';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

async function unknownEntry(nodeType?: string): Promise<Error & { description?: string }> {
	const { ctx } = fakeContext({
		nodeType,
		typeVersion: NODE_VERSIONS[NODE_VERSIONS.length - 1],
		parameters: {
			resource: 'analytics',
			operation: 'getScansForCodes',
			codeSelection: 'list',
			qrCodeIds: 'qr_1,FreePermit',
			timeRange: 'last24Hours',
		},
		answers: answering({
			'POST /api/analytics-api/detailed/all': refused(400, 'QR code FreePermit not found'),
		}),
	});
	try {
		await new Qrtrac().execute.call(ctx);
	} catch (error) {
		return error as Error & { description?: string };
	}
	throw new Error('the run did not fail');
}

it('a tool call: the description starts with the title, which n8n swaps when wrapping the error', async () => {
	const error = await unknownEntry(TOOL);
	expect(error.message).toBe('QR code not found: "FreePermit"');
	// as n8n-core's makeHandleToolInvocation wraps it: the title is n8n's text, the description kept
	const wrapped = new NodeOperationError({ ...NODE, type: TOOL }, error);
	expect(wrapped.message).not.toContain('FreePermit');
	expect(wrapped.description).toMatch(
		/^Error: QR code not found: "FreePermit"\. QR Code IDs are separated by commas/,
	);
});

it('an ordinary run: the title shows as it is and is not repeated in the description', async () => {
	const error = await unknownEntry();
	expect(error.message).toBe('Item 0: QR code not found: "FreePermit"');
	expect(error.description).toMatch(/^QR Code IDs are separated by commas/);
});
