/** Real n8n for the end-to-end suites: the driver lives with the tooling (scripts/n8n/realN8n.ts), which the demo and the benchmarks use too. */
export * from '../../scripts/n8n/realN8n';
