/**
 * Which stored field values are an expression that reads something (and so must give a value) and which are an
 * empty field: n8n's editor saves an empty multi-select switched to Expression as `={{ [] }}`.
 */
import { readingExpression } from '../../../../nodes/shared/parameters';

describe('readingExpression', () => {
	it.each([
		undefined,
		'',
		[],
		'=',
		'=  ',
		'={{ [] }}',
		'={{[]}}',
		'= {{ [ ] }} ',
		'={{ "" }}',
		"={{ '  ' }}",
		'={{ `` }}',
		'={{ null }}',
		'={{undefined}}',
		'={{ }}',
	])('%j is an empty field', (stored) => {
		expect(readingExpression(stored)).toBeUndefined();
	});

	it.each([
		'={{ $vars.TAG }}',
		'={{ $vars.TYPES ?? [] }}',
		'={{ $json.tag || "" }}',
		'={{ ["WEB"] }}',
		'={{ "event" }}',
		'={{ null }} {{ $vars.TAG }}',
		'=null',
	])('%j is an expression that reads or gives something', (stored) => {
		expect(readingExpression(stored)).toBe(stored);
	});
});
