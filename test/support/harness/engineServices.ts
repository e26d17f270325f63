import { dirname } from 'node:path';

import type { ServiceIdentifier } from '@n8n/di';

/**
 * n8n-core builds its services (PollTriggerExecutor, loggers, the HTTP client) through its own copy of
 * `@n8n/di`, nested under node_modules/n8n-core. A plain `import '@n8n/di'` would get the hoisted copy, a
 * different container, so the container is required from n8n-core's own location.
 */
const { Container } = require(
	require.resolve('@n8n/di', { paths: [dirname(require.resolve('n8n-core'))] }),
) as typeof import('@n8n/di');

/** The instance of an n8n-core service that n8n-core itself uses. */
export function engineService<T>(type: ServiceIdentifier<T>): T {
	return Container.get(type);
}
