import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { holdsDomains, updateDomainPreferences } from '../../../shared/api';
import { readParameter } from '../../../shared/parameters';
import { validateParameters } from '../../../shared/validation';
import { hostName } from '../../../shared/hostName';
import { hostnameSchema } from '../../../shared/validation/hostname';
import { teamLocator } from '../../descriptions/common';
import { isBlank } from '../../helpers/qrCodeSchemas';
import { domainsFields } from '../../descriptions/team';
import { teamTargetInput, teamTargetShape } from '../../helpers/teamTarget';
import { changeTeam } from './teamChange';

const properties: INodeProperties[] = [teamLocator, ...domainsFields];

export const description = updateDisplayOptions(
	{ show: { resource: ['team'], operation: ['setDomains'] } },
	properties,
);

/** A team has a handful of domains; a long list is a pasted mistake. */
const MAX_DOMAINS = 100;

const inputSchema = z
	.object({
		...teamTargetShape,
		domains: z
			.array(hostnameSchema)
			.min(1, 'must list at least one domain')
			.max(MAX_DOMAINS, `must list at most ${MAX_DOMAINS} domains`)
			.describe('Domains'),
		// written as the domains are (hostName), so that it is found among them; blank as every optional field is
		// (isBlank: null from a JSON source, a key the item lacks), which the form says means the first domain
		defaultDomain: z
			.preprocess((value) => (isBlank(value) ? '' : value), z.string().transform(hostName))
			.describe('Default Domain'),
	})
	// The domains are valid host names, so "one of the domains" also makes the default a valid host name.
	.transform((input, ctx) => {
		const domains = [...new Set(input.domains)];
		const defaultDomain = input.defaultDomain === '' ? domains[0] : input.defaultDomain;
		if (!domains.includes(defaultDomain)) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['defaultDomain'],
				message: `must be one of the domains (${domains.join(', ')})`,
			});
			return z.NEVER;
		}
		return { teamId: input.teamId, domains, defaultDomain };
	});

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(
		this,
		inputSchema,
		{
			...teamTargetInput(this, itemIndex),
			domains: splitList(readParameter(this, 'domains', itemIndex, '')),
			defaultDomain: readParameter(this, 'defaultDomain', itemIndex, ''),
		},
		itemIndex,
	);
}

/**
 * Replaces the team's domains and its default domain; returns the team as QRTRAC holds it afterwards (an answer not
 * showing the domains is checked by a read). From 1.2 the team is read first:
 * domains that already hold (as a set) are `unchanged`, unsent.
 */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject> {
	return await changeTeam(
		this,
		{ teamId: input.teamId, itemIndex },
		{
			holds: (team) => holdsDomains(team, input),
			write: async () => await updateDomainPreferences(this, { ...input, itemIndex }),
		},
	);
}

/** "a.com, b.com" or ["a.com", "b.com"] -> trimmed entries without empty ones; anything else is left for zod to refuse. */
function splitList(raw: unknown): unknown {
	if (typeof raw === 'string') return raw.split(/[\s,;]+/).filter((entry) => entry !== '');
	return raw;
}
