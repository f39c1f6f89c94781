/**
 * Which queued clients are leased first. A change someone is waiting to see (a posting, an override, a
 * recalculation asked for) goes before background work (a firm's recalculation, new prices, a new engine), so a posting's
 * figures land in seconds even while a firm of a hundred thousand clients is being recalculated.
 */
export const INTERACTIVE = 0;
export const BACKGROUND = 1;

const BACKGROUND_TRIGGERS = new Set(['ORGANISATION', 'PRICES', 'ENGINE']);

export const priorityOf = (trigger: string): number => (BACKGROUND_TRIGGERS.has(trigger) ? BACKGROUND : INTERACTIVE);
