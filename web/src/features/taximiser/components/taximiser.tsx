import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Empty, Input, Select, Space, Spin, Typography } from 'antd';
import type { TaximiserPlan, TaximiserPlanBody } from '@gains/contracts';
import { config } from '@/config/env';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useHoldings, usePortfolios } from '@/features/clients';
import { useClientChoices, CLIENT_SUGGESTIONS } from '../api/clients';
import { usePlanDisposals } from '../api/plan';
import { describeError } from './plan-error';
import { useDelayedValue } from '../hooks/use-delayed-value';
import { TaximiserHoldingsGrid, type HoldingsGridHandle } from './taximiser-holdings-grid';
import { TaximiserPlanner, type PlannerChoice } from './taximiser-planner';
import { DisposalsTable, PositionTable, RebuysPanel, TaxPanel, TotalsTable } from './taximiser-results';
import { NO_REBUY, RebuyChoice, rebuyRequest, type RebuyState } from './rebuy-choice';
import { TradeListPanel } from './trade-list-panel';
import { HouseholdChoice } from './household-choice';
import {
  editedPrices,
  planInput,
  runPercent,
  selectedProblems,
  toTaximiserRows,
  withDisposalAmount,
  withPlannedAmounts,
  withPrice,
  type RowField,
  type TaximiserRow,
} from './taximiser-rows';

interface Message {
  kind: 'success' | 'info' | 'error';
  text: string;
  /** a new message restarts the clock even when its text repeats */
  at: number;
}

interface ChosenClient {
  uuid: string;
  code: string;
  name: string;
}

/**
 * The Taximiser (seed 000 §1, §2.7, §4): choose an organisation, a client and a portfolio (each fetch 800 ms after
 * the choice), then enter disposal amounts, prices or a percentage, or let the planner choose, and see the
 * disposals, their totals, the client's position and the tax.
 */
export function Taximiser({
  areaOrganisationUuid,
  organisations,
  canSaveProposals = false,
}: {
  /** The organisation the rest of the app is working in: the one chosen at first. */
  areaOrganisationUuid: string;
  organisations: { uuid: string; code: string; name: string }[];
  /** the caller may save a plan's sales as pending transactions (a change to the ledger) */
  canSaveProposals?: boolean;
}) {
  const [organisationUuid, setOrganisationUuid] = useState<string | undefined>(areaOrganisationUuid || undefined);
  const [client, setClient] = useState<ChosenClient>();
  const [typed, setTyped] = useState('');
  const [chosenPortfolio, setPortfolioUuid] = useState<string>();
  const [rows, setRows] = useState<TaximiserRow[]>([]);
  const [original, setOriginal] = useState<TaximiserRow[]>([]);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [plan, setPlan] = useState<TaximiserPlan>();
  /** the request the plan answered, which the trade list's PDF sends again */
  const [planRequest, setPlanRequest] = useState<TaximiserPlanBody>();
  const [percent, setPercent] = useState('');
  const [percentError, setPercentError] = useState<string>();
  const [message, setMessage] = useState<Message>();
  /** the client's spouse or civil partner, as the last plan named them; and whether to plan for the household */
  const [spouse, setSpouse] = useState<{ clientUuid: string; code: string; name: string }>();
  const [household, setHousehold] = useState(false);
  const [spousePortfolio, setSpousePortfolio] = useState<string>();
  /** bed and ISA / bed and spouse */
  const [rebuy, setRebuy] = useState<RebuyState>(NO_REBUY);
  /** the holdings answer the rows were made from */
  const [loadedFrom, setLoadedFrom] = useState<unknown>();
  const gridRef = useRef<HoldingsGridHandle>(null);

  // §4 steps 1-3: each choice is acted on 800 ms after it is made
  const delayedOrganisation = useDelayedValue(organisationUuid, config.taximiserDelayMs);
  const delayedClient = useDelayedValue(client?.uuid, config.taximiserDelayMs);
  const term = useDebouncedValue(typed, config.searchDebounceMs);
  const clients = useClientChoices(delayedOrganisation ?? '', term, !!delayedOrganisation);
  const portfolios = usePortfolios(organisationUuid ?? '', delayedClient);
  const planCall = usePlanDisposals(organisationUuid ?? '');

  const say = useCallback((kind: Message['kind'], text: string) => setMessage({ kind, text, at: Date.now() }), []);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(undefined), config.taximiserMessageMs);
    return () => clearTimeout(timer);
  }, [message]);

  const clearHoldings = useCallback(() => {
    setRows([]);
    setOriginal([]);
    setSelected(new Set());
    setPlan(undefined);
    setPercentError(undefined);
    setLoadedFrom(undefined);
  }, []);

  const chooseOrganisation = (next: string | undefined) => {
    // reset only when the organisation differs from the one the page is working in
    if (next === organisationUuid) return;
    setOrganisationUuid(next);
    setClient(undefined);
    setTyped('');
    setPortfolioUuid(undefined);
    clearHoldings();
  };
  const chooseClient = (next: ChosenClient | undefined) => {
    setClient(next);
    setSpouse(undefined);
    setHousehold(false);
    setSpousePortfolio(undefined);
    setRebuy(NO_REBUY);
    setPortfolioUuid(undefined);
    clearHoldings();
  };
  const choosePortfolio = (next: string | undefined) => {
    setPortfolioUuid(next);
    clearHoldings();
  };

  // §4 step 2: exactly one portfolio is chosen for the user
  const portfolioList = useMemo(
    () => (delayedClient && delayedClient === client?.uuid ? (portfolios.data ?? []) : []),
    [delayedClient, client?.uuid, portfolios.data],
  );
  const portfolioUuid = chosenPortfolio ?? (portfolioList.length === 1 ? portfolioList[0].uuid : undefined);
  const delayedPortfolio = useDelayedValue(portfolioUuid, config.taximiserDelayMs);
  const holdings = useHoldings(organisationUuid ?? '', delayedPortfolio, client?.uuid ?? '');

  // §4 step 3: the holdings with quantity above 0, and their original copy for the percent planner
  const holdingsReady = !!delayedPortfolio && delayedPortfolio === portfolioUuid && !!holdings.data;
  if (holdingsReady && holdings.data !== loadedFrom) {
    setLoadedFrom(holdings.data);
    const next = toTaximiserRows(holdings.data ?? []);
    setOriginal(next);
    setRows(next);
    setSelected(new Set());
    setPlan(undefined);
  }

  const problems = useMemo(() => selectedProblems(rows, selected), [rows, selected]);
  const issuers = useMemo(() => new Map(rows.map((r) => [r.securityId, r.issuerName])), [rows]);

  const onEdit = useCallback(
    (id: string, field: RowField, text: string) => {
      const row = rows.find((r) => r.id === id);
      if (!row) return;
      if (field === 'price') {
        const next = withPrice(row, text);
        setRows((current) => current.map((r) => (r.id === id ? next : r)));
        return;
      }
      // §4 step 4: a non-zero amount that changed selects its row
      const edit = withDisposalAmount(row, text);
      setRows((current) => current.map((r) => (r.id === id ? edit.row : r)));
      if (edit.select) setSelected((s) => new Set(s).add(id));
    },
    [rows],
  );

  // §4 step 6
  const runTaximiser = () => {
    const result = runPercent(original, percent);
    if (result.problem !== null) {
      setPercentError(result.problem);
      say('error', result.problem);
      return;
    }
    setPercentError(undefined);
    setRows(result.rows);
    setSelected(new Set(result.rows.map((r) => r.id)));
    setPlan(undefined);
    say('info', `Disposal amounts set to ${percent.trim()}% of each holding`);
  };

  const send = (body: Omit<TaximiserPlanBody, 'clientUuid' | 'portfolioUuid'>, after: (a: TaximiserPlan) => void) => {
    if (!client || !portfolioUuid) return;
    const buyBack = rebuyRequest(rebuyState);
    if ('problem' in buyBack) {
      say('error', buyBack.problem);
      return;
    }
    const request = { clientUuid: client.uuid, portfolioUuid, ...body, ...(body.household ? {} : buyBack.body) };
    planCall.mutate(request, {
      onSuccess: (answer) => {
        setPlan(answer);
        setPlanRequest(request);
        setSpouse(answer.spouse ?? undefined);
        after(answer);
      },
      onError: (error) => say('error', describeError(error)),
    });
  };

  // §4 step 7: the selected rows become the disposals; a failing selected row stops it here
  const calculate = () => {
    if (selected.size === 0) {
      say('info', 'Select the holdings to dispose of, or enter their disposal amounts');
      return;
    }
    if (problems.length > 0) {
      say(
        'error',
        `${problems.length === 1 ? 'A selected row breaks' : 'Selected rows break'} a rule: ${problems[0].message}`,
      );
      gridRef.current?.scrollToRow(problems[0].id);
      return;
    }
    const input = planInput(rows, selected);
    send(input, (answer) =>
      say('success', `Calculated ${answer.totals?.disposalCount ?? answer.disposals.length} disposal(s)`),
    );
  };

  const runPlanner = (choice: PlannerChoice) => {
    const forHousehold = household && !!spouse;
    if (forHousehold && !spousePortfolioUuid) {
      say('error', `Choose ${spouse.name}'s portfolio to plan for the household`);
      return;
    }
    const both = forHousehold ? { household: true, spousePortfolioUuid } : {};
    send({ ...choice, prices: editedPrices(rows), ...both }, (answer) => {
      const planned = withPlannedAmounts(rows, answer.disposals);
      setRows(planned.rows);
      setSelected(planned.selected);
      say('success', answer.summary || `Planned ${answer.disposals.length} disposal(s)`);
    });
  };

  const spousePortfolios = usePortfolios(organisationUuid ?? '', household ? spouse?.clientUuid : undefined);
  const spouseChoices = spousePortfolios.data ?? [];
  const spousePortfolioUuid = spousePortfolio ?? (spouseChoices.length === 1 ? spouseChoices[0].uuid : undefined);
  // Bed and ISA in one of the client's ISAs; bed and spouse in one of the spouse's general accounts.
  const isaChoices = portfolioList.filter((p) => p.taxWrapper === 'ISA');
  const rebuySpousePortfolios = usePortfolios(
    organisationUuid ?? '',
    rebuy.where === 'SPOUSE' ? spouse?.clientUuid : undefined,
  );
  const rebuyChoices =
    rebuy.where === 'ISA'
      ? isaChoices
      : rebuy.where === 'SPOUSE'
        ? (rebuySpousePortfolios.data ?? []).filter((p) => p.taxWrapper !== 'ISA' && p.taxWrapper !== 'PENSION')
        : [];
  const rebuyState: RebuyState = {
    ...rebuy,
    portfolioUuid: rebuy.portfolioUuid ?? (rebuyChoices.length === 1 ? rebuyChoices[0].uuid : undefined),
  };
  const busy = portfolios.isFetching || holdings.isFetching || planCall.isPending;
  const clientOptions = (clients.data?.content ?? []).slice(0, CLIENT_SUGGESTIONS).map((c) => ({
    value: c.uuid,
    label: `${c.code} ${c.name}`,
    client: { uuid: c.uuid, code: c.code, name: c.name },
  }));
  if (client && !clientOptions.some((o) => o.value === client.uuid)) {
    clientOptions.unshift({ value: client.uuid, label: `${client.code} ${client.name}`, client });
  }

  const organisationName = (uuid: string | undefined) => {
    const found = organisations.find((o) => o.uuid === uuid);
    return found ? found.name : (uuid ?? '');
  };

  let body: React.ReactNode;
  if (!organisationUuid)
    body = <Empty description="Choose an organisation to plan for" data-testid="taximiser-empty" />;
  else if (!client) body = <Empty description="Choose a client" data-testid="taximiser-empty" />;
  else if (!portfolioUuid)
    body = (
      <Empty
        data-testid="taximiser-empty"
        description={
          delayedClient && portfolios.isSuccess && portfolioList.length === 0
            ? 'This client has no portfolios'
            : 'Choose a portfolio'
        }
      />
    );
  else if (holdings.error)
    body = (
      <Alert
        type="error"
        showIcon
        message="There was a problem fetching the holdings"
        description={describeError(holdings.error)}
      />
    );
  else if (!holdingsReady) body = null;
  else if (rows.length === 0)
    body = <Empty description="This portfolio holds nothing to dispose of" data-testid="taximiser-empty" />;
  else
    body = (
      <>
        <TaximiserHoldingsGrid
          ref={gridRef}
          rows={rows}
          selected={selected}
          problems={problems}
          onSelect={setSelected}
          onEdit={onEdit}
          toolbar={
            <Space wrap>
              <Space.Compact>
                <Input
                  aria-label="Disposal percent"
                  data-testid="taximiser-percent"
                  placeholder="Disposal %"
                  value={percent}
                  status={percentError ? 'error' : undefined}
                  title={percentError}
                  inputMode="decimal"
                  onChange={(e) => {
                    setPercent(e.target.value);
                    if (percentError) setPercentError(undefined);
                  }}
                  onPressEnter={runTaximiser}
                  style={{ width: 120 }}
                  suffix="%"
                />
                <Button onClick={runTaximiser} data-testid="taximiser-run">
                  Run Taximiser
                </Button>
              </Space.Compact>
              <Button type="primary" onClick={calculate} data-testid="taximiser-calculate">
                Calculate disposals
              </Button>
            </Space>
          }
        />
        {percentError && (
          <Typography.Text type="danger" data-testid="taximiser-percent-error">
            {percentError}
          </Typography.Text>
        )}
        <TaximiserPlanner disabled={busy} onPlan={runPlanner} />
        {spouse && (
          <HouseholdChoice
            spouse={spouse}
            on={household}
            onToggle={setHousehold}
            portfolios={spouseChoices}
            portfolioUuid={spousePortfolioUuid}
            onPortfolio={setSpousePortfolio}
          />
        )}
        {!household && (
          <RebuyChoice
            state={rebuyState}
            onChange={setRebuy}
            canIsa={isaChoices.length > 0}
            spouse={spouse}
            choices={rebuyChoices}
          />
        )}
        <DisposalsTable plan={plan} issuers={issuers} />
        <TotalsTable plan={plan} />
        <PositionTable plan={plan} client={client} />
        <TaxPanel plan={plan} />
        <RebuysPanel plan={plan} />
        {plan?.spousePlan && spouse && (
          <section className="gains-taximiser__spouse" data-testid="taximiser-spouse-plan">
            <Typography.Title level={3} className="gains-taximiser__heading">
              {spouse.code} {spouse.name}: the household&rsquo;s other plan
            </Typography.Title>
            <DisposalsTable plan={plan.spousePlan} issuers={new Map()} />
            <TotalsTable plan={plan.spousePlan} />
            <PositionTable plan={plan.spousePlan} client={spouse} />
            <TaxPanel plan={plan.spousePlan} />
          </section>
        )}
        <TradeListPanel
          plan={plan}
          request={planRequest}
          organisationUuid={organisationUuid}
          canSave={canSaveProposals}
          say={say}
          to={
            client && portfolioUuid
              ? {
                  clientCode: client.code,
                  clientName: client.name,
                  portfolioUuid,
                  portfolioCode: portfolioList.find((p) => p.uuid === portfolioUuid)?.code ?? '',
                }
              : undefined
          }
        />
      </>
    );

  return (
    <div className="gains-taximiser">
      <Spin spinning={busy} fullscreen tip="Working…" />
      <section className="gains-grid-panel gains-taximiser__selectors">
        <Space wrap size="large" align="end">
          <label className="gains-taximiser__field">
            <span>Organisation</span>
            <Select<string>
              data-testid="taximiser-organisation"
              aria-label="Organisation"
              placeholder="Please select"
              value={organisationUuid}
              allowClear
              onChange={(v) => chooseOrganisation(v || undefined)}
              options={organisations.map((o) => ({ value: o.uuid, label: `${o.code} ${o.name}` }))}
              style={{ width: 260 }}
            />
          </label>
          <label className="gains-taximiser__field">
            <span>Client</span>
            <Select<string>
              data-testid="taximiser-client"
              aria-label="Client"
              showSearch
              allowClear
              filterOption={false}
              disabled={!organisationUuid}
              placeholder="Search clients by code or name"
              value={client?.uuid}
              searchValue={typed}
              onSearch={setTyped}
              loading={clients.isFetching}
              onChange={(uuid) => chooseClient(clientOptions.find((o) => o.value === uuid)?.client)}
              options={clientOptions.map(({ value, label }) => ({ value, label }))}
              notFoundContent={clients.isFetching || !delayedOrganisation ? 'Loading…' : 'No clients found'}
              style={{ width: 320 }}
            />
          </label>
          <label className="gains-taximiser__field">
            <span>Portfolio</span>
            <Select<string>
              data-testid="taximiser-portfolio"
              aria-label="Portfolio"
              disabled={!client}
              placeholder="Choose a portfolio"
              value={portfolioUuid}
              onChange={choosePortfolio}
              options={portfolioList.map((p) => ({ value: p.uuid, label: `${p.code} ${p.name}` }))}
              style={{ width: 260 }}
            />
          </label>
        </Space>
        {clients.error ? (
          <Alert
            className="gains-taximiser__fetch-error"
            type="error"
            showIcon
            data-testid="taximiser-clients-error"
            message={`There was a problem fetching clients for ${organisationName(organisationUuid)}`}
            description={describeError(clients.error)}
          />
        ) : null}
        {portfolios.error ? (
          <Alert
            className="gains-taximiser__fetch-error"
            type="error"
            showIcon
            message={`There was a problem fetching portfolios for ${client?.code ?? 'the client'}`}
            description={describeError(portfolios.error)}
          />
        ) : null}
        <div className="gains-taximiser__message" data-testid="taximiser-message" aria-live="polite">
          {message && (
            <Alert
              key={message.at}
              type={message.kind}
              showIcon
              message={message.text}
              data-error={message.kind === 'error'}
            />
          )}
        </div>
      </section>
      {body}
    </div>
  );
}
