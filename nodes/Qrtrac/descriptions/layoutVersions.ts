import type { IDisplayOptions } from 'n8n-workflow';

/**
 * n8n keeps only the parameters a node's form defines: a field moved to another place in the form loses its
 * value in every saved workflow. So fields that moved (Display ID out of Additional Fields, the raw JSON field
 * into Options, sorting into Options, vCard fields into groups) are shown by node version, as n8n's own nodes
 * do: nodes saved as version 1 keep the layout they were saved with, new nodes (1.1) get the new one, and the
 * operations read a field from either place.
 */
export const NODE_VERSIONS = [1, 1.1];

/** Shown for nodes saved with the first layout (typeVersion 1). */
export const FIRST_LAYOUT: IDisplayOptions['show'] = { '@version': [1] };

/** Shown for nodes with the current layout (typeVersion 1.1 and later). */
export const CURRENT_LAYOUT: IDisplayOptions['show'] = { '@version': [{ _cnd: { gte: 1.1 } }] };
