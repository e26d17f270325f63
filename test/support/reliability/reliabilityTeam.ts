import { randomBytes } from 'node:crypto';

import { startSimulator, type Simulator, type SimulatorOptions } from '../../../simulator';
import type { HarnessCredentials } from '../n8nHarness';

/**
 * A simulator whose every answered request is also kept as a log line (to scan for secrets), and fresh teams
 * with DISTINCTIVE secrets: the secret scan looks for exact strings, so they must be unmistakable
 * (`sk_live_SECRET_<random>`), unlike anything else a run could print.
 */
export interface ReliabilitySimulator {
	sim: Simulator;
	orgId: string;
	/** Lines the simulator logged (one per answered request, plus internal errors). */
	logLines: string[];
}

/** The credential fields the reliability suites set (timeoutSeconds is a credential field the harness passes through). */
export type ReliabilityCredentials = HarnessCredentials & { timeoutSeconds?: number };

export interface ReliabilityTeam {
	teamId: string;
	credentials: ReliabilityCredentials;
	/** Client secret and API key of this team, the strings no output may contain. */
	secrets: string[];
}

export async function startReliabilitySimulator(
	options: { latencyMs?: number } & Pick<SimulatorOptions, 'resetFormat' | 'limitWindow'> = {},
): Promise<ReliabilitySimulator> {
	const logLines: string[] = [];
	const sim = await startSimulator({
		plan: 'Enterprise',
		...options,
		latencyMs: options.latencyMs ?? 0,
		log: (line) => logLines.push(line),
	});
	const orgId = sim.state.team(sim.credentials.teamId)?.orgId;
	if (!orgId) throw new Error('the seeded demo organization is missing');
	return { sim, orgId, logLines };
}

/**
 * A new team of the demo organization on a plan of `ratePerSecond`, with an owner API client and a v1 key
 * whose secrets are distinctive; the credential paces to the same rate and times out after `timeoutSeconds`.
 */
export function createReliabilityTeam(
	env: ReliabilitySimulator,
	name: string,
	options: { ratePerSecond: number; timeoutSeconds?: number },
): ReliabilityTeam {
	const { sim, orgId } = env;
	const team = sim.state.createTeam(orgId, name);
	sim.setPlan(options.ratePerSecond, team.id);
	const clientId = `cl_reliability_${randomBytes(6).toString('hex')}`;
	const clientSecret = `sk_live_SECRET_${randomBytes(12).toString('hex')}`;
	const apiKey = `qrt_live_APIKEY_${randomBytes(12).toString('hex')}`;
	sim.state.clients.set(clientId, {
		clientId,
		clientSecret,
		orgId,
		role: 'owner',
		defaultTeamId: team.id,
	});
	sim.state.apiKeys.set(apiKey, { key: apiKey, orgId, teamId: team.id });
	return {
		teamId: team.id,
		secrets: [clientSecret, apiKey],
		credentials: {
			baseUrl: sim.url,
			teamId: team.id,
			clientId,
			clientSecret,
			apiKey,
			plan: 'custom',
			customRatePerSecond: options.ratePerSecond,
			...(options.timeoutSeconds === undefined ? {} : { timeoutSeconds: options.timeoutSeconds }),
		},
	};
}
