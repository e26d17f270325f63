/**
 * A stand-in for n8n's CLI, for tests of the driver (scripts/n8n/realN8n.ts) without an n8n install. Every
 * command first listens on N8N_RUNNERS_BROKER_PORT, as n8n's task broker does; `start` then listens on
 * N8N_PORT and answers the few REST paths the driver asks for; `execute` prints run data as `--rawOutput`
 * does; `worker` listens on QUEUE_HEALTH_CHECK_PORT and answers /healthz/readiness. Once listening, `start`
 * and `worker` say so in n8n 2.41.1's words (the worker: its server's port, then that it is ready). A port that cannot be bound ends the process as n8n does: its
 * words, exit 1. So a clash happens only when another process really holds the port it was given. With
 * FAKE_N8N_BROKER_AFTER_RUN=1, `execute` prints its run data before it binds the broker port (a process that
 * ran its workflow, then failed). With FAKE_N8N_WORKER_READY_FIRST=1, `worker` says it is ready 1.5 s before its
 * health server listens, as n8n 1.x does. Each process appends the broker port it was given to `fake-n8n-processes`
 * in the user folder.
 */
const { createServer } = require('node:net');
const { createServer: createHttpServer } = require('node:http');
const { appendFileSync } = require('node:fs');
const path = require('node:path');

const [command] = process.argv.slice(2);
const brokerPort = Number(process.env.N8N_RUNNERS_BROKER_PORT);
const address = process.env.N8N_RUNNERS_BROKER_LISTEN_ADDRESS;
appendFileSync(path.join(process.env.N8N_USER_FOLDER, 'fake-n8n-processes'), `${brokerPort}\n`);

/** Listens on `port` as n8n would, or ends the process with n8n's words when another process holds it. */
function bind(server, port, host, clashMessage) {
	return new Promise((resolve) => {
		server.on('error', (error) => {
			if (error.code !== 'EADDRINUSE') throw error;
			console.log(clashMessage);
			process.exit(1);
		});
		server.listen(port, host, () => resolve(server));
	});
}

function bindBroker() {
	return bind(
		createServer((socket) => socket.destroy()),
		brokerPort,
		address,
		`n8n Task Broker's port ${brokerPort} is already in use. Do you have another instance of n8n running already?`,
	);
}

function printRunData() {
	console.log('Execution was successful:');
	console.log('====================================');
	console.log(
		JSON.stringify(
			{ status: 'success', finished: true, data: { resultData: { runData: {} } } },
			null,
			2,
		),
	);
}

async function main() {
	if (command === 'execute' && process.env.FAKE_N8N_BROKER_AFTER_RUN === '1') {
		printRunData();
		(await bindBroker()).close();
		return;
	}
	const broker = await bindBroker();
	if (command === 'start') {
		const port = Number(process.env.N8N_PORT);
		const server = createHttpServer((request, response) => {
			response.writeHead(
				request.url === '/healthz/readiness' || request.url.startsWith('/rest/') ? 200 : 404,
				{ 'content-type': 'application/json' },
			);
			response.end(JSON.stringify({ data: {} }));
		});
		await bind(
			server,
			port,
			process.env.N8N_LISTEN_ADDRESS,
			`n8n's port ${port} is already in use. Do you have another instance of n8n running already?`,
		);
		console.log(`Editor is now accessible via:\nhttp://localhost:${port}`);
		return;
	}
	if (command === 'worker') {
		// queue mode's worker: its health server on QUEUE_HEALTH_CHECK_PORT, refused in 2.41.1's words
		const port = Number(process.env.QUEUE_HEALTH_CHECK_PORT);
		const server = createHttpServer((request, response) => {
			response.writeHead(request.url === '/healthz/readiness' ? 200 : 404);
			response.end('{}');
		});
		// n8n 1.x says the worker is ready before its health server listens (worker.js), 2.x after
		const readyFirst = process.env.FAKE_N8N_WORKER_READY_FIRST === '1';
		if (readyFirst) {
			console.log('\nn8n worker is now ready');
			await new Promise((resolve) => setTimeout(resolve, 1_500));
		}
		await bind(
			server,
			port,
			'127.0.0.1',
			`Port ${port} is already in use, possibly by the n8n main process server. Please set a different port for the worker server.`,
		);
		console.log(`\nn8n worker server listening on port ${port}`);
		if (!readyFirst) console.log('\nn8n worker is now ready');
		return;
	}
	if (command === 'execute') printRunData();
	else console.log(`fake n8n: ${command} done`);
	broker.close();
}

void main();
