import { connectionFromCredentials, type QrtracConnection } from './connection';
import { CREDENTIAL_TYPE, type TransportContext } from './qrtracRequest';
import { serviceError } from './serviceErrors';

const connections = new WeakMap<object, Promise<QrtracConnection>>();

/** The credential's settings, read and checked once per execution context (the transport and the image download). */
export async function getConnection(ctx: TransportContext): Promise<QrtracConnection> {
	let connection = connections.get(ctx);
	if (!connection) {
		const refuse = (problem: string): never => {
			throw serviceError(ctx.getNode(), { message: problem });
		};
		connection = ctx
			.getCredentials(CREDENTIAL_TYPE)
			.then((credentials) => connectionFromCredentials(credentials, refuse));
		connections.set(ctx, connection);
	}
	return await connection;
}
