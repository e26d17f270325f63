const path = require('path');
const { task, src, dest } = require('gulp');

task('build:icons', copyIcons);

/** Copies the light and dark SVG icons of every node and credential next to the compiled files in dist/. */
function copyIcons() {
	const nodeIcons = src(path.resolve('nodes', '**', '*.{png,svg}')).pipe(dest(path.resolve('dist', 'nodes')));
	nodeIcons.on('end', () => undefined);
	return src(path.resolve('credentials', '**', '*.{png,svg}')).pipe(dest(path.resolve('dist', 'credentials')));
}
