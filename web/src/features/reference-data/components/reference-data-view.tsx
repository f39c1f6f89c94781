import { useState } from 'react';
import { Alert, Button, DatePicker, Form, Input, Modal, Select, Skeleton, Table, Tabs, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import type { FxRate, ReferenceItem, TaxYearReference } from '@gains/contracts';
import { tablePager } from '@/components/grid/grid-pager';
import { isApiError } from '@/lib/api-client';
import { formatDate, formatDecimal, formatMoney, formatText, todayIso } from '@/lib/format';
import { notify } from '@/lib/notify';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { showServerFieldError } from '@/components/forms/server-field-error';
import { useAddFxRate, useFxRates, useReferenceData, type ReferenceData } from '../api/get-reference-data';
import { FX_MESSAGES, fxRateProblem } from './fx-rate-rules';
import { SetExemptAmountModal } from './set-exempt-amount-modal';

/** A rate exactly as the server sent it, grouped, never fewer than 4 places. */
function rateText(value: string): string {
  const places = Math.max(4, (value.split('.')[1] ?? '').length);
  return formatDecimal(value, places);
}

const codedColumns: ColumnsType<ReferenceItem> = [
  { title: 'Code', dataIndex: 'code', width: 260 },
  { title: 'Name', dataIndex: 'name' },
];

function CodedList({ items, noun }: { items: ReferenceItem[]; noun: string }) {
  return (
    <Table<ReferenceItem>
      size="small"
      rowKey="code"
      dataSource={items}
      columns={codedColumns}
      pagination={tablePager(25, 'entry', 'entries')}
      locale={{ emptyText: `No ${noun}` }}
    />
  );
}

interface FxValues {
  currency?: string;
  date?: Dayjs;
  gbpPerUnit: string;
}

function AddFxRateModal({
  organisationUuid,
  currencies,
  onClose,
}: {
  organisationUuid: string;
  currencies: ReferenceData['currencies'];
  onClose: () => void;
}) {
  const [form] = Form.useForm<FxValues>();
  const [alert, setAlert] = useState<string>();
  const add = useAddFxRate();
  const onFinish = (v: FxValues) => {
    setAlert(undefined);
    const body = {
      currency: v.currency ?? '',
      date: v.date?.format('YYYY-MM-DD') ?? '',
      gbpPerUnit: v.gbpPerUnit.trim(),
    };
    add.mutate(
      { organisationUuid, body },
      {
        onSuccess: (rate) => {
          notify.success(
            `FX rate added: 1 ${rate.currency} = £${rateText(rate.gbpPerUnit)} on ${formatDate(rate.date)}`,
          );
          onClose();
        },
        onError: (error) => {
          if (!showServerFieldError(form, error))
            setAlert(isApiError(error) ? error.typeDescription : 'The FX rate could not be added');
        },
      },
    );
  };
  return (
    <Modal
      open
      title="Add FX rate"
      okText="Add"
      onOk={() => form.submit()}
      okButtonProps={{ loading: add.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      {alert && <Alert type="error" showIcon role="alert" className="gains-modal-alert" message={alert} />}
      <Form<FxValues>
        form={form}
        layout="vertical"
        name="fx-rate"
        onFinish={onFinish}
        initialValues={{ gbpPerUnit: '' }}
      >
        <Form.Item label="Currency" name="currency" rules={[{ required: true, message: FX_MESSAGES.currencyRequired }]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={currencies
              .filter((c) => c.isoCode !== 'GBP')
              .map((c) => ({ value: c.isoCode, label: `${c.isoCode} – ${c.name}` }))}
          />
        </Form.Item>
        <Form.Item
          label="Date"
          name="date"
          rules={[
            { required: true, message: FX_MESSAGES.dateRequired },
            {
              validator: (_, value: Dayjs | undefined) =>
                value && value.format('YYYY-MM-DD') > todayIso()
                  ? Promise.reject(new Error(FX_MESSAGES.dateFuture))
                  : Promise.resolve(),
            },
          ]}
        >
          <DatePicker format="DD/MM/YYYY" disabledDate={(d) => d.format('YYYY-MM-DD') > todayIso()} />
        </Form.Item>
        <Form.Item
          label="GBP per unit"
          name="gbpPerUnit"
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const problem = fxRateProblem(value);
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input inputMode="decimal" placeholder="e.g. 0.7912" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** One currency's rates, newest first. */
function FxHistory({
  organisationUuid,
  currencies,
}: {
  organisationUuid: string;
  currencies: ReferenceData['currencies'];
}) {
  const [currency, setCurrency] = useState<string>();
  const rates = useFxRates(organisationUuid, currency);
  return (
    <div className="gains-fx-history" data-testid="fx-history">
      <div className="gains-grid-toolbar">
        <Typography.Text strong>Rate history</Typography.Text>
        <Select
          aria-label="Rate history of"
          showSearch
          optionFilterProp="label"
          placeholder="Choose a currency"
          style={{ width: 260 }}
          value={currency}
          onChange={setCurrency}
          options={currencies
            .filter((c) => c.isoCode !== 'GBP')
            .map((c) => ({ value: c.isoCode, label: `${c.isoCode} – ${c.name}` }))}
        />
      </div>
      {rates.isError ? (
        <ApiErrorAlert title={`There was a problem fetching the ${currency} rates`} error={rates.error} />
      ) : (
        currency && (
          <Table<FxRate>
            size="small"
            rowKey={(r) => `${r.currency}.${r.date}`}
            loading={rates.isFetching}
            dataSource={[...(rates.data ?? [])].sort((a, b) => b.date.localeCompare(a.date))}
            columns={[
              { title: 'Date', dataIndex: 'date', render: (v: string) => formatDate(v) },
              { title: 'GBP per unit', dataIndex: 'gbpPerUnit', align: 'right', render: (v: string) => rateText(v) },
              { title: 'Set by', dataIndex: 'setByName', render: (v: string) => formatText(v) },
            ]}
            pagination={tablePager(10, 'rate')}
            locale={{ emptyText: `No ${currency} rates in the last 90 days` }}
          />
        )
      )}
    </div>
  );
}

/**
 * Reference Data (issue 20): the lists the product runs on in one place, read-only for customers; a provider
 * admin can add an FX rate.
 */
export function ReferenceDataView({
  organisationUuid,
  canAddRates,
}: {
  organisationUuid: string;
  canAddRates: boolean;
}) {
  const data = useReferenceData(organisationUuid);
  const [addingRate, setAddingRate] = useState(false);
  const [settingAmount, setSettingAmount] = useState(false);
  if (data.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (data.isError) return <ApiErrorAlert title="There was a problem fetching reference data" error={data.error} />;
  const d = data.data;

  const taxYearColumns: ColumnsType<TaxYearReference> = [
    { title: 'Tax year', dataIndex: 'label', width: 120 },
    { title: 'Starts', dataIndex: 'startDate', render: (v: string) => formatDate(v) },
    { title: 'Ends', dataIndex: 'endDate', render: (v: string) => formatDate(v) },
    {
      title: 'Annual exempt amount',
      dataIndex: 'annualExemptAmount',
      align: 'right',
      render: (v: string) => formatMoney(v),
    },
    {
      title: 'Basic rate',
      dataIndex: 'basicRate',
      align: 'right',
      render: (v: string | null) => (v ? `${formatDecimal(v, Math.max(0, (v.split('.')[1] ?? '').length))}%` : '-'),
    },
    {
      title: 'Higher rate',
      dataIndex: 'higherRate',
      align: 'right',
      render: (v: string | null) => (v ? `${formatDecimal(v, Math.max(0, (v.split('.')[1] ?? '').length))}%` : '-'),
    },
    {
      title: 'Note',
      dataIndex: 'ratesNote',
      render: (v: string | null, y) => (
        <Typography.Text type="secondary">
          {[v, y.amountSetBy && `Amount set by ${y.amountSetBy} on ${formatDate(y.amountSetAt!.slice(0, 10))}`]
            .filter(Boolean)
            .join('; ')}
        </Typography.Text>
      ),
    },
  ];

  const fxColumns: ColumnsType<FxRate> = [
    { title: 'Currency', dataIndex: 'currency', width: 120 },
    { title: 'Date', dataIndex: 'date', render: (v: string) => formatDate(v) },
    { title: 'GBP per unit', dataIndex: 'gbpPerUnit', align: 'right', render: (v: string) => rateText(v) },
    { title: 'Set by', dataIndex: 'setByName', render: (v: string) => formatText(v) },
  ];

  const list = (key: string, label: string, items: ReferenceItem[]) => ({
    key,
    label,
    children: <CodedList items={items} noun={label.toLowerCase()} />,
  });

  return (
    <>
      {!canAddRates && (
        <Typography.Paragraph type="secondary">
          These lists are kept by the provider; they are shown here for reference.
        </Typography.Paragraph>
      )}
      <Tabs
        data-testid="reference-data"
        tabPosition="left"
        items={[
          {
            key: 'tax-years',
            label: 'Tax years',
            children: (
              <>
                <div className="gains-grid-toolbar">
                  <Typography.Text type="secondary">
                    Annual exempt amounts for individuals (trusts get half) and CGT rates, as the tax engine uses them.
                  </Typography.Text>
                  {canAddRates && (
                    <Button type="primary" icon={<PlusOutlined />} onClick={() => setSettingAmount(true)}>
                      Set an exempt amount
                    </Button>
                  )}
                </div>
                <Table<TaxYearReference>
                  size="small"
                  rowKey="label"
                  dataSource={[...d.taxYears].sort((a, b) => b.startDate.localeCompare(a.startDate))}
                  columns={taxYearColumns}
                  pagination={tablePager(15, 'tax year')}
                />
              </>
            ),
          },
          {
            key: 'rpi',
            label: 'RPI',
            children: (
              <Table
                size="small"
                rowKey="month"
                dataSource={[...d.rpi].sort((a, b) => b.month.localeCompare(a.month))}
                columns={[
                  {
                    title: 'Month',
                    dataIndex: 'month',
                    render: (v: string) => `${v.slice(5, 7)}/${v.slice(0, 4)}`,
                  },
                  {
                    title: 'RPI (Jan 1987 = 100)',
                    dataIndex: 'value',
                    align: 'right',
                    // As published: one place from 1987, two before (the older series converted, CG17274).
                    render: (v: string) => formatDecimal(v, Math.max(1, (v.split('.')[1] ?? '').length)),
                  },
                ]}
                pagination={tablePager(24, 'month')}
              />
            ),
          },
          {
            key: 'currencies',
            label: 'Currencies',
            children: (
              <Table
                size="small"
                rowKey="isoCode"
                dataSource={d.currencies}
                columns={[
                  { title: 'Code', dataIndex: 'isoCode', width: 120 },
                  { title: 'Name', dataIndex: 'name' },
                  { title: 'Decimal places', dataIndex: 'decimalPlaces', align: 'right' },
                ]}
                pagination={false}
              />
            ),
          },
          {
            key: 'fx',
            label: 'FX rates',
            children: (
              <>
                <div className="gains-grid-toolbar">
                  <Typography.Text type="secondary">The latest rate of each currency, in GBP per unit.</Typography.Text>
                  {canAddRates && (
                    <Button type="primary" icon={<PlusOutlined />} onClick={() => setAddingRate(true)}>
                      Add FX rate
                    </Button>
                  )}
                </div>
                <Table<FxRate>
                  size="small"
                  rowKey={(r) => `${r.currency}.${r.date}`}
                  dataSource={d.fxRates}
                  columns={fxColumns}
                  pagination={false}
                  locale={{ emptyText: 'No FX rates yet' }}
                />
                <FxHistory organisationUuid={organisationUuid} currencies={d.currencies} />
              </>
            ),
          },
          {
            key: 'asset-classes',
            label: 'Asset classes',
            children: (
              <Table
                size="small"
                rowKey="code"
                dataSource={d.assetClasses}
                columns={[
                  { title: 'Code', dataIndex: 'code', width: 260 },
                  { title: 'Name', dataIndex: 'name' },
                  {
                    title: 'CGT class',
                    dataIndex: 'cgtClass',
                    render: (v: string) => <Tag>{d.cgtClasses.find((c) => c.code === v)?.name ?? v}</Tag>,
                  },
                ]}
                pagination={false}
              />
            ),
          },
          list('cgt-classes', 'CGT classes', d.cgtClasses),
          list('security-statuses', 'Security statuses', d.securityStatuses),
          list('countries', 'Countries', d.countries),
          list('client-types', 'Client types', d.clientTypes),
          list('client-states', 'Client states', d.clientStates),
          list('relationship-types', 'Relationship types', d.relationshipTypes),
          list('address-statuses', 'Address statuses', d.addressStatuses),
          list('reporting-frequencies', 'Reporting frequencies', d.reportingFrequencies),
          list('income-types', 'Income types', d.incomeTypes),
        ]}
      />
      {settingAmount && (
        <SetExemptAmountModal
          organisationUuid={organisationUuid}
          taxYears={d.taxYears}
          onClose={() => setSettingAmount(false)}
        />
      )}
      {addingRate && (
        <AddFxRateModal
          organisationUuid={organisationUuid}
          currencies={d.currencies}
          onClose={() => setAddingRate(false)}
        />
      )}
    </>
  );
}
