import { useState } from 'react';
import type { SecuritySearchResult } from '@/components/security-search/search-securities';
import type { SelectedClient } from '@/lib/selected-client';
import { useReportDownload } from '../api/report-downloads';
import { holdingsRequest } from './report-rules';
import { ClientFields, ReportForm, todayDay } from './report-fields';
import { AsAtField, RequestDownloadMenu } from './report-inputs';
import { SecurityPicker } from './security-picker';

/**
 * Holdings and Holdings (CA) (seed 000 §2.6): the client's holdings as at a day, at most today (today at first), for
 * every security or the one selected; as CSV or PDF.
 */
export function HoldingsReportTab({
  organisationUuid,
  client,
  report,
}: {
  organisationUuid: string;
  client: SelectedClient | undefined;
  report: 'holdings' | 'ca-holdings';
}) {
  const today = todayDay();
  const [atDate, setAtDate] = useState<string | undefined>(today);
  const [security, setSecurity] = useState<SecuritySearchResult>();
  const download = useReportDownload(organisationUuid, report);
  const request = holdingsRequest(client, security?.id, atDate, today);
  return (
    <ReportForm testId={`${report}-report-tab`} wide>
      <ClientFields client={client} />
      <AsAtField value={atDate} onChange={setAtDate} today={today} />
      <SecurityPicker
        organisationUuid={organisationUuid}
        gridId={`singular-${report}-securities`}
        selected={security}
        onChange={setSecurity}
      />
      <RequestDownloadMenu formats={['csv', 'pdf']} request={request} download={download} />
    </ReportForm>
  );
}
