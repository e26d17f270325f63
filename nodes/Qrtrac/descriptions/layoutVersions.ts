import type { IDisplayOptions } from 'n8n-workflow';

/**
 * n8n keeps only the parameters a node's form defines, so a field moved in the form would lose its value in every
 * saved workflow. Moved fields (Display ID, the raw JSON field, sorting, vCard groups) are therefore shown by node
 * version, as n8n's own nodes do, and the operations read either place; 1.2 also adds each change's `result`
 * (outcome.ts). Saved nodes keep the layout and output they were built on.
 */
export const NODE_VERSIONS = [1, 1.1, 1.2];

/** Shown for nodes saved with the first layout (typeVersion 1). */
export const FIRST_LAYOUT: IDisplayOptions['show'] = { '@version': [1] };

/** Shown for nodes with the second layout or later (typeVersion 1.1 and later). */
export const CURRENT_LAYOUT: IDisplayOptions['show'] = { '@version': [{ _cnd: { gte: 1.1 } }] };

/** Shown for nodes saved before version 1.2 (typeVersion 1 and 1.1). */
export const BEFORE_LAYOUT_1_2: IDisplayOptions['show'] = { '@version': [{ _cnd: { lt: 1.2 } }] };

/** Shown for nodes with the 1.2 layout or later. */
export const LAYOUT_1_2: IDisplayOptions['show'] = { '@version': [{ _cnd: { gte: 1.2 } }] };

/** The first version whose changes report one `result` and whose form has the 1.2 layout. */
export const VERSION_1_2 = 1.2;
