import type { ClientSummaryRow, Page } from '@gains/contracts';

/** A row of the clients grid (spec §3 Client summary row). */
export type ClientSummary = ClientSummaryRow;
export type { Page };

/** The calculation status and time are shown, not sorted by: the grid's indexes serve the figure columns. */
export type SortableColumn = Exclude<keyof ClientSummary, 'uuid' | 'calculationStatus' | 'lastCalculatedAt'>;

export interface ClientSummaryQuery {
  organisationUuid: string;
  page: number;
  size: number;
  term: string;
  liveOnly: boolean;
  sort: { column: SortableColumn; direction: 'asc' | 'desc' }[];
}
