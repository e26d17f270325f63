import type { IDisplayOptions } from 'n8n-workflow';

/**
 * n8n keeps only the parameters a node's form defines: a field moved to another place in the form loses its
 * value in every saved workflow. So fields that moved (Display ID out of Additional Fields, the raw JSON field
 * into Options, sorting into Options, vCard fields into groups) are shown by node version, as n8n's own nodes
 * do: nodes saved as version 1 keep the layout they were saved with, nodes of 1.1 theirs, new nodes (1.2) get
 * the newest one, and the operations read a field from either place. Version 1.2 also changes outputs (the
 * `result` of every change, see outcome.ts): saved nodes keep the output they were built on.
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
