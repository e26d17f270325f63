/**
 * A poll of QRTRAC Trigger on a fake context (fakeContext.ts's HTTP, credential and recording), with the poll's
 * own parts: its mode, the workflow's static data kept between polls, a logger, parameters read as a poll reads
 * them (no item). For the unit tests of what an answer does to a poll, no sockets, no simulator.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { QrtracTrigger } from '../../../nodes/QrtracTrigger/QrtracTrigger.node';
import { fakeContext, type FakeAnswer, type SentRequest } from '../../support/fakeContext';

export interface FakePoller {
	/** One poll (`manual`: Fetch Test Event); its items' json, [] when it returned null. */
	poll: (mode?: 'trigger' | 'manual') => Promise<IDataObject[]>;
	staticData: IDataObject;
	sent: SentRequest[];
	warnings: string[];
}

let workflowCounter = 0;

export function fakePoller(
	parameters: IDataObject,
	answers: (request: SentRequest) => FakeAnswer | Promise<FakeAnswer>,
): FakePoller {
	const { ctx, sent } = fakeContext({ answers, nodeType: 'n8n-nodes-qrtrac.qrtracTrigger' });
	const staticData: IDataObject = {};
	const warnings: string[] = [];
	const workflowId = `poll_workflow_${++workflowCounter}`;
	const node = { ...ctx.getNode(), name: 'QRTRAC Trigger', typeVersion: 1.1, parameters };
	let mode: 'trigger' | 'manual' = 'trigger';
	const pollCtx = {
		...ctx,
		getNode: () => node,
		getMode: () => mode,
		getWorkflow: () => ({ id: workflowId, name: 'Fake workflow', active: true }),
		getWorkflowStaticData: () => staticData,
		getNodeParameter: (name: string, fallback?: unknown) => parameters[name] ?? fallback,
		logger: {
			warn: (message: string) => warnings.push(message),
			info: () => undefined,
			debug: () => undefined,
			error: () => undefined,
		},
	} as unknown as IPollFunctions;
	const trigger = new QrtracTrigger();
	return {
		poll: async (asMode = 'trigger') => {
			mode = asMode;
			const result: INodeExecutionData[][] | null = await trigger.poll.call(pollCtx);
			return result === null ? [] : result[0].map((item) => item.json);
		},
		staticData,
		sent,
		warnings,
	};
}
