import { useState } from 'react';
import { Input, Modal, Table, Typography } from 'antd';
import type { Security } from '@gains/contracts';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { config } from '@/config/env';
import { formatText } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useFindSecurities } from '../api/find-securities';
import type { ChosenSecurity } from './ca-header-form-rules';

const text = (v: string) => formatText(v);
const COLUMNS = [
  { key: 'sedol', dataIndex: 'sedol', title: 'SEDOL', render: text },
  { key: 'isin', dataIndex: 'isin', title: 'ISIN', render: text },
  { key: 'issuerName', dataIndex: 'issuerName', title: 'Issuer Name', render: text },
  { key: 'issuerLongName', dataIndex: 'issuerLongName', title: 'Issuer Long Name', render: text },
  { key: 'securityName', dataIndex: 'securityName', title: 'Security Name', render: text },
  { key: 'securityDescription', dataIndex: 'securityDescription', title: 'Security Description', render: text },
];

/**
 * Seed 001 §2, the security chooser: a search box (asked 500 ms after typing stops, only with a non-empty term) and
 * the securities found; a row click selects it or, clicked again, lets it go; Confirm hands the chosen one back.
 */
export function SecurityChooserModal({
  organisationUuid,
  open,
  title = 'Choose a security',
  onCancel,
  onConfirm,
}: {
  organisationUuid: string;
  open: boolean;
  title?: string;
  onCancel: () => void;
  onConfirm: (security: ChosenSecurity) => void;
}) {
  const [typed, setTyped] = useState('');
  const settled = useDebouncedValue(typed, config.searchDebounceMs);
  const found = useFindSecurities(organisationUuid, settled);
  const [chosen, setChosen] = useState<Security>();
  const rows = settled.trim() ? (found.data?.content ?? []) : [];
  const waiting = typed.trim() !== '' && (typed !== settled || found.isFetching);

  const reset = () => {
    setTyped('');
    setChosen(undefined);
  };
  return (
    <Modal
      open={open}
      title={title}
      width={1100}
      okText="Confirm"
      cancelText="Cancel"
      okButtonProps={{ disabled: !chosen, id: 'chooser-confirm' }}
      onCancel={() => {
        reset();
        onCancel();
      }}
      onOk={() => {
        if (!chosen) return;
        onConfirm({ id: chosen.id, sedol: chosen.sedol, isin: chosen.isin, securityName: chosen.securityName });
        reset();
      }}
      destroyOnHidden
    >
      <div data-testid="security-chooser">
        <Input.Search
          autoFocus
          allowClear
          aria-label="Search securities"
          data-testid="chooser-search"
          placeholder="Search by SEDOL, ISIN or name"
          value={typed}
          loading={waiting}
          onChange={(e) => setTyped(e.target.value)}
          style={{ marginBottom: 12 }}
        />
        {found.isError && <ApiErrorAlert title="Failed to fetch securities." error={found.error} />}
        <Table<Security>
          size="small"
          rowKey="id"
          columns={COLUMNS}
          dataSource={found.isError ? [] : rows}
          loading={waiting}
          pagination={false}
          scroll={{ y: 360 }}
          rowSelection={{
            type: 'radio',
            selectedRowKeys: chosen ? [chosen.id] : [],
            onChange: (_, selected) => setChosen(selected[0]),
          }}
          onRow={(row) => ({
            onClick: () => setChosen((was) => (was?.id === row.id ? undefined : row)),
            style: { cursor: 'pointer' },
            'data-testid': `chooser-row-${row.sedol}`,
          })}
          locale={{
            emptyText: settled.trim() ? (
              'No securities found'
            ) : (
              <Typography.Text type="secondary">Type a SEDOL, ISIN or name</Typography.Text>
            ),
          }}
        />
      </div>
    </Modal>
  );
}
