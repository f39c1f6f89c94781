import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColDef } from 'ag-grid-community';
import { TAX_WRAPPERS } from '@gains/contracts';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { renameErrorField, showServerFieldError } from '@/components/forms/server-field-error';
import { LocalGrid } from '@/components/grid/local-grid';
import { moneyColumn, numberColumn, textColumn } from '@/components/grid/grid-defaults';
import { useClientPortfolios, useSavePortfolio, type Portfolio } from '../api/client-admin';
import { percentageProblem, sharesSumTo100 } from './client-form-rules';
import { RelatedClientSelect } from './related-client-select';

type Row = Portfolio & { id: string };

const columns: ColDef<Row>[] = [
  textColumn<Row>('code', 'Code', { width: 150 }),
  textColumn<Row>('name', 'Name', { width: 220 }),
  textColumn<Row>('type', 'Type', { width: 150 }),
  textColumn<Row>('taxWrapper', 'Tax Wrapper', { width: 130 }),
  textColumn<Row>('state', 'State', { width: 110 }),
  textColumn<Row>('currency', 'Currency', { width: 110 }),
  textColumn<Row>('percentage', 'Ownership %', {
    width: 130,
    valueFormatter: (p) => (p.value ? `${String(p.value)}%` : '-'),
  }),
  textColumn<Row>('owners', 'Owners', {
    width: 260,
    valueFormatter: (p) =>
      ((p.value as Portfolio['owners'] | undefined) ?? []).map((o) => `${o.clientCode} ${o.percentage}%`).join(', '),
  }),
  numberColumn<Row>('holdingCount', 'Holdings', { width: 110 }),
  moneyColumn<Row>('marketValue', 'Market Value', { width: 160 }),
];

const PORTFOLIO_TYPES = ['ADVISORY', 'DISCRETIONARY', 'EXECUTION_ONLY'].map((t) => ({ value: t, label: t }));
const STATES = ['LIVE', 'CLOSED'].map((s) => ({ value: s, label: s }));
const WRAPPER_LABELS: Record<string, string> = {
  GIA: 'General account (GIA)',
  ISA: 'ISA (outside CGT)',
  PENSION: 'Pension (outside CGT)',
};

interface PortfolioValues {
  code: string;
  name: string;
  type: string;
  state: string;
  currency: string;
  taxWrapper: string;
  owners: { clientUuid?: string; label?: string; percentage?: string }[];
}

/** The client's portfolios; an admin adds or edits one with its owners (a joint portfolio's shares sum to 100). */
export function PortfoliosTab({
  organisationUuid,
  client,
  canSave,
}: {
  organisationUuid: string;
  client: { uuid: string; code: string; name: string };
  canSave: boolean;
}) {
  const portfolios = useClientPortfolios(organisationUuid, client.uuid);
  const [editing, setEditing] = useState<Portfolio | 'new'>();
  const rows = useMemo(() => portfolios.data?.map((p) => ({ ...p, id: p.uuid })), [portfolios.data]);
  return (
    <>
      <LocalGrid<Row>
        gridId="client-edit-portfolios"
        testId="client-portfolios-grid"
        rows={rows}
        columns={columns}
        loading={portfolios.isFetching}
        error={portfolios.error}
        errorTitle="There was a problem fetching the client's portfolios"
        exportSuffix="portfolios"
        sheetName="Portfolios"
        searchPlaceholder="Filter portfolios"
        emptyText="This client has no portfolios"
        noun="portfolio"
        onRowClicked={canSave ? (row) => setEditing(row) : undefined}
        toolbar={
          canSave && (
            <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              Add portfolio
            </Button>
          )
        }
      />
      {editing && (
        <PortfolioModal
          organisationUuid={organisationUuid}
          client={client}
          portfolio={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    </>
  );
}

function PortfolioModal({
  organisationUuid,
  client,
  portfolio,
  onClose,
}: {
  organisationUuid: string;
  client: { uuid: string; code: string; name: string };
  portfolio?: Portfolio;
  onClose: () => void;
}) {
  const [form] = Form.useForm<PortfolioValues>();
  const save = useSavePortfolio(organisationUuid);
  const [problem, setProblem] = useState<string>();
  const initial: PortfolioValues = {
    code: portfolio?.code ?? '',
    name: portfolio?.name ?? '',
    type: portfolio?.type ?? 'ADVISORY',
    state: portfolio?.state ?? 'LIVE',
    currency: portfolio?.currency ?? 'GBP',
    taxWrapper: portfolio?.taxWrapper ?? 'GIA',
    owners: portfolio?.owners.map((o) => ({
      clientUuid: o.clientUuid,
      label: `${o.clientCode} ${o.clientName}`,
      percentage: o.percentage,
    })) ?? [{ clientUuid: client.uuid, label: `${client.code} ${client.name}`, percentage: '100' }],
  };
  const submit = async () => {
    const v = await form.validateFields();
    setProblem(undefined);
    save.mutate(
      {
        uuid: portfolio?.uuid,
        version: portfolio?.version,
        portfolio: {
          code: v.code.trim(),
          name: v.name.trim(),
          type: v.type,
          state: v.state,
          currency: v.currency.trim().toUpperCase(),
          taxWrapper: v.taxWrapper,
          owners: v.owners.map((o) => ({
            clientUuid: o.clientUuid ?? '',
            percentage: (o.percentage ?? '').trim(),
            clientCode: '',
            clientName: '',
          })),
        },
      },
      {
        onSuccess: (saved) => {
          notify.success(`Portfolio ${saved.code} ${portfolio ? 'saved' : 'added'}`);
          onClose();
        },
        onError: (error) => {
          const field = (f: string) => f.replace(/^portfolio\./, '').replace(/\[(\d+)\]/g, '.$1');
          if (!showServerFieldError(form, renameErrorField(error, field))) {
            setProblem(isApiError(error) ? error.typeDescription : 'The portfolio could not be saved');
          }
        },
      },
    );
  };
  return (
    <Modal
      open
      title={portfolio ? `Edit portfolio ${portfolio.code}` : 'Add portfolio'}
      okText="Save"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={720}
    >
      <Form form={form} layout="vertical" initialValues={initial} data-testid="portfolio-form">
        <div className="gains-form-grid">
          <Form.Item
            label="Code"
            name="code"
            rules={[{ required: true, whitespace: true, message: 'Code is required' }]}
          >
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item
            label="Name"
            name="name"
            rules={[{ required: true, whitespace: true, message: 'Name is required' }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item label="Type" name="type">
            <Select options={PORTFOLIO_TYPES} />
          </Form.Item>
          <Form.Item label="State" name="state">
            <Select options={STATES} />
          </Form.Item>
          <Form.Item
            label="Currency"
            name="currency"
            rules={[{ pattern: /^[A-Za-z]{3}$/, message: 'Currency is a 3-letter ISO code' }]}
          >
            <Input maxLength={3} />
          </Form.Item>
          <Form.Item label="Tax wrapper" name="taxWrapper">
            <Select options={TAX_WRAPPERS.map((w) => ({ value: w, label: WRAPPER_LABELS[w] ?? w }))} />
          </Form.Item>
        </div>
        <Form.List
          name="owners"
          rules={[
            {
              validator: (_r, owners: PortfolioValues['owners']) =>
                sharesSumTo100((owners ?? []).map((o) => o?.percentage))
                  ? Promise.resolve()
                  : Promise.reject(new Error('Ownership percentages must sum to 100')),
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, index) => (
                <Space key={field.key} align="start" style={{ display: 'flex' }} data-testid="owner-row">
                  <Form.Item
                    label={index === 0 ? 'Owner' : undefined}
                    name={[field.name, 'clientUuid']}
                    rules={[{ required: true, message: 'Owner is required' }]}
                    style={{ width: 360 }}
                  >
                    <RelatedClientSelect
                      organisationUuid={organisationUuid}
                      label={form.getFieldValue(['owners', field.name, 'label']) as string | undefined}
                    />
                  </Form.Item>
                  <Form.Item
                    label={index === 0 ? 'Share %' : undefined}
                    name={[field.name, 'percentage']}
                    rules={[
                      { required: true, message: 'Share is required' },
                      {
                        validator: (_r, v: string) =>
                          percentageProblem(v) ? Promise.reject(new Error(percentageProblem(v))) : Promise.resolve(),
                      },
                    ]}
                  >
                    <Input inputMode="decimal" style={{ width: 120 }} />
                  </Form.Item>
                  {fields.length > 1 && (
                    <Button
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                      aria-label="Remove owner"
                      style={{ marginTop: index === 0 ? 30 : 0 }}
                    />
                  )}
                </Space>
              ))}
              <Form.ErrorList errors={errors} />
              <Button icon={<PlusOutlined />} onClick={() => add({ percentage: '' })}>
                Add joint owner
              </Button>
            </>
          )}
        </Form.List>
      </Form>
      {problem && <Alert type="error" showIcon message={problem} style={{ marginTop: 12 }} />}
    </Modal>
  );
}
