/**
 * A module loaded on its first use instead of when it is required. n8n-workflow's error and utility modules
 * require form-data, esprima-next and xml2js at load but use them only inside functions no unit test calls; jest
 * gives every test file its own registry, so their load was paid once per file. The pure projects map those names
 * here (jest.config.js, which resolves each as n8n-workflow does): the same module, loaded when a property is read,
 * or it is called or constructed.
 */
module.exports = function lazyModule(name) {
	let real;
	const module = () => (real ??= require(globalThis.lazyDependencies[name]));
	// a function target, so a class (form-data) can be constructed and tested with instanceof
	return new Proxy(function lazy() {}, {
		// asked by TypeScript's __importDefault at load: none of these modules is an ES module
		get: (_target, key) => (key === '__esModule' ? undefined : module()[key]),
		has: (_target, key) => key in module(),
		apply: (_target, self, args) => Reflect.apply(module(), self, args),
		construct: (_target, args) => Reflect.construct(module(), args),
	});
};
