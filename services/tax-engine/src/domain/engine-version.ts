/**
 * The version of the engine's rules, stored with every run. Bump it with a change that alters any figure (a rule
 * fixed, a relief added): at start the service queues, in the background, every client whose newest run an older
 * version computed, so stored figures, grids and reports never stand on rules the engine no longer applies.
 */
export const ENGINE_VERSION = 1;
