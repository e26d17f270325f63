import { CredentialTestContext, ExecuteContext, RoutingNode } from 'n8n-core';
import { createRunExecutionData, Workflow } from 'n8n-workflow';
import type {
	ICredentialsDecrypted,
	ICredentialTestRequest,
	INode,
	INodeCredentialTestResult,
	INodeExecutionData,
	INodeType,
} from 'n8n-workflow';

import { buildAdditionalData } from './additionalData';
import type { HarnessCredentials } from './harnessCredentials';
import {
	credentialsHelperFor,
	HARNESS_CREDENTIAL_DETAILS,
	HARNESS_CREDENTIAL_TYPE,
} from './harnessCredentials';
import { loadPackage } from './loadedPackage';
import type { LoadedPackage } from './loadedPackage';

/** n8n tests a credential's `test` request on a copy of its No-Op node; the helper recognises that node by type. */
const TEST_NODE_TYPE = 'n8n-nodes-base.noOp';

/**
 * Tests the stored `qrtracApi` credential the way n8n's server does when the user clicks "Test" (its
 * CredentialsTester): defaults are applied to the form data, then either the credential type's declarative
 * `test` request runs through RoutingNode (which authenticates through the credentials helper, so the real
 * headers go out), or a node's `testedBy` function runs. Failures become `{ status: 'Error', message }` by
 * n8n's rules: a matching `responseCode` rule's message, else the HTTP status text, else the error.
 */
export async function testCredential(
	credentials: HarnessCredentials,
	packageDir?: string,
): Promise<INodeCredentialTestResult> {
	const loadedPackage = await loadPackage(packageDir);
	const credentialsHelper = await credentialsHelperFor(loadedPackage, credentials);
	const additionalData = buildAdditionalData(credentialsHelper, testWorkflowData(), 'internal');
	let credentialsDecrypted: ICredentialsDecrypted;
	try {
		const data = await credentialsHelper.getDecrypted(
			additionalData,
			HARNESS_CREDENTIAL_DETAILS,
			HARNESS_CREDENTIAL_TYPE,
			'internal',
		);
		credentialsDecrypted = {
			id: HARNESS_CREDENTIAL_DETAILS.id as string,
			name: HARNESS_CREDENTIAL_DETAILS.name,
			type: HARNESS_CREDENTIAL_TYPE,
			data,
		};
	} catch (error) {
		return { status: 'Error', message: (error as Error).message };
	}
	const testRequest = loadedPackage.credentialType(HARNESS_CREDENTIAL_TYPE).test;
	if (testRequest !== undefined) {
		return await runTestRequest(loadedPackage, testRequest, credentialsDecrypted, additionalData);
	}
	const testFunction = findNodeTestFunction(loadedPackage);
	if (testFunction === undefined) {
		return {
			status: 'Error',
			message: `No testing function found for credential type ${HARNESS_CREDENTIAL_TYPE}`,
		};
	}
	return await testFunction.call(new CredentialTestContext(additionalData), credentialsDecrypted);
}

async function runTestRequest(
	loadedPackage: LoadedPackage,
	testRequest: ICredentialTestRequest,
	credentialsDecrypted: ICredentialsDecrypted,
	additionalData: ReturnType<typeof buildAdditionalData>,
): Promise<INodeCredentialTestResult> {
	const testNodeType = requestTestNodeType(testRequest);
	const node: INode = {
		id: 'temp',
		name: 'Temp-Node',
		type: TEST_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { [HARNESS_CREDENTIAL_TYPE]: HARNESS_CREDENTIAL_DETAILS },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: loadedPackage.nodeTypes.withStandIns({ [TEST_NODE_TYPE]: testNodeType }),
	});
	const testNode = workflow.getNode(node.name) as INode;
	const inputItems: INodeExecutionData[] = [{ json: {} }];
	const context = new ExecuteContext(
		workflow,
		testNode,
		additionalData,
		'internal',
		createRunExecutionData(),
		0,
		inputItems,
		{ main: [inputItems] },
		{ node: testNode, data: {}, source: null },
		[],
	);
	let response: INodeExecutionData[][] | undefined;
	try {
		response = await new RoutingNode(context, testNodeType, credentialsDecrypted).runNode();
	} catch (error) {
		return failedTestResult(error, testRequest);
	}
	for (const rule of testRequest.rules ?? []) {
		if (rule.type !== 'responseSuccessBody') continue;
		const body = response?.[0]?.[0]?.json ?? {};
		if (valueAt(body, rule.properties.key) === rule.properties.value) {
			return { status: 'Error', message: rule.properties.message };
		}
	}
	return { status: 'OK', message: 'Connection successful!' };
}

/** A No-Op node whose only parameter carries the test request as its routing, as n8n builds it. */
function requestTestNodeType(testRequest: ICredentialTestRequest): INodeType {
	return {
		description: {
			displayName: 'No Operation, do nothing',
			name: 'noOp',
			group: ['organization'],
			version: 1,
			description: 'Stand-in for the credential test',
			defaults: { name: 'No Operation, do nothing' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: HARNESS_CREDENTIAL_TYPE, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: testRequest.request },
					default: '',
				},
			],
		},
	};
}

interface HttpFailure {
	cause?: { response?: { status?: number; statusText?: string }; code?: string };
	message?: string;
}

function failedTestResult(
	error: unknown,
	testRequest: ICredentialTestRequest,
): INodeCredentialTestResult {
	const { cause, message } = error as HttpFailure;
	const status = cause?.response?.status;
	if (status !== undefined) {
		for (const rule of testRequest.rules ?? []) {
			if (rule.type === 'responseCode' && rule.properties.value === status) {
				return { status: 'Error', message: rule.properties.message };
			}
		}
		if (status < 199 || status > 299) {
			return {
				status: 'Error',
				message: cause?.response?.statusText || `Received HTTP status code: ${status}`,
			};
		}
	} else if (cause?.code) {
		return { status: 'Error', message: cause.code };
	}
	return { status: 'Error', message: String(message) };
}

/** A node's `testedBy` function for the credential, when the credential type has no `test` request. */
function findNodeTestFunction(loadedPackage: LoadedPackage) {
	for (const type of loadedPackage.credentialType(HARNESS_CREDENTIAL_TYPE).supportedNodes ?? []) {
		const nodeType = loadedPackage.nodeTypes.getByNameAndVersion(
			loadedPackage.fullNodeTypeName(type),
		);
		const described = nodeType.description.credentials?.find(
			({ name }) => name === HARNESS_CREDENTIAL_TYPE,
		);
		if (typeof described?.testedBy === 'string')
			return nodeType.methods?.credentialTest?.[described.testedBy];
	}
	return undefined;
}

function valueAt(source: object, path: string): unknown {
	return path
		.split('.')
		.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], source);
}

function testWorkflowData() {
	return {
		id: 'credential-test',
		name: 'Credential test',
		active: false,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		nodes: [],
		connections: {},
		activeVersionId: null,
	};
}
