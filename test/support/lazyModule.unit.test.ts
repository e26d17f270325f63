/**
 * The pure projects' stand-ins for n8n-workflow's heavy libraries (test/support/lazy, mapped in jest.config.js)
 * must be those libraries: each is loaded on first use and then behaves as the module itself.
 */
const realPath = (name: string) => jest.requireActual<object>(name);
const { lazyDependencies } = globalThis as unknown as { lazyDependencies: Record<string, string> };

describe('lazy stand-ins of n8n-workflow libraries', () => {
	it('form-data: constructs the real class, and instanceof holds both ways', () => {
		const FormData = require('form-data') as new () => { append(k: string, v: string): void };
		const Real = realPath(lazyDependencies['form-data']) as new () => object;
		const form = new FormData();
		form.append('a', 'b');
		expect(form).toBeInstanceOf(Real);
		expect(form).toBeInstanceOf(FormData);
		expect(new Real()).toBeInstanceOf(FormData);
		expect({}).not.toBeInstanceOf(FormData);
	});

	it("lodash/merge: lodash's own merge, deep", () => {
		const merge = require('lodash/merge') as (a: object, b: object) => object;
		expect(merge).toBe((realPath('lodash/lodash.js') as { merge: unknown }).merge);
		expect(merge({ a: { b: 1 } }, { a: { c: 2 } })).toEqual({ a: { b: 1, c: 2 } });
	});

	it('esprima-next and xml2js: their exports, read on first use', () => {
		const esprima = require('esprima-next') as { parseScript(code: string): { type: string } };
		expect(esprima.parseScript('1 + 1').type).toBe('Program');
		const xml2js = require('xml2js') as {
			parseString(xml: string, done: (error: unknown, result: unknown) => void): void;
		};
		let parsed: unknown;
		xml2js.parseString('<a>b</a>', (error, result) => {
			expect(error).toBeNull();
			parsed = result;
		});
		expect(parsed).toEqual({ a: 'b' });
	});

	it("n8n-workflow's own use of them: a NodeApiError from an XML answer, an empty form", async () => {
		const { NodeApiError } = await import('n8n-workflow');
		const node = {
			id: '1',
			name: 'QRTRAC',
			type: 'n',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		};
		const error = new NodeApiError(
			node as never,
			{ message: 'refused', error: '<e><message>gone</message></e>' },
			{ parseXml: true },
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.description).toBe('gone');
		const utils = jest.requireActual<{ isObjectEmpty(value: unknown): boolean }>(
			'n8n-workflow/dist/cjs/utils.js',
		);
		const FormData = require('form-data') as new () => object;
		expect(utils.isObjectEmpty(new FormData())).toBe(true);
	});

	it('stands in as the module itself when listed, spread, imported whole or subclassed', () => {
		const xml2js = require('xml2js') as Record<string, unknown>;
		const real = jest.requireActual<Record<string, unknown>>(lazyDependencies.xml2js);
		expect(typeof xml2js).toBe('object');
		expect(Object.keys(xml2js).sort()).toEqual(Object.keys(real).sort());
		expect({ ...xml2js }.parseString).toBe(real.parseString);
		expect(Object.prototype.hasOwnProperty.call(xml2js, 'parseString')).toBe(true);
		expect(typeof require('esprima-next')).toBe('object');
		const FormData = require('form-data') as new () => object;
		const RealFormData = jest.requireActual<object>(lazyDependencies['form-data']);
		expect(Object.keys(FormData).sort()).toEqual(Object.keys(RealFormData).sort());
		class Sub extends FormData {}
		expect(new Sub()).toBeInstanceOf(Sub);
		expect(new Sub()).toBeInstanceOf(FormData);
	});
});
