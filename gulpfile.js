const path = require('path');
const { task, src, dest, parallel } = require('gulp');

/** Copies what n8n reads next to the compiled nodes: light/dark SVG icons and the codex (*.node.json) files. */
function copyNodeAssets() {
	return src(path.resolve('nodes', '**', '*.{png,svg,node.json}')).pipe(
		dest(path.resolve('dist', 'nodes')),
	);
}

function copyCredentialIcons() {
	return src(path.resolve('credentials', '**', '*.{png,svg}')).pipe(
		dest(path.resolve('dist', 'credentials')),
	);
}

task('build:icons', parallel(copyNodeAssets, copyCredentialIcons));
