import { useState } from 'react';
import type { ColDef } from 'ag-grid-community';
import { Alert, Button, Descriptions, Modal, Pagination, Progress, Segmented, Space, Tag, Typography } from 'antd';
import { LocalGrid } from '@/components/grid/local-grid';
import { formatDateTime } from '@/lib/format';
import {
  isRunning,
  useBatchCandidates,
  usePublishBatchPrint,
  type BatchCandidate,
  type BatchPrint,
} from '../api/batch-reports';
import { candidateStatusWords, progressPercent, reportTypeWords, statusWords } from './batch-labels';

const yesNo = (p: { value: boolean }) => (p.value ? 'Yes' : 'No');
/** Candidates read a page of 100 at a time; the grid pages, sorts and searches within it. */
const SERVER_PAGE = 100;

const COLUMNS: ColDef<BatchCandidate & { id: string }>[] = [
  { field: 'clientCode', headerName: 'Client id', width: 120 },
  { field: 'clientName', headerName: 'Client name', minWidth: 200 },
  { field: 'thirtyDayRule', cellDataType: 'text', headerName: 'Thirty-day rule', valueFormatter: yesNo, width: 130 },
  {
    field: 'costUpdatePending',
    cellDataType: 'text',
    headerName: 'Cost update pending',
    valueFormatter: yesNo,
    width: 160,
  },
  { field: 'pendingIncome', cellDataType: 'text', headerName: 'Pending income', valueFormatter: yesNo, width: 140 },
  { field: 'actMonitorIssues', headerName: 'ACT monitor issues', width: 150, type: 'numericColumn' },
  { field: 'deliveries', headerName: 'Delivery', valueFormatter: (p) => (p.value as string[]).join(', ') },
  { field: 'reports', headerName: 'Reports', width: 100, type: 'numericColumn' },
  { field: 'status', headerName: 'Status', valueFormatter: (p) => candidateStatusWords(p.value), width: 110 },
  { field: 'failureReason', headerName: 'Reason', minWidth: 220 },
];

/** A batch print: its filters and status, its candidates with their checks, and Publish. */
export function BatchPrintView({ organisationUuid, print }: { organisationUuid: string; print: BatchPrint }) {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  // read again as the print moves on (identified, each chunk published, complete)
  const candidates = useBatchCandidates(
    organisationUuid,
    print.id,
    page,
    SERVER_PAGE,
    status,
    `${print.status}/${print.identifiedCandidates}/${print.publishedCandidates}`,
  );
  const publish = usePublishBatchPrint(organisationUuid, print.id);
  const running = isRunning(print);
  const pending = print.identifiedCandidates - print.publishedCandidates;
  const canPublish = (print.status === 'IDENTIFIED' || print.status === 'PARTIALLY_RUN') && pending > 0;
  const confirm = () =>
    Modal.confirm({
      title: `Publish batch print ${print.id}?`,
      content: `The ${reportTypeWords(print.reportType)} reports of ${pending.toLocaleString('en-GB')} pending candidates will be made.`,
      okText: 'Publish',
      onOk: () => publish.mutateAsync(),
    });
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions size="small" bordered column={3} data-testid="batch-print">
        <Descriptions.Item label="Tax year">{print.taxYear}</Descriptions.Item>
        <Descriptions.Item label="Report type">{reportTypeWords(print.reportType)}</Descriptions.Item>
        <Descriptions.Item label="Organisation">{print.organisation}</Descriptions.Item>
        <Descriptions.Item label="Client reporting period">{print.reportingPeriod || 'All'}</Descriptions.Item>
        <Descriptions.Item label="Client state">{print.clientState || 'All'}</Descriptions.Item>
        <Descriptions.Item label="Relationship manager">{print.relationshipManager || 'All'}</Descriptions.Item>
        <Descriptions.Item label="Identified candidates">
          <span data-testid="identified-candidates">{print.identifiedCandidates}</span>
        </Descriptions.Item>
        <Descriptions.Item label="Published candidates">{print.publishedCandidates}</Descriptions.Item>
        <Descriptions.Item label="Status">
          <Tag
            color={print.status === 'COMPLETE' ? 'green' : print.status === 'FAILED' ? 'red' : 'blue'}
            data-testid="batch-status"
          >
            {statusWords(print.status)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label="Created">
          {formatDateTime(print.createdAt)} by {print.createdBy}
        </Descriptions.Item>
        <Descriptions.Item label="Modified" span={2}>
          {formatDateTime(print.modifiedAt)} by {print.modifiedBy}
        </Descriptions.Item>
      </Descriptions>
      {running && (
        <Progress
          percent={progressPercent(print.progressDone, print.progressTotal)}
          status="active"
          format={() =>
            print.progressTotal
              ? `${print.progressDone.toLocaleString('en-GB')} of ${print.progressTotal.toLocaleString('en-GB')}`
              : `${print.progressDone.toLocaleString('en-GB')}`
          }
        />
      )}
      {print.status === 'FAILED' && <Alert type="error" message={print.message || 'The batch print failed.'} />}
      <Space>
        <Button
          type="primary"
          disabled={!canPublish}
          loading={publish.isPending || print.status === 'PUBLISHING'}
          onClick={confirm}
        >
          {print.status === 'PUBLISHING' ? 'Publishing…' : 'Publish'}
        </Button>
        <Segmented
          aria-label="Candidate status"
          value={status}
          onChange={(value) => {
            setStatus(String(value));
            setPage(1);
          }}
          options={[
            { value: '', label: 'All' },
            { value: 'PENDING', label: 'Pending' },
            { value: 'COMPLETE', label: 'Complete' },
          ]}
        />
      </Space>
      <Typography.Text type="secondary">Candidates</Typography.Text>
      <LocalGrid<BatchCandidate & { id: string }>
        gridId="batch-candidates"
        rows={candidates.data?.content.map((c) => ({ ...c, id: c.uuid }))}
        columns={COLUMNS}
        loading={candidates.isPending}
        error={candidates.error}
        errorTitle="Failed to fetch batch candidates."
        exportSuffix={`batch-print-${print.id}-candidates`}
        sheetName="Candidates"
        searchPlaceholder="Search this page"
        emptyText={print.status === 'IDENTIFYING' ? 'Identifying candidates…' : 'No candidates'}
        noun="candidate"
        testId="batch-candidates-grid"
      />
      {(candidates.data?.totalSize ?? 0) > SERVER_PAGE && (
        <Pagination
          current={page}
          pageSize={SERVER_PAGE}
          total={candidates.data?.totalSize ?? 0}
          showSizeChanger={false}
          showTotal={(total, [from, to]) =>
            `Candidates ${from.toLocaleString('en-GB')}-${to.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')}`
          }
          onChange={setPage}
        />
      )}
    </Space>
  );
}
