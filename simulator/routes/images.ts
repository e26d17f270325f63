import { shortUrlOf } from '../domain/qrCodes';
import { renderQrPng } from '../qrImage';
import type { SimulatorState } from '../state';

/**
 * Images are public files (no credentials, no rate limit): `/images/{qrId}.png` encodes the code's short URL
 * (soft-deleted codes keep their file), `/images/templates/{templateId}.png` previews a template.
 */
export async function imageFor(state: SimulatorState, path: string): Promise<Buffer | undefined> {
	const template = /^\/images\/templates\/([^/]+)\.png$/.exec(path);
	if (template) {
		const found = state.templates.get(template[1]);
		return found && renderQrPng(`${state.config.publicUrl}/templates/${found.id}`);
	}
	const code = /^\/images\/([^/]+)\.png$/.exec(path);
	const qr = code ? state.getQr(code[1]) : undefined;
	if (!qr) return undefined;
	const design = qr.design as { pattern_color?: string } | undefined;
	return renderQrPng(shortUrlOf(qr), design?.pattern_color);
}
