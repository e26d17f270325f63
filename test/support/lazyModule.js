'use strict';

/**
 * A module loaded on its first use instead of when it is required. n8n-workflow's error and utility modules
 * require form-data, esprima-next and xml2js at load but use them only inside functions no unit test calls; jest
 * gives every test file its own registry, so their load was paid once per file. The pure projects map those names
 * here (jest.config.js, which resolves each as n8n-workflow does): the same module, loaded when it is first read,
 * listed, called or constructed.
 */
module.exports = function lazyModule(name, { callable = false } = {}) {
	let real;
	const module = () => (real ??= require(globalThis.lazyDependencies[name]));
	// a class (form-data) needs a function target to be constructed; a plain module an object one (its typeof); the
	// file is strict, so that the function target has no own `arguments` and `caller` for the listing to report
	const target = callable ? function lazy() {} : {};
	const proxy = new Proxy(target, {
		// asked by TypeScript's __importDefault at load: none of these modules is an ES module
		get: (_target, key) => (key === '__esModule' ? undefined : module()[key]),
		has: (_target, key) => key in module(),
		ownKeys: () => [...new Set([...Reflect.ownKeys(module()), ...Reflect.ownKeys(target)])],
		getOwnPropertyDescriptor: (_target, key) => {
			const own = Reflect.getOwnPropertyDescriptor(module(), key);
			// the target's own fixed `prototype` must be reported as fixed; anything else as the module has it,
			// configurable as a proxy must report what its target lacks
			if (key === 'prototype' && callable) return own && { ...own, writable: true };
			return own && { ...own, configurable: true };
		},
		apply: (_target, self, args) => Reflect.apply(module(), self, args),
		// a subclass of the stand-in constructs instances of itself
		construct: (_target, args, newTarget) =>
			Reflect.construct(module(), args, newTarget === proxy ? module() : newTarget),
	});
	return proxy;
};
