// `npm run dev`: n8n on http://localhost:5678 with this package, the seeded QRTRAC simulator, a ready
// credential and the example workflows, until Ctrl-C. The work is done by scripts/n8n/devServer.ts.
import { tsImport } from 'tsx/esm/api';

const { runDevServer } = await tsImport('./n8n/devServer.ts', import.meta.url);
process.exit(await runDevServer());
