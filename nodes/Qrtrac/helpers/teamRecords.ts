/**
 * Records of the teams a run touches (members, codes), read ONCE per execution and kept current as the run
 * writes. Teams are read in parallel; a team that could not be read fails only the items that need it: its
 * read error is thrown when the team is asked for.
 */
export class TeamRecords<V> {
	private readonly teams = new Map<string, Map<string, V>>();
	private readonly failures = new Map<string, unknown>();

	/** Reads each team once; `teamItems` maps a team to the first item needing it, named in the error of a failed read. */
	static async read<V>(
		teamItems: Map<string, number>,
		readTeam: (teamId: string, itemIndex: number) => Promise<Map<string, V>>,
	): Promise<TeamRecords<V>> {
		const records = new TeamRecords<V>();
		await Promise.all(
			[...teamItems].map(async ([teamId, itemIndex]) => {
				try {
					records.teams.set(teamId, await readTeam(teamId, itemIndex));
				} catch (error) {
					records.failures.set(teamId, error);
				}
			}),
		);
		return records;
	}

	/** The team's records by key, undefined when the team was not read; throws the read error of a failed team. */
	team(teamId: string): Map<string, V> | undefined {
		const failure = this.failures.get(teamId);
		if (failure) throw failure;
		return this.teams.get(teamId);
	}

	/** Records what this run wrote, so that later items see it. */
	set(teamId: string, key: string, value: V): void {
		const team = this.teams.get(teamId) ?? new Map<string, V>();
		team.set(key, value);
		this.teams.set(teamId, team);
	}
}

/** Runs tasks one after another per key (one person, one Display ID), in the order they were queued. */
export class KeyedQueue {
	private readonly queues = new Map<string, Promise<unknown>>();

	async run<T>(key: string, task: () => Promise<T>): Promise<T> {
		const previous = this.queues.get(key) ?? Promise.resolve();
		const current = previous.then(task, task);
		this.queues.set(
			key,
			current.catch(() => undefined),
		);
		return await current;
	}
}
