import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { connectionOf } from '../shared/api';
import { forgetRefusedDate } from '../shared/serviceClock';
import { getTeams, searchTeams } from '../shared/forms/teamPickers';
import { qrtracTriggerBuilderHint } from './builderHint';
import { manualSample } from './manualSample';
import { pollCodeChanges } from './pollCodeChanges';
import { refuseGuessedPresent, runAlone } from './pollGuard';
import { pollNewScans } from './pollNewScans';
import { TRIGGER_VERSIONS, triggerProperties } from './properties';
import { readSettings } from './settings';

/** Polls QRTRAC for code changes or new scans; docs/trigger.md describes the cursor and the cost per poll. */
export class QrtracTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'QRTRAC Trigger',
		name: 'qrtracTrigger',
		icon: { light: 'file:qrtrac.svg', dark: 'file:qrtrac.dark.svg' },
		group: ['trigger'],
		version: TRIGGER_VERSIONS,
		defaultVersion: TRIGGER_VERSIONS[TRIGGER_VERSIONS.length - 1],
		subtitle: '={{ $parameter["triggerOn"] === "newScans" ? "New Scans" : "Code Changes" }}',
		// n8n's node panel merges this trigger into the QRTRAC entry and shows the trigger's description above all
		// of QRTRAC's actions and triggers, so it describes the whole app, not only the trigger.
		description:
			'Create, manage and track dynamic QR codes with QRTRAC, and start workflows when codes change or are scanned',
		defaults: { name: 'QRTRAC Trigger' },
		polling: true,
		builderHint: qrtracTriggerBuilderHint,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'qrtracApi', required: true }],
		properties: triggerProperties,
	};

	methods = { listSearch: { searchTeams }, loadOptions: { getTeams } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const settings = readSettings(this, (await connectionOf(this)).baseUrl);
		if (this.getMode() === 'manual') return await manualSample(this, settings);
		const key = `${this.getWorkflow().id ?? ''} ${this.getNode().id}`;
		const outcome = await runAlone(key, Date.now(), async (claim) => {
			// n8n may keep one context for every poll of an activation: only this poll's answers count (cleared
			// here, not before: a poll skipped while another runs must not erase the running one's record)
			forgetRefusedDate(this);
			const poll = settings.triggerOn === 'newScans' ? pollNewScans : pollCodeChanges;
			return await poll(this, settings, claim).catch((error: unknown) => {
				// a poll that read by a guessed present may fail on it (a time "ahead"): the clocks are the cause
				refuseGuessedPresent(this);
				throw error;
			});
		});
		if (outcome.ran) return outcome.result;
		this.logger.warn(
			`QRTRAC Trigger: a poll of this trigger has been under way for ${Math.round(outcome.heldSinceMs / 1000)} s; this one is skipped and the next one continues from where it ends`,
		);
		return null;
	}
}
