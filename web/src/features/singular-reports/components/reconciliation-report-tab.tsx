import { useState } from 'react';
import type { SecuritySearchResult } from '@/components/security-search/search-securities';
import type { SelectedClient } from '@/lib/selected-client';
import { useReportDownload } from '../api/report-downloads';
import { reconciliationRequest } from './report-rules';
import { ClientFields, ReportForm } from './report-fields';
import { RequestDownloadMenu } from './report-inputs';
import { SecurityPicker } from './security-picker';

/** Reconciliations (seed 000 §2.6): the client's ledger against its latest custodian holdings, optionally one security. */
export function ReconciliationReportTab({
  organisationUuid,
  client,
}: {
  organisationUuid: string;
  client: SelectedClient | undefined;
}) {
  const [security, setSecurity] = useState<SecuritySearchResult>();
  const download = useReportDownload(organisationUuid, 'reconciliations');
  const request = reconciliationRequest(client, security?.id);
  return (
    <ReportForm testId="reconciliations-report-tab" wide>
      <ClientFields client={client} />
      <SecurityPicker
        organisationUuid={organisationUuid}
        gridId="singular-reconciliations-securities"
        selected={security}
        onChange={setSecurity}
      />
      <RequestDownloadMenu formats={['csv', 'pdf']} request={request} download={download} />
    </ReportForm>
  );
}
