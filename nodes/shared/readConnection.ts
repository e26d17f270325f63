import { connectionFromCredentials, type QrtracConnection } from './connection';
import { CREDENTIAL_TYPE, type TransportContext } from './qrtracRequest';
import { serviceError } from './serviceErrors';

const connections = new WeakMap<object, Promise<QrtracConnection>>();
/** The same connections once read, for readers that cannot wait (connectionRead). */
const read = new WeakMap<object, QrtracConnection>();

/** The credential's settings, read and checked once per execution context (the transport and the image download). */
export async function getConnection(ctx: TransportContext): Promise<QrtracConnection> {
	let connection = connections.get(ctx);
	if (!connection) {
		const refuse = (problem: string): never => {
			throw serviceError(ctx.getNode(), { message: problem });
		};
		connection = ctx.getCredentials(CREDENTIAL_TYPE).then((credentials) => {
			const checked = connectionFromCredentials(credentials, refuse);
			read.set(ctx, checked);
			return checked;
		});
		connections.set(ctx, connection);
	}
	return await connection;
}

/** The connection `getConnection` has read for this context, or undefined when it has not finished yet. */
export function connectionRead(ctx: object): QrtracConnection | undefined {
	return read.get(ctx);
}
