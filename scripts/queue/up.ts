import { startSimulator } from '../../simulator';
import { exitOnSignals } from '../n8n/childProcesses';
import { qrtracCredential } from '../n8n/credentials';
import { DEFAULT_OWNER } from '../n8n/n8nRest';
import { QueueCluster } from './queueCluster';
import { bulkCreateWorkflow, triggerWorkflow } from './workflows';

/**
 * `npm run queue [-- --workers 2]`: n8n in queue mode on this machine, left running to try by hand.
 * PostgreSQL, Redis, an n8n 2.41.1 main instance and N workers (each with this package installed from its
 * tarball), the QRTRAC simulator beside them with a ready credential, and two published workflows: a bulk
 * create started by POST /webhook/bulk-create `{"rows":[{"name","url"}]}` and the QRTRAC Trigger. Ctrl-C
 * stops everything this started.
 */
async function main(): Promise<void> {
	const argv = process.argv.slice(2);
	const flag = argv.indexOf('--workers');
	const workers = flag >= 0 ? Number(argv[flag + 1]) : 2;
	if (!Number.isInteger(workers) || workers < 1 || workers > 8)
		throw new Error('--workers must be an integer from 1 to 8');
	const log = (line: string) => process.stderr.write(`[queue] ${line}\n`);

	const sim = await startSimulator({ plan: 'Legendary', latencyMs: 20 });
	const running: { cluster?: QueueCluster } = {};
	exitOnSignals(async () => {
		await running.cluster?.stop();
		await sim.close();
	});
	const cluster = await QueueCluster.create({ workers, log });
	running.cluster = cluster;
	await cluster.importCredentials([
		qrtracCredential({ url: sim.url, ...sim.credentials }, { plan: 'Legendary' }),
	]);
	const ids = await cluster.importWorkflows([bulkCreateWorkflow('bulk-create'), triggerWorkflow()]);
	for (const id of ids) await cluster.publishWorkflow(id);
	await cluster.start();
	log(`simulator: ${sim.url} (team ${sim.credentials.teamId}, plan Legendary, 20 requests/s)`);
	log(`n8n editor: ${cluster.baseUrl} (owner ${DEFAULT_OWNER.email} / ${DEFAULT_OWNER.password})`);
	log(
		`start a bulk run: curl -X POST ${cluster.baseUrl}/webhook/bulk-create -H 'content-type: application/json' -d '{"rows":[{"name":"a","url":"https://example.com/a"}]}'`,
	);
	log('Ctrl-C stops n8n, the workers, Redis, PostgreSQL and the simulator.');
}

main().catch((error: Error) => {
	process.stderr.write(`[queue] failed: ${error.message}\n`);
	process.exit(1);
});
