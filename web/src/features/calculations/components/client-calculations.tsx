import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Empty, Space, Typography } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { isRunOpen, useCalculationRuns, useRecalculate, type RecalculateAnswer } from '../api/calculation-runs';
import { CalculationClientPicker } from './calculation-client-picker';
import { FirmRecalculationButton, FirmRecalculationProgress } from './firm-recalculation';
import { CalculationRunsTable } from './calculation-runs-table';
import { LedgerDownload } from './ledger-download';
import { StoredRun } from './stored-run';

/**
 * A client's stored calculations: pick the client, see its runs, and the latest (or a chosen) run's figures.
 * The client and run are kept in the address, so a link or a reload shows the same run.
 */
export function ClientCalculations({ organisationUuid }: { organisationUuid: string }) {
  const [params, setParams] = useSearchParams();
  const clientUuid = params.get('client') ?? '';
  const clientLabel = params.get('clientName') ?? '';
  const chosenRun = params.get('run') ?? undefined;
  /** The run list as it was when Recalculate was pressed: a new run ends the wait. */
  const [awaiting, setAwaiting] = useState<{ jobUuid: string; runsBefore: string[] }>();
  const [firmJob, setFirmJob] = useState<RecalculateAnswer>();
  const runs = useCalculationRuns(organisationUuid, clientUuid, awaiting?.runsBefore);
  const recalculate = useRecalculate(organisationUuid);
  const list = runs.data?.content ?? [];
  const latest = list[0];
  const runId = chosenRun ?? latest?.id;
  // The wait ends when a run newer than those listed at the press has finished (derived, not stored).
  const waiting =
    awaiting && !(latest && !awaiting.runsBefore.includes(latest.id) && !isRunOpen(latest)) ? awaiting : undefined;

  const choose = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    setParams(merged, { replace: true });
  };

  const start = () =>
    recalculate.mutate(
      { clientUuid },
      {
        onSuccess: ({ jobUuid }) => {
          setAwaiting({ jobUuid, runsBefore: list.map((r) => r.id) });
          choose({ run: undefined });
        },
      },
    );

  return (
    <div className="gains-calc" data-testid="client-calculations">
      <div className="gains-panel gains-calc-client-bar">
        <CalculationClientPicker
          organisationUuid={organisationUuid}
          value={clientUuid}
          label={clientLabel}
          onChange={(uuid, label) => choose({ client: uuid, clientName: label, run: undefined })}
        />
        <Space wrap>
          <FirmRecalculationButton organisationUuid={organisationUuid} onStarted={setFirmJob} />
          {clientUuid && (
            <>
              <Button
                type="primary"
                icon={<SyncOutlined spin={!!waiting} />}
                loading={recalculate.isPending}
                disabled={!!waiting}
                onClick={start}
                data-testid="recalculate"
              >
                {waiting ? 'Recalculating…' : 'Recalculate'}
              </Button>
              <LedgerDownload organisationUuid={organisationUuid} clientUuid={clientUuid} clientLabel={clientLabel} />
            </>
          )}
        </Space>
      </div>
      {firmJob && (
        <FirmRecalculationProgress
          key={firmJob.jobUuid || 'queued'}
          organisationUuid={organisationUuid}
          answer={firmJob}
        />
      )}
      {recalculate.isError && <ApiErrorAlert title="The client could not be recalculated" error={recalculate.error} />}
      {waiting && (
        <Alert
          type="info"
          showIcon
          data-testid="recalculation-progress"
          message="Recalculating this client"
          description={`${waiting.jobUuid ? `Job ${waiting.jobUuid}: t` : 'T'}he new run shows here when the engine has stored it.`}
        />
      )}
      {!clientUuid ? (
        <div className="gains-panel">
          <Empty description="Pick a client to see its calculations" data-testid="calculations-no-client" />
        </div>
      ) : runs.isError ? (
        <ApiErrorAlert title="The client's calculations could not be loaded" error={runs.error} />
      ) : (
        <>
          <section className="gains-panel gains-calc-section" aria-label="Runs">
            <Typography.Title level={4} className="gains-calc-section__title">
              Runs
            </Typography.Title>
            <CalculationRunsTable
              runs={list}
              selectedId={runId}
              loading={runs.isPending}
              onSelect={(id) => choose({ run: id === latest?.id ? undefined : id })}
            />
          </section>
          {runId && <StoredRun key={runId} organisationUuid={organisationUuid} runId={runId} />}
        </>
      )}
    </div>
  );
}
