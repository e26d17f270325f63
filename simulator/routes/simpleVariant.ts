import { badRequest } from '../apiError';
import { createQr, shortUrlOf } from '../domain/qrCodes';
import { parseQrInput } from '../domain/qrInput';
import type { ApiKey } from '../model';
import type { SimulatorState } from '../state';
import {
	optionalObject,
	optionalString,
	optionalUri,
	requireObjectBody,
	requiredUri,
} from '../validation';

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/**
 * POST /v1/qr/create: a dynamic link in the key's team. The answer is unpublished; the simulator answers
 * 200 `{success:true,data:{id,displayId,shortUrl,qrImageUrl,destination_url,type,design,createdAt}}`.
 */
export function simpleCreate(
	state: SimulatorState,
	key: ApiKey,
	raw: unknown,
): { status: number; body: unknown } {
	const body = requireObjectBody(raw);
	const destination = requiredUri(body, 'destination_url');
	const type = optionalString(body, 'type') ?? 'dynamic';
	if (type !== 'dynamic') throw badRequest('"type" must be "dynamic"');
	const design = optionalObject(body, 'design') ?? {};
	const colour = optionalString(design, 'pattern_color');
	if (colour !== undefined && !HEX_COLOUR.test(colour))
		throw badRequest('"design.pattern_color" must be a hex colour like #112233');
	optionalUri(design, 'logo_url');
	const team = state.teams.get(key.teamId);
	if (!team) throw badRequest('The team of this API key no longer exists');
	const input = parseQrInput({ qrType: 'WEB', qrRedirectUrl: destination, design });
	const qr = createQr(state, team, input, 'api-key');
	return {
		status: 200,
		body: {
			success: true,
			data: {
				id: qr.id,
				displayId: qr.displayId,
				shortUrl: shortUrlOf(qr),
				qrImageUrl: qr.qrImageUrl,
				destination_url: destination,
				type,
				design,
				createdAt: qr.createdAt,
			},
		},
	};
}
