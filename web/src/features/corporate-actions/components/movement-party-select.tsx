import { useState } from 'react';
import { Select, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { config } from '@/config/env';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useMovementClients, useMovementPortfolios, type MovementDirection } from '../api/search-movement-parties';

interface PartyProps {
  organisationUuid: string;
  typeUuid: string;
  direction: MovementDirection;
  testId: string;
}

/**
 * A movement row's client: searched once typing settles for 500 ms, only with a non-empty term, at most ten
 * suggestions (seed 001 §5), within the organisation. The chosen client's label stays shown.
 */
export function MovementClientSelect({
  organisationUuid,
  typeUuid,
  direction,
  testId,
  value,
  label,
  onChange,
}: PartyProps & {
  value: string;
  label: string;
  onChange: (client: { uuid: string; label: string }) => void;
}) {
  const [typed, setTyped] = useState('');
  const settled = useDebouncedValue(typed, config.searchDebounceMs);
  const clients = useMovementClients(organisationUuid, typeUuid, direction, settled);
  const waiting = typed.trim() !== '' && (typed !== settled || clients.isFetching);
  const options = (clients.data ?? []).map((c) => ({ value: c.uuid, label: `${c.code} · ${c.name}` }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label });
  let notFound: React.ReactNode = 'Type a client code or name';
  if (clients.isError) notFound = <Typography.Text type="danger">Failed to fetch clients.</Typography.Text>;
  else if (waiting) notFound = 'Searching…';
  else if (settled.trim()) notFound = 'No clients found';
  return (
    <Select<string>
      showSearch
      data-testid={testId}
      aria-label="Client"
      placeholder="Search clients"
      suffixIcon={<SearchOutlined />}
      filterOption={false}
      searchValue={typed}
      onSearch={setTyped}
      value={value || null}
      loading={waiting}
      style={{ width: 260 }}
      popupMatchSelectWidth={false}
      notFoundContent={notFound}
      options={options}
      onChange={(uuid) => {
        const chosen = options.find((o) => o.value === uuid);
        if (chosen) onChange({ uuid, label: chosen.label });
        setTyped('');
      }}
    />
  );
}

/** A movement row's portfolio: the chosen client's, filtered by code or name as typed (at most ten). */
export function MovementPortfolioSelect({
  organisationUuid,
  typeUuid,
  direction,
  testId,
  clientUuid,
  value,
  onChange,
}: PartyProps & { clientUuid: string; value: string; onChange: (portfolioUuid: string) => void }) {
  const [typed, setTyped] = useState('');
  const settled = useDebouncedValue(typed, config.searchDebounceMs);
  const portfolios = useMovementPortfolios(organisationUuid, typeUuid, direction, clientUuid, settled);
  return (
    <Select<string>
      showSearch
      data-testid={testId}
      aria-label="Portfolio"
      placeholder={clientUuid ? 'Choose a portfolio' : 'Choose the client first'}
      disabled={!clientUuid}
      filterOption={false}
      searchValue={typed}
      onSearch={setTyped}
      value={value || null}
      loading={portfolios.isFetching}
      style={{ width: 260 }}
      popupMatchSelectWidth={false}
      notFoundContent={portfolios.isError ? 'Failed to fetch portfolios.' : 'No portfolios found'}
      options={(portfolios.data ?? []).map((p) => ({ value: p.uuid, label: `${p.code} · ${p.name}` }))}
      onChange={(uuid) => {
        onChange(uuid);
        setTyped('');
      }}
    />
  );
}
