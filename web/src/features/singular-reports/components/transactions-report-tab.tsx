import { useState } from 'react';
import type { SecuritySearchResult } from '@/components/security-search/search-securities';
import type { SelectedClient } from '@/lib/selected-client';
import { useReportDownload } from '../api/report-downloads';
import { END_BEFORE_START, transactionsRequest } from './report-rules';
import { ClientFields, ReportForm } from './report-fields';
import { PeriodFields, usePeriod, RequestDownloadMenu } from './report-inputs';
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
  const period = usePeriod();
  const [security, setSecurity] = useState<SecuritySearchResult>();
  const download = useReportDownload(organisationUuid, report);
  const request = transactionsRequest(client, security?.id, period.start, period.end);
  return (
    <ReportForm testId={`${report}-report-tab`} wide>
      <ClientFields client={client} />
      <PeriodFields labels={['Period start', 'Period end']} {...period} outOfOrder={END_BEFORE_START} />
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
