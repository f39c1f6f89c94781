import { useCallback, useRef, useState } from 'react';
import '@/lib/ag-grid';
import { AgGridReact } from 'ag-grid-react';
import type { GetRowIdParams, RowClickedEvent } from 'ag-grid-community';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Badge, Button, Collapse, DatePicker, Form, Input, Select, Space, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { DocumentHeader } from '@gains/contracts';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { paths } from '@/config/paths';
import { ExportMenu } from '@/components/grid/export-menu';
import { useFullExport } from '@/components/grid/full-export';
import { GridPager } from '@/components/grid/grid-pager';
import { serverColDef, serverGridOptions } from '@/components/grid/grid-defaults';
import { useServerGrid } from '@/components/grid/use-server-grid';
import { useDocumentTypes } from '../api/get-document-types';
import { corporateActionKeys } from '../api/keys';
import { searchHeaders, useSearchHeaders } from '../api/search-headers';
import { AddMovementHeaderModal } from './add-movement-header-modal';
import { HeaderModal } from './header-modal';
import { ReportsMenu } from './reports-menu';
import { headersColumns } from './headers-columns';
import {
  defaultHeaderSearch,
  HEADER_STATUSES,
  MOVEMENT_SEARCH_DATE_TYPES,
  SEARCH_DATE_TYPES,
  type DocumentTypeCode,
  statusLabel,
  type HeaderSearch,
  type SearchDateType,
} from './header-rules';

/** What differs between the corporate actions and the portfolio movements screens (seed 001 §2). */
const KINDS = {
  CA: {
    gridId: 'corporate-action-headers',
    list: 'Corporate Action Headers',
    noun: 'corporate action',
    dateTypes: SEARCH_DATE_TYPES,
  },
  PM: {
    gridId: 'portfolio-movement-headers',
    list: 'Portfolio Movement Headers',
    noun: 'portfolio movement',
    dateTypes: MOVEMENT_SEARCH_DATE_TYPES,
  },
} as const;
const ALL = { value: '', label: 'All' };

interface FormValues {
  type: string;
  status: string;
  searchDateType: SearchDateType;
  from: Dayjs | null;
  to: Dayjs | null;
}

const toForm = (s: HeaderSearch): FormValues => ({ ...s, from: dayjs(s.from), to: dayjs(s.to) });
const day = (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : '');

/**
 * Seed 001 §2, the corporate actions (or, by `documentTypeCode`, the portfolio movements) search screen: the filter form (type, status, which date and the days), then
 * the headers found under 'Corporate Action Headers', paged by the server with a quick filter and an export. A row
 * opens the header; closing it searches again, so a status the header moved to shows in the list.
 */
export function CorporateActionsSearch({
  organisationUuid,
  documentTypeCode = 'CA',
}: {
  organisationUuid: string;
  documentTypeCode?: DocumentTypeCode;
}) {
  const kind = KINDS[documentTypeCode];
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const [search, setSearch] = useState<HeaderSearch>(() => defaultHeaderSearch(dayjs(), documentTypeCode));
  const chosenType = Form.useWatch('type', form);
  const types = useDocumentTypes(organisationUuid, documentTypeCode);
  const gridRef = useRef<AgGridReact<DocumentHeader>>(null);
  const { query, setQuery, searchText, setSearchText, gridEvents } = useServerGrid(kind.gridId);
  const q = { organisationUuid, documentTypeCode, ...search, term: query.term, page: query.page, size: query.size };
  const [adding, setAdding] = useState(false);
  const headers = useSearchHeaders(q);
  const rows = headers.data?.content;
  const total = headers.isError ? 0 : (headers.data?.totalSize ?? 0);
  const [open, setOpen] = useState<string>();

  const fullExport = useFullExport<DocumentHeader>({
    noun: 'header',
    fetchPage: (page, size, signal) => searchHeaders({ ...q, page, size }, signal),
    grid: () => gridRef.current?.api,
    fileSuffix: 'document-list',
    sheetName: kind.list,
    defaultColDef: serverColDef,
  });

  const onSearch = (values: FormValues) => {
    const next: HeaderSearch = {
      type: values.type,
      status: values.status,
      searchDateType: values.searchDateType,
      from: day(values.from),
      to: day(values.to),
    };
    // the same filters searched again must ask the server again, not the cache; new ones ask anyway
    if (JSON.stringify(next) === JSON.stringify(search))
      void queryClient.invalidateQueries({ queryKey: corporateActionKeys.searches(organisationUuid) });
    setSearch(next);
    setQuery({ page: 1 });
  };
  const close = () => {
    setOpen(undefined);
    void queryClient.invalidateQueries({ queryKey: corporateActionKeys.searches(organisationUuid) });
  };
  const getRowId = useCallback((p: GetRowIdParams<DocumentHeader>) => p.data.uuid, []);
  const onRowClicked = useCallback((e: RowClickedEvent<DocumentHeader>) => e.data && setOpen(e.data.uuid), []);

  return (
    <>
      <Form<FormValues>
        form={form}
        layout="inline"
        initialValues={toForm(search)}
        onFinish={onSearch}
        data-testid="ca-filters"
        // the inline form wraps on narrow screens: keep its rows and the results apart
        style={{ rowGap: 12, marginBottom: 16 }}
      >
        <Form.Item label="Type" name="type">
          <Select
            data-testid="ca-type"
            style={{ width: 240 }}
            showSearch
            optionFilterProp="label"
            loading={types.isLoading}
            options={[ALL, ...(types.data ?? []).map((t) => ({ value: t.uuid, label: t.name }))]}
          />
        </Form.Item>
        <Form.Item label="Status" name="status">
          <Select
            data-testid="ca-status"
            style={{ width: 240 }}
            options={[ALL, ...HEADER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))]}
          />
        </Form.Item>
        <Form.Item label="By Date" name="searchDateType">
          <Select data-testid="ca-date-type" style={{ width: 180 }} options={[...kind.dateTypes]} />
        </Form.Item>
        <Form.Item label="From" name="from" rules={[{ required: true, message: 'From is required' }]}>
          <DatePicker data-testid="ca-from" format="DD/MM/YYYY" allowClear={false} />
        </Form.Item>
        <Form.Item
          label="To"
          name="to"
          dependencies={['from']}
          rules={[
            { required: true, message: 'To is required' },
            ({ getFieldValue }) => ({
              validator: (_, to: Dayjs | null) => {
                const from = getFieldValue('from') as Dayjs | null;
                return !from || !to || !to.isBefore(from, 'day')
                  ? Promise.resolve()
                  : Promise.reject(new Error('To must not be before From'));
              },
            }),
          ]}
        >
          <DatePicker data-testid="ca-to" format="DD/MM/YYYY" allowClear={false} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="ca-search">
              Search
            </Button>
            {documentTypeCode === 'PM' ? (
              <Tooltip title={chosenType ? undefined : 'Choose a type first'}>
                <Button disabled={!chosenType} data-testid="ca-add-new" onClick={() => setAdding(true)}>
                  Add New
                </Button>
              </Tooltip>
            ) : (
              <>
                {/* seed 001 §2: a header is added for the type chosen here */}
                <Tooltip title={chosenType ? undefined : 'Choose a type first'}>
                  <Button
                    disabled={!chosenType}
                    data-testid="ca-add-new"
                    onClick={() =>
                      navigate(
                        `${paths.route('AddCorporateAction', organisationUuid)}?type=${encodeURIComponent(chosenType)}`,
                      )
                    }
                  >
                    Add New
                  </Button>
                </Tooltip>
              </>
            )}
          </Space>
        </Form.Item>
      </Form>
      {types.isError && <ApiErrorAlert title={`Failed to fetch the ${kind.noun} types`} error={types.error} />}
      <Collapse
        defaultActiveKey={['headers']}
        items={[
          {
            key: 'headers',
            label: (
              <Space>
                {kind.list}
                <Badge count={total} showZero overflowCount={999999} color="#5b7083" data-testid="ca-count" />
              </Space>
            ),
            children: (
              <div className="gains-grid-panel" data-testid="ca-headers-grid" data-loading={headers.isFetching}>
                <div className="gains-grid-toolbar">
                  <Input.Search
                    allowClear
                    placeholder="Filter by code, security, SEDOL, ISIN or type"
                    aria-label="Filter headers"
                    value={searchText}
                    onChange={(e) => setSearchText(e.target.value)}
                    className="gains-grid-toolbar__search"
                    style={{ width: 360 }}
                  />
                  <Space>
                    <ExportMenu
                      onExport={(kind) => void fullExport.run(kind)}
                      disabled={!rows?.length || fullExport.running}
                    />
                    <ReportsMenu organisationUuid={organisationUuid} search={search} />
                  </Space>
                </div>
                {headers.isError && (
                  <ApiErrorAlert title={`Failed to fetch ${kind.noun} headers`} error={headers.error} />
                )}
                <div className="gains-grid">
                  <AgGridReact<DocumentHeader>
                    ref={gridRef}
                    {...serverGridOptions}
                    rowData={headers.isError ? [] : rows}
                    columnDefs={headersColumns}
                    defaultColDef={serverColDef}
                    getRowId={getRowId}
                    onRowClicked={onRowClicked}
                    rowClass="gains-grid__row--link"
                    {...gridEvents}
                    loading={headers.isLoading}
                    suppressNoRowsOverlay={headers.isError}
                    overlayNoRowsTemplate='<span class="gains-grid__empty">No headers match</span>'
                  />
                </div>
                <GridPager
                  page={query.page}
                  size={query.size}
                  total={total}
                  noun="header"
                  onChange={({ page, size }) => setQuery({ page, size })}
                />
              </div>
            ),
          },
        ]}
      />
      {fullExport.dialog}
      <HeaderModal organisationUuid={organisationUuid} uuid={open} types={types.data} onClose={close} />
      {documentTypeCode === 'PM' && chosenType && (
        <AddMovementHeaderModal
          organisationUuid={organisationUuid}
          typeUuid={chosenType}
          open={adding}
          onClose={(created) => {
            setAdding(false);
            // seed 001 §2: closing the new item's modal searches again; the new header opens to follow its job
            void queryClient.invalidateQueries({ queryKey: corporateActionKeys.searches(organisationUuid) });
            if (created) setOpen(created.uuid);
          }}
        />
      )}
    </>
  );
}
