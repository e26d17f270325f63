/**
 * The credential's Test resolves its Base URL in an n8n expression (n8n resolves it before `authenticate` runs),
 * a second writing of `checkBaseUrl`'s rule: for every Base URL the two must name one address, or Test would
 * try another address than the runs use (a blank Base URL: runs use the default, Test had no host at all).
 * Resolved here by n8n's own expression engine, as the credential tester resolves it.
 */
import { Workflow, type INode, type INodeTypes } from 'n8n-workflow';

import { QrtracApi } from '../../../credentials/QrtracApi.credentials';
import { checkBaseUrl } from '../../../nodes/shared/connection';

const node: INode = {
	id: 'temp',
	name: 'Temp-Node',
	type: 'n8n-nodes-base.noOp',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const noTypes = {
	getByName: () => ({ description: { properties: [] } }),
	getByNameAndVersion: () => ({ description: { properties: [] } }),
	getKnownTypes: () => ({}),
} as unknown as INodeTypes;

function testAddress(baseUrl: unknown): unknown {
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: noTypes,
	});
	const expression = new QrtracApi().test.request.baseURL;
	return workflow.expression.getParameterValue(expression, null, 0, 0, node.name, [], 'internal', {
		$credentials: { baseUrl },
	});
}

it.each([
	'',
	'   ',
	undefined,
	null,
	'https://api.qrtrac.com',
	' https://api.qrtrac.com/ ',
	'https://api.qrtrac.com/api/',
	'http://127.0.0.1:5678/v1',
	'http://127.0.0.1:5678/gateway/v1',
	'https://api.example.com',
	'https://proxy.example.com/qrtrac/api//',
])('Test asks the address the runs use for the Base URL %j', (baseUrl) => {
	const checked = checkBaseUrl(baseUrl);

	expect(checked.problem).toBeUndefined();
	expect(testAddress(baseUrl)).toBe(`${checked.url}/api`);
});
