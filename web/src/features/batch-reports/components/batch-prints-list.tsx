import { useMemo, useState } from 'react';
import type { ColDef } from 'ag-grid-community';
import { Button, Form, Input, Modal, Select } from 'antd';
import { REPORT_TYPES } from '@gains/contracts';
import { LocalGrid } from '@/components/grid/local-grid';
import { showServerFieldError } from '@/components/forms/server-field-error';
import { formatDateTime } from '@/lib/format';
import { useReferenceData } from '@/features/reference-data';
import { useBatchPrints, useCreateBatchPrint, type BatchPrint, type NewBatchPrint } from '../api/batch-reports';
import { recentTaxYears, reportTypeWords, statusWords } from './batch-labels';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
const all = (value: string) => value || 'All';

const COLUMNS: ColDef<BatchPrint>[] = [
  { field: 'id', headerName: 'Id', width: 80 },
  { field: 'taxYear', headerName: 'Tax year', width: 100 },
  { field: 'reportType', headerName: 'Report type', minWidth: 170, valueFormatter: (p) => reportTypeWords(p.value) },
  {
    field: 'reportingPeriod',
    headerName: 'Client reporting period',
    minWidth: 150,
    valueFormatter: (p) => all(p.value),
  },
  { field: 'clientState', headerName: 'Client state', valueFormatter: (p) => all(p.value), width: 120 },
  {
    field: 'relationshipManager',
    headerName: 'Relationship manager',
    minWidth: 160,
    valueFormatter: (p) => all(p.value),
  },
  { field: 'organisation', headerName: 'Organisation', minWidth: 190 },
  { field: 'identifiedCandidates', headerName: 'Identified', width: 110, type: 'numericColumn' },
  { field: 'publishedCandidates', headerName: 'Published', width: 110, type: 'numericColumn' },
  { field: 'status', headerName: 'Status', valueFormatter: (p) => statusWords(p.value), width: 160 },
  { field: 'createdBy', headerName: 'Created by', minWidth: 130 },
  { field: 'createdAt', headerName: 'Created at', valueFormatter: (p) => formatDateTime(p.value), width: 170 },
  { field: 'modifiedBy', headerName: 'Modified by', minWidth: 130 },
  { field: 'modifiedAt', headerName: 'Modified at', valueFormatter: (p) => formatDateTime(p.value), width: 170 },
];

/** Seed 000 §1, §2.9: the firm's batch prints, and a new one. */
export function BatchPrintsList({
  organisationUuid,
  onOpen,
}: {
  organisationUuid: string;
  onOpen: (id: number) => void;
}) {
  const prints = useBatchPrints(organisationUuid);
  const [adding, setAdding] = useState(false);
  return (
    <>
      <LocalGrid<BatchPrint>
        gridId="batch-prints"
        rows={prints.data?.content}
        columns={COLUMNS}
        loading={prints.isPending}
        error={prints.error}
        errorTitle="Failed to fetch batch prints."
        exportSuffix="batch-prints"
        sheetName="Batch prints"
        searchPlaceholder="Search batch prints"
        emptyText="No batch prints yet"
        noun="batch print"
        onRowClicked={(row) => onOpen(row.id)}
        testId="batch-prints-grid"
        toolbar={
          <Button type="primary" onClick={() => setAdding(true)}>
            New batch print
          </Button>
        }
      />
      {adding && (
        <NewBatchPrintModal
          organisationUuid={organisationUuid}
          onClose={() => setAdding(false)}
          onCreated={(print) => {
            setAdding(false);
            onOpen(print.id);
          }}
        />
      )}
    </>
  );
}

function NewBatchPrintModal({
  organisationUuid,
  onClose,
  onCreated,
}: {
  organisationUuid: string;
  onClose: () => void;
  onCreated: (print: BatchPrint) => void;
}) {
  const [form] = Form.useForm<NewBatchPrint>();
  const create = useCreateBatchPrint(organisationUuid);
  const reference = useReferenceData(organisationUuid).data;
  const years = useMemo(() => recentTaxYears(today()), []);
  const option = (items: { code: string; name: string }[] | undefined) => [
    { value: '', label: 'All' },
    ...(items ?? []).map((i) => ({ value: i.code, label: i.name })),
  ];
  return (
    <Modal
      open
      title="New batch print"
      okText="Create"
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<NewBatchPrint>
        form={form}
        layout="vertical"
        initialValues={{ taxYear: years[1], reportType: 'cgt-realised', reportingPeriod: '', clientState: '' }}
        onFinish={(values) =>
          create.mutate(
            { ...values, relationshipManager: values.relationshipManager ?? '' },
            { onSuccess: onCreated, onError: (error) => showServerFieldError(form, error) },
          )
        }
      >
        <Form.Item name="taxYear" label="Tax year" rules={[{ required: true, message: 'Tax year is required' }]}>
          <Select options={years.map((y) => ({ value: y, label: y }))} aria-label="Tax year" />
        </Form.Item>
        <Form.Item
          name="reportType"
          label="Report type"
          rules={[{ required: true, message: 'Report type is required' }]}
        >
          <Select
            aria-label="Report type"
            options={REPORT_TYPES.filter((t) => t.code !== 'ca-candidates' && t.code !== 'ca-holding').map((t) => ({
              value: t.code,
              label: t.name,
            }))}
          />
        </Form.Item>
        <Form.Item name="reportingPeriod" label="Client reporting period">
          <Select aria-label="Client reporting period" options={option(reference?.reportingFrequencies)} />
        </Form.Item>
        <Form.Item name="clientState" label="Client state">
          <Select aria-label="Client state" options={option(reference?.clientStates)} />
        </Form.Item>
        <Form.Item name="relationshipManager" label="Relationship manager" extra="A code or name; empty for all">
          <Input aria-label="Relationship manager" maxLength={100} />
        </Form.Item>
      </Form>
      {create.isError && !form.getFieldsError().some((f) => f.errors.length) && (
        <div role="alert" className="gains-form__error">
          Failed to create the batch print.
        </div>
      )}
    </Modal>
  );
}
