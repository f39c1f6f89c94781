import { useCallback, useMemo, useRef, useState } from 'react';
import '@/lib/ag-grid';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, GetRowIdParams } from 'ag-grid-community';
import { Alert, Button, DatePicker, Form, Input, Modal, Space, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { PriceOnDate } from '@gains/contracts';
import { isApiError } from '@/lib/api-client';
import { formatDate, formatMoney, formatPrice, formatText, todayIso } from '@/lib/format';
import { notify } from '@/lib/notify';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { showServerFieldError } from '@/components/forms/server-field-error';
import { GridPager } from '@/components/grid/grid-pager';
import { serverColDef, serverGridOptions, textColumn } from '@/components/grid/grid-defaults';
import { usePricesOnDate, useSavePrice } from '../api/prices';
import { PriceUpload } from './price-upload';
import { SECURITY_MESSAGES, priceProblem, ruleOf } from './security-rules';
import { useServerGrid } from '@/components/grid/use-server-grid';
import { initialSecuritySort } from './securities-query';

const GRID_ID = 'security-prices';

function priceColumns(onEdit: ((row: PriceOnDate) => void) | undefined): ColDef<PriceOnDate>[] {
  return [
    textColumn<PriceOnDate>('sedol', 'SEDOL', { colId: 'sedol', width: 110 }),
    textColumn<PriceOnDate>('isin', 'ISIN', { colId: 'isin', width: 150 }),
    textColumn<PriceOnDate>('securityName', 'Security Name', { colId: 'securityName', width: 280, sort: 'asc' }),
    textColumn<PriceOnDate>('currency', 'Currency', { colId: 'currency', width: 100 }),
    {
      colId: 'date',
      headerName: 'Price Date',
      width: 130,
      valueGetter: (p) => p.data?.price?.date ?? null,
      valueFormatter: (p) => formatDate(p.value as string | null),
    },
    {
      colId: 'price',
      headerName: 'Price',
      width: 150,
      cellClass: ['ag-right-aligned-cell', 'gains-number'],
      valueGetter: (p) => p.data?.price?.price ?? null,
      valueFormatter: (p) => (p.value ? formatPrice(p.value as string) : 'No price'),
    },
    {
      colId: 'priceGbp',
      headerName: 'Price (GBP)',
      width: 150,
      cellClass: ['ag-right-aligned-cell', 'gains-money'],
      valueGetter: (p) => p.data?.price?.priceGbp ?? null,
      valueFormatter: (p) => formatMoney(p.value as string | null),
    },
    {
      colId: 'stale',
      headerName: 'Stale',
      width: 100,
      sortable: false,
      valueGetter: (p) => (p.data?.price ? (p.data.price.stale ? 'Stale' : '') : ''),
      cellClassRules: { 'gains-stale': (p) => p.value === 'Stale' },
    },
    {
      colId: 'source',
      headerName: 'Source',
      width: 110,
      sortable: false,
      valueGetter: (p) => p.data?.price?.source ?? null,
      valueFormatter: (p) => {
        const v = p.value as string | null;
        return v ? v.charAt(0) + v.slice(1).toLowerCase() : '-';
      },
    },
    {
      colId: 'setByName',
      headerName: 'Set By',
      width: 160,
      sortable: false,
      valueGetter: (p) => p.data?.price?.setByName ?? null,
      valueFormatter: (p) => formatText(p.value as string | null),
    },
    ...(onEdit
      ? [
          {
            colId: 'edit',
            headerName: '',
            width: 100,
            sortable: false,
            suppressMovable: true,
            cellRenderer: (p: { data?: PriceOnDate }) =>
              p.data ? (
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => onEdit(p.data!)}
                  aria-label={`Edit price of ${p.data.securityName}`}
                >
                  Edit
                </Button>
              ) : null,
          } satisfies ColDef<PriceOnDate>,
        ]
      : []),
  ];
}

interface PriceValues {
  date: Dayjs;
  price: string;
}

function PriceModal({
  organisationUuid,
  row,
  onClose,
}: {
  organisationUuid: string;
  row: PriceOnDate;
  onClose: () => void;
}) {
  const [form] = Form.useForm<PriceValues>();
  const [alert, setAlert] = useState<string>();
  const save = useSavePrice();
  const onFinish = (v: PriceValues) => {
    setAlert(undefined);
    const date = v.date.format('YYYY-MM-DD');
    save.mutate(
      { organisationUuid, securityId: row.securityId, date, body: { price: v.price.trim(), currency: row.currency } },
      {
        onSuccess: (saved) => {
          notify.success(
            `Price of ${row.securityName} on ${formatDate(date)} set to ${saved.currency} ${formatPrice(saved.price)}`,
          );
          onClose();
        },
        onError: (error) => {
          if (!showServerFieldError(form, error))
            setAlert(isApiError(error) ? error.typeDescription : 'The price could not be saved');
        },
      },
    );
  };
  return (
    <Modal
      open
      title={`Price of ${row.securityName}`}
      okText="Save"
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      {alert && <Alert type="error" showIcon role="alert" className="gains-modal-alert" message={alert} />}
      <Typography.Paragraph type="secondary">
        {row.sedol} · {row.isin} · in {row.currency}
      </Typography.Paragraph>
      <Form<PriceValues>
        form={form}
        name="price"
        layout="vertical"
        initialValues={{ date: dayjs(row.price?.date ?? row.asAt), price: row.price?.price ?? '' }}
        onFinish={onFinish}
        disabled={save.isPending}
      >
        <Form.Item
          label="Date"
          name="date"
          rules={[
            { required: true, message: SECURITY_MESSAGES.dateRequired },
            {
              validator: (_, value: Dayjs | undefined) =>
                value && value.format('YYYY-MM-DD') > todayIso()
                  ? Promise.reject(new Error(SECURITY_MESSAGES.dateFuture))
                  : Promise.resolve(),
            },
          ]}
        >
          <DatePicker format="DD/MM/YYYY" disabledDate={(d) => d.format('YYYY-MM-DD') > todayIso()} />
        </Form.Item>
        <Form.Item label={`Price (${row.currency})`} name="price" rules={[ruleOf(priceProblem)]}>
          <Input inputMode="decimal" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Administration > Security Prices (issue 20): each security's latest price on or before a date, edited one at
 * a time, and a CSV upload. Changing prices is the provider's (provider admins).
 */
export function SecurityPrices({ organisationUuid, canEdit }: { organisationUuid: string; canEdit: boolean }) {
  const gridRef = useRef<AgGridReact<PriceOnDate>>(null);
  const [date, setDate] = useState(() => todayIso());
  const { query, setQuery, sort, searchText, setSearchText, gridEvents } = useServerGrid(
    GRID_ID,
    initialSecuritySort(GRID_ID),
  );
  const prices = usePricesOnDate({ organisationUuid, ...query, sort, date });
  const [editing, setEditing] = useState<PriceOnDate>();
  const columns = useMemo(() => priceColumns(canEdit ? setEditing : undefined), [canEdit]);
  const getRowId = useCallback((p: GetRowIdParams<PriceOnDate>) => String(p.data.securityId), []);

  return (
    <div className="gains-grid-panel" data-testid="security-prices-grid" data-loading={prices.isFetching}>
      <div className="gains-grid-toolbar">
        <Space wrap size="middle">
          <Input.Search
            allowClear
            placeholder="Filter securities"
            aria-label="Filter securities"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            onSearch={(value) => setQuery({ term: value.trim(), page: 1 })}
            className="gains-grid-toolbar__search"
          />
          <Space size="small">
            <span>Prices as at</span>
            <DatePicker
              aria-label="Prices as at"
              format="DD/MM/YYYY"
              allowClear={false}
              value={dayjs(date)}
              disabledDate={(d) => d.format('YYYY-MM-DD') > todayIso()}
              onChange={(d) => {
                if (d) {
                  setDate(d.format('YYYY-MM-DD'));
                  setQuery({ page: 1 });
                }
              }}
            />
          </Space>
        </Space>
        <Space>{canEdit && <PriceUpload organisationUuid={organisationUuid} />}</Space>
      </div>
      {!canEdit && (
        <Alert
          type="info"
          showIcon
          message="Prices are set by the provider's administrators; you can look but not change them."
        />
      )}
      {prices.isError && <ApiErrorAlert title="There was a problem fetching security prices" error={prices.error} />}
      <div className="gains-grid">
        <AgGridReact<PriceOnDate>
          ref={gridRef}
          {...serverGridOptions}
          rowData={prices.isError ? [] : prices.data?.content}
          columnDefs={columns}
          defaultColDef={serverColDef}
          getRowId={getRowId}
          {...gridEvents}
          loading={prices.isFetching}
          suppressNoRowsOverlay={prices.isError}
          overlayNoRowsTemplate={`<span class="gains-grid__empty">${query.term ? 'No securities match the search' : 'There are no securities yet'}</span>`}
        />
      </div>
      <GridPager
        page={query.page}
        size={query.size}
        total={prices.isError ? 0 : (prices.data?.totalSize ?? 0)}
        noun="security"
        plural="securities"
        onChange={({ page, size }) => setQuery({ page, size })}
      />
      {editing && (
        <PriceModal organisationUuid={organisationUuid} row={editing} onClose={() => setEditing(undefined)} />
      )}
    </div>
  );
}
