import type { ImportedCredential } from '../scripts/n8n/realN8n';
import type { Simulator } from '../simulator';
import type { CredentialRef } from './workflows';

/** A team made for one job: its own rate-limit bucket and quota, an owner API client, and credentials for both nodes. */
export interface BenchTeam {
	teamId: string;
	rate: number;
	/** `qrtracApi` credential (QRTRAC node). */
	qrtrac: CredentialRef;
	/** `httpCustomAuth` credential with the three QRTRAC headers (HTTP Request node). */
	httpHeaders: CredentialRef;
	/** Both credentials, decrypted, for `n8n import:credentials`. */
	credentials: ImportedCredential[];
}

/** Plan names the credential offers for a rate; any other rate is a custom plan. */
const PLAN_BY_RATE: Readonly<Record<number, string>> = {
	5: 'Business Plus',
	20: 'Legendary',
	50: 'Agency',
	100: 'Premium',
	200: 'Enterprise',
};

/**
 * Creates jobs' teams in one organization of the simulator. Every team is new, so each job starts with an
 * empty rate window history and an empty quota; the team's plan is set in the simulator and in the credential
 * alike (a named plan when the rate is one, else "custom" with that rate).
 */
export class BenchTeams {
	private readonly orgId: string;
	private count = 0;

	constructor(private readonly simulator: Simulator) {
		this.orgId = simulator.state.createOrganization(
			'Benchmark',
			{ name: 'Bench Owner', email: 'bench@qrtrac.local' },
			'Bench',
		).org.id;
	}

	create(label: string, rate: number, quota: number): BenchTeam {
		const index = ++this.count;
		const team = this.simulator.state.createTeam(this.orgId, `${label} (${index})`);
		const client = this.simulator.state.addApiClient(this.orgId, 'owner', team.id);
		this.simulator.setPlan(rate, team.id);
		this.simulator.state.setQuota(quota, team.id);
		const plan = PLAN_BY_RATE[rate];
		const qrtrac = { id: `benchQrtrac${index}`, name: `QRTRAC bench ${index}` };
		const httpHeaders = { id: `benchHeaders${index}`, name: `QRTRAC headers bench ${index}` };
		const headers = {
			'x-request-team-id': team.id,
			'x-request-client-id': client.clientId,
			'x-request-client-secret': client.clientSecret,
		};
		return {
			teamId: team.id,
			rate,
			qrtrac,
			httpHeaders,
			credentials: [
				{
					...qrtrac,
					type: 'qrtracApi',
					data: {
						baseUrl: this.simulator.url,
						teamId: team.id,
						clientId: client.clientId,
						clientSecret: client.clientSecret,
						plan: plan ?? 'custom',
						...(plan ? {} : { customRatePerSecond: rate }),
					},
				},
				{ ...httpHeaders, type: 'httpCustomAuth', data: { json: JSON.stringify({ headers }) } },
			],
		};
	}
}
