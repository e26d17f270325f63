// `npm run demo`: runs every workflow in examples/ inside real n8n against the local QRTRAC simulator and
// prints what each run did; exit code 0 when all succeeded. The work is done by scripts/n8n/demo.ts.
import { tsImport } from 'tsx/esm/api';

const { runDemo } = await tsImport('./n8n/demo.ts', import.meta.url);
process.exit(await runDemo());
