import { useState } from 'react';
import type { SecuritySearchResult } from '@/components/security-search/search-securities';
import type { SelectedClient } from '@/lib/selected-client';
import { useReportDownload } from '../api/report-downloads';
import { END_BEFORE_START, transactionsRequest } from './report-rules';
import { ClientFields, ReportForm } from './report-fields';
import { PeriodFields, RequestDownloadMenu } from './report-inputs';
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
      <PeriodFields
        labels={['Period start', 'Period end']}
        testIds={['period-start', 'period-end']}
        start={start}
        end={end}
        onStart={setStart}
        onEnd={setEnd}
        outOfOrder={END_BEFORE_START}
      />
      <SecurityPicker
        organisationUuid={organisationUuid}
        gridId={`singular-${report}-securities`}
        selected={security}
        onChange={setSecurity}
      />
      <RequestDownloadMenu
        formats={report === 'ops-transactions' ? ['csv'] : ['csv', 'pdf']}
        request={request}
        download={download}
      />
    </ReportForm>
  );
}
