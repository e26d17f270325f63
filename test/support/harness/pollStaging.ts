import { UnexpectedError } from 'n8n-workflow';
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

/** The staging hooks n8n's server passes into n8n-core's PollContext, plus what one poll produced. */
export interface PollStaging {
	hooks: {
		emit: IPollFunctions['__emit'];
		emitError: IPollFunctions['__emitError'];
		commitCursor: NonNullable<IPollFunctions['__commitCursor']>;
		runPoll: NonNullable<IPollFunctions['__runPoll']>;
		resolveNodeStaticData: () => IDataObject;
	};
	/** The node static data as persisted after the poll. */
	committed(): IDataObject;
	emitted(): INodeExecutionData[][] | null;
	failure(): Error | undefined;
}

/**
 * The durable-cursor rules of n8n 2.41's poll path (n8n-core's PollTriggerExecutor drives them; the server
 * supplies these hooks). Each poll works on a private copy of the node's static data ("staged"); the copy
 * becomes the persisted state only when the poll ends well: when it returns null (the executor commits the
 * cursor) or when it emits items (the execution started for them carries the staged cursor). A poll that
 * throws leaves the persisted state untouched, so the next poll repeats the same window. Reading the node's
 * static data outside a poll is an error, as on the server.
 *
 * `durable: false` is n8n 2.41's default (durable cursors off): the poll writes straight into the persisted
 * static data, so what a failed poll wrote before it failed stays.
 */
export function createPollStaging(
	persisted: IDataObject,
	options: { durable?: boolean } = {},
): PollStaging {
	const durable = options.durable ?? true;
	let committed: IDataObject = structuredClone(persisted);
	let staged: IDataObject | undefined;
	let emitted: INodeExecutionData[][] | null = null;
	let failure: Error | undefined;

	const commitStaged = () => {
		if (staged !== undefined) committed = structuredClone(staged);
	};

	return {
		hooks: {
			emit: (data) => {
				emitted = data;
				commitStaged();
			},
			emitError: (error) => {
				failure = error;
			},
			commitCursor: async () => commitStaged(),
			runPoll: async (poll) => {
				staged = durable ? structuredClone(committed) : committed;
				try {
					return await poll();
				} finally {
					staged = undefined;
				}
			},
			resolveNodeStaticData: () => {
				if (staged === undefined)
					throw new UnexpectedError('Node static data was read outside of a poll');
				return staged;
			},
		},
		committed: () => structuredClone(committed),
		emitted: () => emitted,
		failure: () => failure,
	};
}
