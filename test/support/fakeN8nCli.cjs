/**
 * A stand-in for n8n's CLI, for tests of the driver (scripts/n8n/realN8n.ts) without an n8n install. `start`
 * listens on N8N_PORT and answers the few REST paths the driver asks for; `execute` prints run data as
 * `--rawOutput` does. Both end as n8n 2.41.1 does when a port they need is taken: its words, exit 1. With
 * FAKE_N8N_BROKER_CLASHES=N, the first N processes in a user folder report a task-broker port clash.
 */
const { createServer } = require('node:http');
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const [command] = process.argv.slice(2);

const counter = path.join(process.env.N8N_USER_FOLDER, 'fake-n8n-processes');
const processes = existsSync(counter) ? Number(readFileSync(counter, 'utf8')) : 0;
writeFileSync(counter, String(processes + 1));
if (processes < Number(process.env.FAKE_N8N_BROKER_CLASHES ?? 0)) {
	const port = process.env.N8N_RUNNERS_BROKER_PORT;
	console.log(
		`n8n Task Broker's port ${port} is already in use. Do you have another instance of n8n running already?`,
	);
	process.exit(1);
}

if (command === 'start') {
	const port = Number(process.env.N8N_PORT);
	const server = createServer((request, response) => {
		response.writeHead(
			request.url === '/healthz/readiness' || request.url.startsWith('/rest/') ? 200 : 404,
			{
				'content-type': 'application/json',
			},
		);
		response.end(JSON.stringify({ data: {} }));
	});
	server.on('error', (error) => {
		if (error.code !== 'EADDRINUSE') throw error;
		console.log(
			`n8n's port ${port} is already in use. Do you have another instance of n8n running already?`,
		);
		process.exit(1);
	});
	server.listen(port, process.env.N8N_LISTEN_ADDRESS, () =>
		console.log(`Editor is now accessible via:\nhttp://localhost:${port}`),
	);
} else if (command === 'execute') {
	console.log('Execution was successful:');
	console.log('====================================');
	console.log(
		JSON.stringify(
			{ status: 'success', finished: true, data: { resultData: { runData: {} } } },
			null,
			2,
		),
	);
} else {
	console.log(`fake n8n: ${command} done`);
}
