/**
 * The pickers of the QR code forms through n8n's engine against the simulator.
 */
import { callLoadOptions } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();

describe('pickers of the QR code forms', () => {
	it("Design Template lists the team's templates after the default", async () => {
		const options = (await callLoadOptions('qrtrac', 'getTemplates', {
			kind: 'loadOptions',
			credentials: suite.credentials,
			parameters: { resource: 'qrCode', operation: 'create', qrType: 'WEB' },
			parameterPath: 'parameters.additionalFields.templateId',
		})) as Array<{ name: string; value: string }>;

		const templates = suite.sim.state.templatesOfTeam(suite.credentials.teamId!);
		expect(options[0].value).toBe('');
		expect(
			options
				.slice(1)
				.map((option) => option.value)
				.sort(),
		).toEqual(templates.map((template) => template.id).sort());
		suite.expectRequestsFollowContract();
	});

	it("Design Template on Update offers Keep Current Template (a blank value is not given), not the team's default", async () => {
		const options = (await callLoadOptions('qrtrac', 'getTemplates', {
			kind: 'loadOptions',
			credentials: suite.credentials,
			parameters: { resource: 'qrCode', operation: 'update' },
			parameterPath: 'parameters.updateFields.templateId',
		})) as Array<{ name: string; value: string }>;

		expect(options[0]).toMatchObject({ name: 'Keep Current Template', value: '' });
		expect((options[0] as { description?: string }).description).toMatch(
			/if QRTRAC's records show it/,
		);
		expect(options.map((option) => option.name)).not.toContain('Default Template');
	});

	it('Design Template on Create or Update says its empty entry keeps the design of a code the row updates', async () => {
		const options = (await callLoadOptions('qrtrac', 'getTemplates', {
			kind: 'loadOptions',
			credentials: suite.credentials,
			parameters: { resource: 'qrCode', operation: 'createOrUpdate', qrType: 'WEB' },
			parameterPath: 'parameters.additionalFields.templateId',
		})) as Array<{ name: string; value: string; description?: string }>;

		expect(options[0]).toMatchObject({ name: 'Default Template for New Codes', value: '' });
		expect(options[0].description).toMatch(/updates keeps its own if QRTRAC's records show it/);
	});

	it('QR Code finds codes by Display ID', async () => {
		const code = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com',
			displayId: 'pick-me-7',
		});

		const found = (await callLoadOptions('qrtrac', 'searchQrCodes', {
			kind: 'listSearch',
			credentials: suite.credentials,
			parameters: { resource: 'qrCode', operation: 'get' },
			parameterPath: 'parameters.qrCodeId',
			filter: 'pick-me',
		})) as { results: Array<{ name: string; value: string }> };

		expect(found.results.map((result) => result.value)).toEqual([code.id]);
		suite.expectRequestsFollowContract();
	});

	// The editor opens an entry's link in a new tab: the address is the service's text, and a javascript: or data:
	// one would run in the editor's page. Only an http(s) address is a link; the code is listed either way.
	it.each([
		['javascript:', 'javascript:alert(document.cookie)'],
		['data:', 'data:text/html,<script>alert(1)</script>'],
		['not a URL', 'images/qr.png'],
	])('QR Code lists a code whose image address is %s without a link', async (_, address) => {
		const code = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com',
			displayId: `linkless-${address.length}`,
		});
		suite.sim.state.qrs.get(code.id)!.qrImageUrl = address;

		const found = (await callLoadOptions('qrtrac', 'searchQrCodes', {
			kind: 'listSearch',
			credentials: suite.credentials,
			parameters: { resource: 'qrCode', operation: 'get' },
			parameterPath: 'parameters.qrCodeId',
			filter: `linkless-${address.length}`,
		})) as { results: Array<{ name: string; value: string; url?: string }> };

		expect(found.results).toEqual([{ name: expect.any(String), value: code.id }]);
	});

	it('QR Code links a listed code to its http(s) image address', async () => {
		const code = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com',
			displayId: 'linked-1',
		});

		const found = (await callLoadOptions('qrtrac', 'searchQrCodes', {
			kind: 'listSearch',
			credentials: suite.credentials,
			parameters: { resource: 'qrCode', operation: 'get' },
			parameterPath: 'parameters.qrCodeId',
			filter: 'linked-1',
		})) as { results: Array<{ value: string; url?: string }> };

		expect(found.results).toEqual([
			expect.objectContaining({
				value: code.id,
				url: suite.sim.state.qrs.get(code.id)!.qrImageUrl,
			}),
		]);
		expect(found.results[0].url).toMatch(/^https?:\/\//);
	});
});
