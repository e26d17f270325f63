/** Which credential and team ID characters a request header carries as typed (connection.ts headerTextProblem). */
import { headerTextProblem, unsendableTeam } from '../../../nodes/shared/connection';

it('passes printable ASCII and Latin-1 letters, which a header carries as one byte each', () => {
	for (const value of ['team_1', 'client é', 'team_ä+&=;:@1', 'À-ÿ-ß-Ø', 'a b']) {
		expect(headerTextProblem(value)).toBeUndefined();
		expect(unsendableTeam(value)).toBeUndefined();
	}
});

it('refuses control and format characters (Latin-1 ones too) and anything above U+00FF, naming the first', () => {
	const cases: Array<[string, string]> = [
		['T\u200b', 'an invisible character or line break (U+200B)'],
		['a\tb', 'an invisible character or line break (U+0009)'],
		['a\nb', 'an invisible character or line break (U+000A)'],
		['a\u0085b', 'an invisible character or line break (U+0085)'],
		['soft\u00adhyphen', 'an invisible character or line break (U+00AD)'],
		['caf\u0107', 'a character outside Latin-1 (U+0107)'],
		['team_😀', 'a character outside Latin-1 (U+1F600)'],
	];
	for (const [value, problem] of cases) expect(headerTextProblem(value)).toBe(problem);
	expect(unsendableTeam('é\u200bx')?.message).toBe(
		'The team ID "é<U+200B>x" holds an invisible character or line break (U+200B), which a request header cannot carry as typed',
	);
});
