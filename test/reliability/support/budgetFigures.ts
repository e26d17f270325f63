// Kept while test/e2e/queueMode.test.ts (being rewritten elsewhere) imports it here; delete once they import test/support/reliability/budgetFigures.
export * from '../../support/reliability/budgetFigures';
