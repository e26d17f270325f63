import { getAdditionalKeys } from 'n8n-core';
import {
	ICredentials,
	ICredentialsHelper,
	isExpression,
	NodeHelpers,
	UnexpectedError,
	Workflow,
} from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsEncrypted,
	ICredentialsExpressionResolveValues,
	IExecuteData,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	INodeType,
	IRequestOptionsSimplified,
	IWorkflowDataProxyAdditionalKeys,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import type { LoadedPackage } from './loadedPackage';

/** Node the helper resolves credential expressions against when no node context exists, as n8n does. */
const CREDENTIAL_EXPRESSION_NODE: INode = {
	id: 'credential-expressions',
	name: '',
	type: 'harness.credentialExpressions',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const CREDENTIAL_EXPRESSION_NODE_TYPE = { description: { properties: [] } } as unknown as INodeType;

/** One stored credential: its reference as nodes carry it, its type, and its (plain) data. */
export interface StoredCredential {
	details: INodeCredentialsDetails;
	type: string;
	data: ICredentialDataDecryptedObject;
}

/**
 * A stored credential record. n8n keeps `data` encrypted at rest; the harness keeps it as JSON text, which
 * nodes cannot tell apart (they only ever see the decrypted object), and each read returns a fresh copy.
 */
class StoredCredentials extends ICredentials {
	async getData(): Promise<ICredentialDataDecryptedObject> {
		return JSON.parse(this.data ?? '{}') as ICredentialDataDecryptedObject;
	}

	getDataToSave(): ICredentialsEncrypted {
		return { id: this.id, name: this.name, type: this.type, data: this.data };
	}

	async setData(data: ICredentialDataDecryptedObject): Promise<void> {
		this.data = JSON.stringify(data);
	}

	async updateData(
		toUpdate: ICredentialDataDecryptedObject,
		toDelete: string[] = [],
	): Promise<void> {
		const updated = { ...(await this.getData()), ...toUpdate };
		for (const key of toDelete) delete updated[key];
		await this.setData(updated);
	}
}

/**
 * The credentials helper n8n-core calls for every authenticated request, rebuilt on the rules of n8n's own
 * (server-side) CredentialsHelper: `getDecrypted` fills property defaults and resolves expressions, `authenticate` applies the credential
 * type's `authenticate` (function form called as-is, generic form resolved with `$credentials`), and
 * `preAuthentication` refreshes only credentials with an expirable hidden property.
 */
export class HarnessCredentialsHelper extends ICredentialsHelper {
	private readonly storedById = new Map<string, StoredCredentials>();

	private constructor(private readonly loadedPackage: LoadedPackage) {
		super();
	}

	static async create(
		loadedPackage: LoadedPackage,
		stored: StoredCredential[],
	): Promise<HarnessCredentialsHelper> {
		const helper = new HarnessCredentialsHelper(loadedPackage);
		for (const credential of stored)
			await helper.store(credential.details, credential.type, credential.data);
		return helper;
	}

	getParentTypes(name: string): string[] {
		const parents = this.loadedPackage.findCredentialType(name)?.extends ?? [];
		return parents.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	}

	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		const type = this.loadedPackage.findCredentialType(credentialType);
		if (type?.restrictToSupportedNodes !== true) return true;
		const shortName = nodeType.slice(nodeType.lastIndexOf('.') + 1);
		return (type.supportedNodes ?? []).some(
			(supported) => supported === nodeType || supported === shortName,
		);
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		incomingRequestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow: Workflow,
		node: INode,
	): Promise<IHttpRequestOptions> {
		const requestOptions = incomingRequestOptions as IHttpRequestOptions;
		const { authenticate } = this.loadedPackage.credentialType(typeName);
		if (authenticate === undefined) return requestOptions;
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		requestOptions.headers ??= {};
		if (authenticate.type !== 'generic') return requestOptions;
		const target = requestOptions as unknown as Record<string, Record<string, unknown> | undefined>;
		for (const [section, entries] of Object.entries(authenticate.properties)) {
			const resolvedSection = (target[section] ??= {});
			for (const [key, value] of Object.entries(entries as Record<string, unknown>)) {
				const keys = { $credentials: credentials };
				resolvedSection[this.resolveValue(key, keys, workflow, node)] = this.resolveValue(
					value,
					keys,
					workflow,
					node,
				);
			}
		}
		return requestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const credentialType = this.loadedPackage.credentialType(typeName);
		const expirable = credentialType.properties.find(
			(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
		);
		if (expirable === undefined || typeof credentialType.preAuthentication !== 'function')
			return undefined;
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;
		const output = await credentialType.preAuthentication.call(helpers, credentials);
		if (output[expirable.name] === undefined || node.credentials === undefined) return undefined;
		const refreshed = Object.assign(credentials, output);
		await this.updateCredentials(node.credentials[typeName], typeName, refreshed);
		return refreshed;
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const { preAuthentication } = this.loadedPackage.credentialType(typeName);
		if (typeof preAuthentication !== 'function') return undefined;
		return (await preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject;
	}

	async getCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<StoredCredentials> {
		const stored =
			nodeCredentials.id === null ? undefined : this.storedById.get(nodeCredentials.id);
		if (stored === undefined || stored.type !== type) {
			throw new UnexpectedError(
				`Credential "${nodeCredentials.name}" of type "${type}" is not stored in the harness`,
			);
		}
		return stored;
	}

	async getDecrypted(
		additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		raw?: boolean,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const original = await (await this.getCredentials(nodeCredentials, type)).getData();
		if (raw === true) return original;
		const withDefaults = NodeHelpers.getNodeParameters(
			this.getCredentialsProperties(type),
			original as INodeParameters,
			true,
			false,
			null,
			null,
		) as ICredentialDataDecryptedObject;
		const additionalKeys = getAdditionalKeys(additionalData, mode, null);
		if (expressionResolveValues) {
			const { workflow, runExecutionData, runIndex, itemIndex, node, connectionInputData } =
				expressionResolveValues;
			return workflow.expression.getParameterValue(
				withDefaults as INodeParameters,
				runExecutionData,
				runIndex,
				itemIndex,
				node.name,
				connectionInputData,
				mode,
				additionalKeys,
				executeData,
				false,
				withDefaults,
			) as ICredentialDataDecryptedObject;
		}
		const workflow = new Workflow({
			nodes: [CREDENTIAL_EXPRESSION_NODE],
			connections: {},
			active: false,
			nodeTypes: this.loadedPackage.nodeTypes.withStandIns({
				[CREDENTIAL_EXPRESSION_NODE.type]: CREDENTIAL_EXPRESSION_NODE_TYPE,
			}),
		});
		return workflow.expression.getComplexParameterValue(
			CREDENTIAL_EXPRESSION_NODE,
			withDefaults as INodeParameters,
			mode,
			additionalKeys,
			undefined,
			undefined,
			withDefaults,
		) as ICredentialDataDecryptedObject;
	}

	async updateCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		await this.store(nodeCredentials, type, data);
	}

	async updateCredentialsOauthTokenData(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		const current = await (await this.getCredentials(nodeCredentials, type)).getData();
		await this.store(nodeCredentials, type, { ...current, oauthTokenData: data.oauthTokenData });
	}

	/** The type's properties, parents' first, as the credential form (and thus the defaults) sees them. */
	getCredentialsProperties(type: string): INodeProperties[] {
		const credentialType = this.loadedPackage.credentialType(type);
		if (credentialType.extends === undefined) return credentialType.properties;
		const combined: INodeProperties[] = [];
		for (const parent of credentialType.extends) {
			NodeHelpers.mergeNodeProperties(combined, this.getCredentialsProperties(parent));
		}
		NodeHelpers.mergeNodeProperties(combined, credentialType.properties);
		return combined;
	}

	private async store(
		details: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	) {
		if (details.id === null) throw new UnexpectedError('A stored credential needs an id');
		const credentials = new StoredCredentials(details, type);
		await credentials.setData(data);
		this.storedById.set(details.id, credentials);
	}

	private resolveValue(
		value: unknown,
		additionalKeys: IWorkflowDataProxyAdditionalKeys,
		workflow: Workflow,
		node: INode,
	): string {
		if (!isExpression(value)) return value as string;
		const resolved = workflow.expression.getSimpleParameterValue(
			node,
			value,
			'internal',
			additionalKeys,
			undefined,
			'',
		);
		return resolved ? resolved.toString() : '';
	}
}
