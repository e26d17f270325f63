import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { PackageDirectoryLoader } from 'n8n-core';
import { NodeHelpers, UserError } from 'n8n-workflow';
import type {
	ICredentialType,
	IDataObject,
	INodeType,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';

import { prepareEngineEnvironment } from './engineEnvironment';

/** The repository root: its package.json `n8n` section lists the built (dist/) nodes and credentials. */
export const REPOSITORY_ROOT = resolve(__dirname, '..', '..', '..');

/** One community package as n8n loads it, plus the lookups the harness needs. */
export interface LoadedPackage {
	directory: string;
	packageName: string;
	/** Node types keyed by full type name (`<package>.<node>`), as n8n-core's engine asks for them. */
	nodeTypes: PackageNodeTypes;
	/** `qrtrac` or `n8n-nodes-qrtrac.qrtrac` -> `n8n-nodes-qrtrac.qrtrac`; throws for unknown nodes. */
	fullNodeTypeName(name: string): string;
	/** The version the editor gives a newly added node. */
	newestVersion(name: string): number;
	/** Throws for a type the package does not define. */
	credentialType(name: string): ICredentialType;
	findCredentialType(name: string): ICredentialType | undefined;
}

/**
 * Serves a loader's nodes under their full names, the way n8n's NodeTypes does for an installed community
 * package, and lets a caller add stand-in types (n8n adds a stand-in node for credential tests the same way).
 */
export class PackageNodeTypes implements INodeTypes {
	constructor(
		private readonly packageName: string,
		private readonly loader: PackageDirectoryLoader,
		private readonly standIns: Record<string, INodeType> = {},
	) {}

	withStandIns(standIns: Record<string, INodeType>): PackageNodeTypes {
		return new PackageNodeTypes(this.packageName, this.loader, { ...this.standIns, ...standIns });
	}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		if (nodeType in this.standIns) return this.standIns[nodeType];
		const prefix = `${this.packageName}.`;
		if (!nodeType.startsWith(prefix)) throw new UserError(`Unrecognized node type: ${nodeType}`);
		return this.loader.getNode(nodeType.slice(prefix.length)).type;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(nodeType), version);
	}

	getKnownTypes(): IDataObject {
		return this.loader.known.nodes as unknown as IDataObject;
	}
}

const loadedPackages = new Map<string, Promise<LoadedPackage>>();

/**
 * Loads a package directory with n8n-core's PackageDirectoryLoader (reads package.json `n8n`, requires the
 * listed files, adds n8n's special parameters such as Poll Times). Cached per directory, so a test file pays
 * the load once. Every harness entry point starts here, so this is also where n8n-core's environment is set,
 * before the loader builds n8n-core's first service.
 */
export async function loadPackage(directory: string = REPOSITORY_ROOT): Promise<LoadedPackage> {
	prepareEngineEnvironment();
	const absoluteDirectory = resolve(directory);
	let loaded = loadedPackages.get(absoluteDirectory);
	if (!loaded) {
		loaded = readPackage(absoluteDirectory);
		loadedPackages.set(absoluteDirectory, loaded);
		loaded.catch(() => loadedPackages.delete(absoluteDirectory));
	}
	return await loaded;
}

async function readPackage(directory: string): Promise<LoadedPackage> {
	assertBuilt(directory);
	const loader = new PackageDirectoryLoader(directory);
	await loader.loadAll();
	const { packageName } = loader;
	return {
		directory,
		packageName,
		nodeTypes: new PackageNodeTypes(packageName, loader),
		fullNodeTypeName(name: string) {
			const shortName = name.startsWith(`${packageName}.`)
				? name.slice(packageName.length + 1)
				: name;
			if (!(shortName in loader.nodeTypes)) {
				const known = Object.keys(loader.nodeTypes).join(', ');
				throw new UserError(`Node "${name}" is not in package ${packageName} (it has: ${known})`);
			}
			return `${packageName}.${shortName}`;
		},
		newestVersion(name: string) {
			const { type } = loader.getNode(name.slice(name.lastIndexOf('.') + 1));
			if ('nodeVersions' in type) return type.currentVersion;
			const { version } = type.description;
			return Array.isArray(version) ? Math.max(...version) : version;
		},
		credentialType(name: string) {
			return loader.getCredential(name).type;
		},
		findCredentialType(name: string) {
			return loader.credentialTypes[name]?.type;
		},
	};
}

/** A missing build would otherwise surface as an obscure `require` failure deep inside the loader. */
function assertBuilt(directory: string): void {
	const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as {
		n8n?: { nodes?: string[]; credentials?: string[] };
	};
	const listed = [...(manifest.n8n?.nodes ?? []), ...(manifest.n8n?.credentials ?? [])];
	const missing = listed.filter((file) => !existsSync(join(directory, file)));
	if (missing.length > 0) {
		throw new UserError(
			`Package in ${directory} is not built (missing ${missing.join(', ')}); run \`npm run build\``,
		);
	}
}
