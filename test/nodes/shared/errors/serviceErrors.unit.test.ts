import { NodeOperationError } from 'n8n-workflow';

import { interpretAnswer } from '../../../../nodes/shared/answerBody';
import { withNote } from '../../../../nodes/Qrtrac/helpers/outcome';
import { serviceError } from '../../../../nodes/shared/serviceErrors';
import { NODE as node } from '../../../support/fakeContext';

describe('serviceError hints', () => {
	it("a 404 of a member's operation points at the member's e-mail, by which the contract addresses members", () => {
		const error = serviceError(node, { status: 404, message: 'Member not found', itemIndex: 2 });
		expect(error.description).toContain("a member's e-mail as the team lists it");
		expect(error.description).toContain("a code's or team's id");
		expect(error.httpCode).toBe('404');
	});

	it('a taken Display ID gets its own hint, not the not-found one', () => {
		const error = serviceError(node, { status: 400, message: 'displayId "x" is already taken' });
		expect(error.message).toBe('Display ID "x" is already taken');
		expect(error.description).toContain('already used by another code');
		expect(error.description).not.toContain('Check the ID');
	});
});

describe('serviceError hint order', () => {
	const own = { status: 403, statusHint: "The request's own hint for its 403." };

	it("a plan's limit reached comes before the request's own hint for the status", () => {
		const error = serviceError(node, {
			...own,
			message: 'Plan limit reached: maximum number of QR codes',
		});
		expect(error.description).toBe(
			"Your plan's QR code quota is reached. Delete unused codes or upgrade the plan in QRTRAC.",
		);
	});

	it("without one, the request's own hint for the status replaces the general one", () => {
		const error = serviceError(node, { ...own, message: 'Forbidden' });
		expect(error.description).toBe("The request's own hint for its 403.");
	});
});

describe('serviceError titles', () => {
	// n8n's NodeApiError replaces a message holding a Node error code (any case, inside a word too) with its own text
	it.each([
		[403, 'missing deletePermission'],
		[409, 'eexist: a code with this Display ID exists'],
		[404, 'Template ENOENT'],
		[400, 'upstream econnreset while saving'],
		[500, 'EACCES on the storage'],
		[undefined, 'Refused: EPERM'],
	])('HTTP %s "%s": the title is QRTRAC\'s message, not n8n\'s generic text', (status, message) => {
		const error = serviceError(node, { status, message });
		expect(error.message).toBe(message);
	});

	it("a refusal's page naming an API field is quoted as it came, not relabelled", () => {
		const reading = {
			secretForms: [],
			acceptUnsuccessful: false,
			envelopeOptional: false,
			operation: 'POST /api/qrs-api',
		};
		const answer = interpretAnswer(400, '<p>displayId "x" is taken</p>', reading);
		if (!('failure' in answer)) throw new Error('a 400 is a refusal');
		const error = serviceError(node, answer.failure);
		expect(error.message).toBe(
			'QRTRAC answered POST /api/qrs-api with HTTP 400 and a body that is not JSON: "displayId "x" is taken"',
		);
		expect(error.description).not.toContain("QRTRAC's message");
	});
});

/**
 * What an AI agent reads of an error its tool call threw: n8n-core (get-input-connection-data.js,
 * makeHandleToolInvocation) wraps it in `new NodeOperationError(node, error)`, which replaces a title holding a
 * Node error code again, and appends "Details: <description>".
 */
function readByModel(thrown: Error): string {
	const wrapped = new NodeOperationError(node, thrown);
	return wrapped.description && !wrapped.message.includes(wrapped.description)
		? `${wrapped.message}\n\nDetails: ${wrapped.description}`
		: wrapped.message;
}

/** The AI tool variant of the node, whose errors n8n-core wraps again. */
const tool = { ...node, type: 'n8n-nodes-qrtrac.qrtracTool' };

describe('serviceError in a tool call', () => {
	it('a 403 "missing deletePermission": the model reads QRTRAC\'s words, at the start of the details', () => {
		const error = serviceError(tool, { status: 403, message: 'missing deletePermission' });
		expect(readByModel(error)).toContain('missing deletePermission');
		expect(error.description).toMatch(
			/^QRTRAC's message: missing deletePermission\. The API client's role/,
		);
	});

	it('a relabelled title quotes the message as it came, once', () => {
		const error = serviceError(tool, {
			status: 409,
			message: 'displayId "store-preexisting" is taken',
		});
		expect(error.message).toBe('Display ID "store-preexisting" is taken');
		expect(error.description?.match(/QRTRAC's message/g)).toEqual(["QRTRAC's message"]);
		expect(error.description).toMatch(
			/^QRTRAC's message: displayId "store-preexisting" is taken\. /,
		);
	});

	it('a title n8n keeps is not repeated in the description', () => {
		const error = serviceError(tool, { status: 403, message: 'missing permission' });
		expect(error.description).not.toContain("QRTRAC's message");
	});

	it('a note the operation puts first (withNote) follows the quote, which stays at the start', () => {
		const error = withNote(
			serviceError(tool, { status: 403, message: 'missing deletePermission' }),
			'Delete Missing ran after the last row.',
		) as Error & { description?: string };
		expect(error.description).toMatch(
			/^QRTRAC's message: missing deletePermission\. Delete Missing ran after the last row\. The API/,
		);
	});

	it("a title quoting QRTRAC's body is the node's sentence, not labelled as QRTRAC's message", () => {
		const error = serviceError(tool, {
			status: 403,
			message:
				'QRTRAC answered GET /x with HTTP 403 and an error without a "message" text: {"message":["missing deletePermission"]}',
			quotesBody: true,
		});
		expect(error.description).toMatch(/^Error: QRTRAC answered GET \/x with HTTP 403/);
	});

	it('a message ending in a full stop is quoted with one', () => {
		const error = serviceError(tool, { status: 403, message: 'EPERM: not allowed.' });
		expect(error.description).toMatch(/^QRTRAC's message: EPERM: not allowed\. /);
		expect(error.description).not.toContain('..');
	});
});

describe('serviceError in an ordinary run', () => {
	it('a title n8n would swap shows as it is, and the description does not repeat it', () => {
		const error = serviceError(node, { status: 403, message: 'missing deletePermission' });
		expect(error.message).toBe('missing deletePermission');
		expect(error.description).toMatch(/^The API client's role/);
	});

	it('a relabelled title still quotes the message as it came', () => {
		const error = serviceError(node, { status: 409, message: 'displayId "x" is taken' });
		expect(error.description).toMatch(/^QRTRAC's message: displayId "x" is taken\. /);
	});

	it("a relabelled title without a hint of its own: the description quotes QRTRAC's words once, then the status's", () => {
		const error = serviceError(node, {
			status: 400,
			message: 'displayId does not match this code',
		});
		expect(error.message).toBe('Display ID does not match this code');
		expect(error.description).toBe(
			"QRTRAC's message: displayId does not match this code. QRTRAC refused the request (HTTP 400), so nothing was changed: its message says what it did not accept. Correct that value in the item (or the input data it comes from), then run the item again.",
		);
	});
});
