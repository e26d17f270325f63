import type {
	ICredentialDataDecryptedObject,
	INodeCredentials,
	INodeCredentialsDetails,
} from 'n8n-workflow';

import { HarnessCredentialsHelper } from './credentialsHelper';
import type { LoadedPackage } from './loadedPackage';

/** What a test knows about a QRTRAC account; stored as credential type `qrtracApi`. */
export interface HarnessCredentials {
	baseUrl: string;
	teamId?: string;
	clientId?: string;
	clientSecret?: string;
	apiKey?: string;
	plan?: string;
	customRatePerSecond?: number;
}

export const HARNESS_CREDENTIAL_TYPE = 'qrtracApi';

/** The reference a node carries, like `node.credentials.qrtracApi` in a saved workflow. */
export const HARNESS_CREDENTIAL_DETAILS: INodeCredentialsDetails = {
	id: 'harness-qrtrac-credential',
	name: 'QRTRAC account (harness)',
};

/** Undefined fields are left out so the credential type's defaults apply, as for a form left blank. */
function toCredentialData(credentials: HarnessCredentials): ICredentialDataDecryptedObject {
	const data: ICredentialDataDecryptedObject = {};
	for (const [key, value] of Object.entries(credentials))
		if (value !== undefined) data[key] = value;
	return data;
}

/** A helper holding the test's credentials (or none, to exercise a node without credentials). */
export async function credentialsHelperFor(
	loadedPackage: LoadedPackage,
	credentials: HarnessCredentials | undefined,
	more: Record<string, HarnessCredentials> = {},
): Promise<HarnessCredentialsHelper> {
	const stored = credentials
		? [
				{
					details: HARNESS_CREDENTIAL_DETAILS,
					type: HARNESS_CREDENTIAL_TYPE,
					data: toCredentialData(credentials),
				},
			]
		: [];
	for (const [id, other] of Object.entries(more))
		stored.push({
			details: moreCredentialDetails(id),
			type: HARNESS_CREDENTIAL_TYPE,
			data: toCredentialData(other),
		});
	return await HarnessCredentialsHelper.create(loadedPackage, stored);
}

/** The reference a node carries to one of the execution's further credentials (ExecutionOptions.moreCredentials). */
export function moreCredentialDetails(id: string): INodeCredentialsDetails {
	return { id, name: `QRTRAC account ${id} (harness)` };
}

/** Node credential references for the credential types the node declares, when the test gave credentials. */
export function nodeCredentialsFor(
	declaredTypes: string[],
	credentials: HarnessCredentials | undefined,
): INodeCredentials | undefined {
	if (!credentials || !declaredTypes.includes(HARNESS_CREDENTIAL_TYPE)) return undefined;
	return { [HARNESS_CREDENTIAL_TYPE]: HARNESS_CREDENTIAL_DETAILS };
}
