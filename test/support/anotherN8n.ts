import { createServer as createHttpServer, type Server } from 'node:http';

import { freePort } from '../../scripts/n8n/instanceEnv';

/**
 * Another n8n (another test run's) on a free port: it answers the readiness check, the REST API and the owner
 * set-up as the driver's own n8n would, and records the requests it was sent. The caller closes `server`.
 */
export async function occupyWithAnotherN8n(): Promise<{
	port: number;
	requests: string[];
	server: Server;
}> {
	const port = await freePort();
	const requests: string[] = [];
	const server = createHttpServer((request, response) => {
		requests.push(`${request.method} ${request.url}`);
		request.resume();
		response.writeHead(200, { 'content-type': 'application/json' });
		response.end(JSON.stringify({ data: {} }));
	});
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
	return { port, requests, server };
}
