// Kept while test/reliability/rateLimitHeaderVariants.test.ts and test/e2e/queueMode.test.ts (being rewritten
// elsewhere) import it here; delete once they import test/support/reliability/budgetFigures.
export * from '../../support/reliability/budgetFigures';
