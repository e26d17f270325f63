/**
 * What the QR code forms send (issue 25, items 3, 7 and 8), through n8n's engine against the simulator: an
 * essential field given in Other API Fields (JSON), or required on the form from 1.1 (requiredFields.unit.test.ts); Scan Rules of 1.2 (each rule's settings under its switch)
 * sending the same `settings` as the 1.1 collection. Each type's essential fields and the one-error naming of
 * every refused field are unit tests of Create's `parse` (create.unit.test.ts).
 */
import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Qrtrac } from '../../../../nodes/Qrtrac/Qrtrac.node';
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();

async function create(parameters: Record<string, unknown>, more: { typeVersion?: number } = {}) {
	return await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: { resource: 'qrCode', operation: 'create', ...parameters },
		...more,
	});
}

describe('Create: essential fields of a type', () => {
	it('takes an essential field from Other API Fields (JSON) as given (nodes saved with the first layout)', async () => {
		const result = await create(
			{
				qrType: 'COUPON_CODE',
				name: 'From JSON',
				additionalFieldsJson: '{"metadata": {"couponCode": "JSON5", "discount": "5%"}}',
			},
			{ typeVersion: 1 },
		);

		expect(result.error).toBeUndefined();
		expect(suite.sim.requestLog[0].body).toMatchObject({
			metadata: { couponCode: 'JSON5', discount: '5%' },
		});
	});

	it('from 1.1 the form requires a single essential field: n8n flags it before a run; the JSON still wins over it', async () => {
		const json = '{"metadata": {"couponCode": "JSON5", "discount": "5%"}}';
		await expect(
			create({ qrType: 'COUPON_CODE', options: { additionalFieldsJson: json } }),
		).rejects.toThrow(
			/Parameter "Coupon Code" is required\.\n- Parameter "Discount" is required\./,
		);
		expect(suite.sim.requestLog).toEqual([]);

		const result = await create({
			qrType: 'COUPON_CODE',
			couponCode: 'FORM10',
			couponDiscount: '10%',
			options: { additionalFieldsJson: json },
		});

		expect(result.error).toBeUndefined();
		expect(suite.sim.requestLog[0].body).toMatchObject({
			metadata: { couponCode: 'JSON5', discount: '5%' },
		});
	});
});

describe('Scan Rules', () => {
	const settings = {
		passwordEnabled: true,
		password: 'secret',
		ageGating: true,
		minAge: 21,
		scheduleCampaign: true,
		campaignStart: 1704067200000,
		campaignEnd: 1735689600000,
		locationEnabled: true,
	};
	const web = { qrType: 'WEB', qrRedirectUrl: 'https://example.com/rules' };

	it('1.2 (a group per rule) sends exactly the settings of the 1.1 collection', async () => {
		const old = await create({ ...web, settings }, { typeVersion: 1.1 });
		const grouped = await create({
			...web,
			scanRules: {
				password: { passwordEnabled: true, password: 'secret' },
				ageGate: { ageGating: true, minAge: 21 },
				campaign: {
					scheduleCampaign: true,
					campaignStart: 1704067200000,
					campaignEnd: 1735689600000,
				},
				location: { locationEnabled: true },
			},
		});

		expect(old.error).toBeUndefined();
		expect(grouped.error).toBeUndefined();
		const bodies = suite.sim.requestLog.map(
			(entry) => (entry.body as { settings: unknown }).settings,
		);
		expect(bodies).toEqual([settings, settings]);
	});

	it('reads what a group leaves out as the form shows it: the switch on, Minimum Age 18', async () => {
		const result = await create({ ...web, scanRules: { ageGate: {}, location: {} } });

		expect(result.error).toBeUndefined();
		expect((suite.sim.requestLog[0].body as { settings: unknown }).settings).toEqual({
			ageGating: true,
			minAge: 18,
			locationEnabled: true,
		});
	});

	it('Update turns a rule off with its switch; its hidden setting is not sent (the stored one stays)', async () => {
		const code = suite.sim.state.createQr(suite.credentials.teamId!, {
			...web,
			settings: { passwordEnabled: true, password: 'old' },
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			parameters: {
				resource: 'qrCode',
				operation: 'update',
				qrCodeId: { __rl: true, mode: 'id', value: code.id },
				scanRules: { password: { passwordEnabled: false, password: 'ignored' } },
			},
		});

		expect(result.error).toBeUndefined();
		expect(
			(suite.sim.requestLog.find((entry) => entry.method === 'PUT')?.body as { settings: unknown })
				.settings,
		).toEqual({ passwordEnabled: false, password: 'old' });
	});

	it("the 1.2 form shows each rule's settings under its switch, in reading order, only while it is on", () => {
		const description = new Qrtrac().description;
		const rules = description.properties.find(
			(property) =>
				property.name === 'scanRules' &&
				property.displayOptions?.show?.operation?.includes('create'),
		)!;
		const group = (name: string) =>
			(rules.options as Array<{ name: string; values: INodeProperties[] }>).find(
				(option) => option.name === name,
			)!.values;
		const shownWith = (values: INodeProperties[], switchValues: INodeParameters) =>
			values
				.filter((value) => NodeHelpers.displayParameter(switchValues, value, null, null))
				.map((value) => value.displayName);

		expect(rules.type).toBe('fixedCollection');
		expect(shownWith(group('campaign'), { scheduleCampaign: true })).toEqual([
			'Campaign Schedule',
			'Campaign Start',
			'Campaign End',
		]);
		expect(shownWith(group('campaign'), { scheduleCampaign: false })).toEqual([
			'Campaign Schedule',
		]);
		expect(shownWith(group('password'), { passwordEnabled: true })).toEqual([
			'Password Protection',
			'Password',
		]);
		expect(shownWith(group('ageGate'), { ageGating: true })).toEqual(['Age Gate', 'Minimum Age']);
	});
});

describe('labels of the 1.2 form', () => {
	const properties = new Qrtrac().description.properties;
	const optionsOf = (operation: string) =>
		properties.find(
			(property) =>
				property.name === 'options' &&
				property.displayOptions?.show?.operation?.includes(operation),
		)?.options as INodeProperties[];

	it('Team Override reads "Team (Override)" and picks a team from a searchable list (1.1 keeps its dropdown)', async () => {
		const teamOptions = optionsOf('create').filter((option) => option.name === 'teamOverride');

		expect(teamOptions.map((option) => [option.displayName, option.type])).toEqual([
			['Team Override Name or ID', 'options'],
			['Team (Override)', 'resourceLocator'],
		]);
		const result = await create({
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/t',
			options: { teamOverride: { __rl: true, mode: 'id', value: 'team/../x' } },
		});
		expect(result.error?.message).toBe(
			'Item 0: "Team (Override)" must not contain / \\ ? # % or spaces',
		);
	});

	it('Folder ID says it is Coming Soon; the one Dynamic Link type is a notice', () => {
		const additional = properties.find(
			(property) =>
				property.name === 'additionalFields' &&
				property.displayOptions?.show?.operation?.includes('create'),
		)?.options as INodeProperties[];
		const dynamicLink = properties.filter((property) =>
			property.displayOptions?.show?.resource?.includes('dynamicLink'),
		);

		expect(additional.find((field) => field.name === 'folderId')?.displayName).toBe(
			'Folder ID (Coming Soon)',
		);
		expect(
			dynamicLink
				.filter((property) => ['type', 'dynamicLinkNotice'].includes(property.name))
				.map((property) => [property.type, property.displayOptions?.show?.['@version']]),
		).toEqual([
			['notice', [{ _cnd: { gte: 1.2 } }]],
			['options', [{ _cnd: { lt: 1.2 } }]],
		]);
	});
});
