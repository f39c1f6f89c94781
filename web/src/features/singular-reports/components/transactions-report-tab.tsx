import { useState } from 'react';
import type { SecuritySearchResult } from '@/components/security-search/search-securities';
import type { SelectedClient } from '@/lib/selected-client';
import { useReportDownload } from '../api/report-downloads';
import { END_BEFORE_START, periodInOrder, transactionsRequest } from './report-rules';
import { FieldRow, ClientFields, DayPicker, DownloadMenu, ReportForm } from './report-fields';
import { SecurityPicker } from './security-picker';

/**
 * Transactions and Ops Transactions (seed 000 §2.6): the client's transactions in a period (the end not before the
 * start), every security or the one selected. Ops Transactions is a CSV only (§7).
 */
export function TransactionsReportTab({
  organisationUuid,
  client,
  report,
}: {
  organisationUuid: string;
  client: SelectedClient | undefined;
  report: 'transactions' | 'ops-transactions';
}) {
  const [start, setStart] = useState<string>();
  const [end, setEnd] = useState<string>();
  const [security, setSecurity] = useState<SecuritySearchResult>();
  const download = useReportDownload(organisationUuid, report);
  const request = transactionsRequest(client, security?.id, start, end);
  return (
    <ReportForm testId={`${report}-report-tab`} wide>
      <ClientFields client={client} />
      <FieldRow>
        <DayPicker label="Period start" testId="period-start" value={start} onChange={setStart} />
        <DayPicker
          label="Period end"
          testId="period-end"
          value={end}
          onChange={setEnd}
          // the end cannot be picked before the start (seed 000 §5)
          disabledDay={(day) => !periodInOrder(start, day)}
          error={periodInOrder(start, end) ? undefined : END_BEFORE_START}
        />
      </FieldRow>
      <SecurityPicker
        organisationUuid={organisationUuid}
        gridId={`singular-${report}-securities`}
        selected={security}
        onChange={setSecurity}
      />
      <DownloadMenu
        formats={report === 'ops-transactions' ? ['csv'] : ['csv', 'pdf']}
        reason={request.ok ? undefined : request.reason}
        loading={download.isPending}
        onDownload={(format) => request.ok && download.mutate({ format, body: request.body })}
      />
    </ReportForm>
  );
}
