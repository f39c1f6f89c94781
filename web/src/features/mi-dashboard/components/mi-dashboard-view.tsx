import { Spin, Statistic, Typography } from 'antd';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { useMiDashboard, type MiDashboard } from '../api/get-mi-dashboard';
import { FigureCard } from './figure-card';

// The dashboard lives in the 1030 x 720 frame of seed 000 §2.1: charts have fixed sizes that fit their cards.
const WIDE = { width: 640, height: 170 };
const NARROW = { width: 300, height: 170 };
const BLUE = '#1677ff';
const SEVERITY_COLOURS: Record<number, string> = { 1: '#8c8c8c', 2: '#faad14', 3: '#fa541c', 4: '#cf1322' };

/** Charts draw with numbers; what a person reads (tooltip, table, label) is the exact decimal text. */
const drawn = (text: string) => Number(text);

function TextTooltip({ active, payload }: { active?: boolean; payload?: { payload: { tip: string } }[] }) {
  if (!active || !payload?.length) return null;
  return <div className="gains-mi-tooltip">{payload[0]!.payload.tip}</div>;
}

const shortMoney = (n: number) =>
  Math.abs(n) >= 1e9
    ? `£${(n / 1e9).toFixed(1)}bn`
    : Math.abs(n) >= 1e6
      ? `£${(n / 1e6).toFixed(1)}m`
      : Math.abs(n) >= 1e3
        ? `£${(n / 1e3).toFixed(0)}k`
        : `£${n.toFixed(0)}`;

/** Counts as horizontal bars: category names (job statuses, AE bands) are too long to sit under a bar. */
function CountBars({ rows, colour }: { rows: { name: string; count: number; fill?: string }[]; colour?: string }) {
  const data = rows.map((r) => ({ ...r, tip: `${r.name}: ${formatNumber(String(r.count))}` }));
  return (
    <BarChart {...NARROW} data={data} layout="vertical" margin={{ top: 4, right: 12, bottom: 0, left: 0 }}>
      <CartesianGrid strokeDasharray="3 3" horizontal={false} />
      <XAxis type="number" allowDecimals={false} tick={{ fontSize: 10 }} />
      <YAxis type="category" dataKey="name" width={118} tick={{ fontSize: 10 }} interval={0} />
      <Tooltip content={<TextTooltip />} />
      <Bar dataKey="count" fill={colour ?? BLUE} maxBarSize={18} isAnimationActive={false}>
        {data.map((r) => (
          <Cell key={r.name} fill={r.fill ?? colour ?? BLUE} />
        ))}
      </Bar>
    </BarChart>
  );
}

function Figures({ data }: { data: MiDashboard }) {
  const assets = data.assetsUnderAdministration.map((p) => ({
    ...p,
    label: p.date === data.asAt ? 'Today' : formatDate(p.date).slice(3),
    drawn: drawn(p.value),
    tip: `${formatDate(p.date)}: ${formatMoney(p.value)}${p.unpricedSecurities ? ` (${p.unpricedSecurities} unpriced)` : ''}`,
  }));
  const gains = data.realisedGains.map((r) => ({
    ...r,
    drawn: drawn(r.capitalGainLoss),
    tip: `${r.taxYear}: ${formatMoney(r.capitalGainLoss)}`,
  }));
  const held = assets.some((p) => p.value !== '0.00');
  return (
    <div className="gains-mi-grid">
      <FigureCard
        id="assets"
        title="Assets under administration"
        className="gains-mi-card--wide"
        rowKey="date"
        rows={held ? assets : []}
        empty="Nothing held yet"
        chart={
          <AreaChart {...WIDE} data={assets} margin={{ top: 8, right: 12, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 10 }} interval={0} />
            <YAxis tickFormatter={shortMoney} width={56} tick={{ fontSize: 10 }} />
            <Tooltip content={<TextTooltip />} />
            <Area dataKey="drawn" stroke={BLUE} fill="#bae0ff" isAnimationActive={false} />
          </AreaChart>
        }
        columns={[
          { title: 'Date', dataIndex: 'date', render: (d: string) => formatDate(d) },
          { title: 'Value', dataIndex: 'value', align: 'right', render: (v: string) => formatMoney(v) },
          { title: 'Unpriced securities', dataIndex: 'unpricedSecurities', align: 'right' },
        ]}
      />
      <FigureCard
        id="realised-gains"
        title="Realised gains by tax year"
        rowKey="taxYear"
        rows={gains}
        empty="No realised gains yet"
        chart={
          <BarChart {...NARROW} data={gains} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="taxYear" tick={{ fontSize: 10 }} />
            <YAxis tickFormatter={shortMoney} width={56} tick={{ fontSize: 10 }} />
            <Tooltip content={<TextTooltip />} />
            <Bar dataKey="drawn" isAnimationActive={false}>
              {gains.map((g) => (
                <Cell key={g.taxYear} fill={g.drawn < 0 ? '#cf1322' : '#389e0d'} />
              ))}
            </Bar>
          </BarChart>
        }
        columns={[
          { title: 'Tax year', dataIndex: 'taxYear' },
          { title: 'Capital gain/loss', dataIndex: 'capitalGainLoss', align: 'right', render: formatMoney },
          { title: 'Disposals', dataIndex: 'disposals', align: 'right' },
        ]}
      />
      <FigureCard
        id="clients-by-state"
        title="Clients by state"
        rowKey="state"
        rows={data.clientsByState}
        empty="No clients yet"
        chart={<CountBars rows={data.clientsByState.map((s) => ({ name: s.state, count: s.count }))} />}
        columns={[
          { title: 'Client state', dataIndex: 'state' },
          { title: 'Clients', dataIndex: 'count', align: 'right' },
        ]}
      />
      <FigureCard
        id="clients-by-ae-band"
        title="Clients by AE remaining"
        rowKey="band"
        rows={data.clientsByAeBand}
        empty="No clients yet"
        chart={<CountBars rows={data.clientsByAeBand.map((b) => ({ name: b.band, count: b.count }))} />}
        columns={[
          { title: 'AE remaining', dataIndex: 'band' },
          { title: 'Clients', dataIndex: 'count', align: 'right' },
        ]}
      />
      <FigureCard
        id="jobs-by-status"
        title="Jobs by status"
        rowKey="status"
        rows={data.jobsByStatus.some((j) => j.count > 0) ? data.jobsByStatus : []}
        empty="No jobs in the period"
        chart={<CountBars rows={data.jobsByStatus.map((j) => ({ name: j.label, count: j.count }))} />}
        columns={[
          { title: 'Status', dataIndex: 'label' },
          { title: 'Jobs', dataIndex: 'count', align: 'right' },
        ]}
      />
      <FigureCard
        id="failures-and-breaks"
        title="Calculation failures and rec breaks"
        rowKey="figure"
        rows={[
          {
            figure: 'Calculation failures',
            count: data.calculationFailures.failures,
            clients: data.calculationFailures.clients,
          },
          { figure: 'Rec breaks', count: data.recBreaks.breaks, clients: data.recBreaks.clients },
        ]}
        chart={
          <div className="gains-mi-stats">
            <Statistic title="Calculation failures" value={data.calculationFailures.failures} />
            <Statistic title="Clients with failures" value={data.calculationFailures.clients} />
            <Statistic title="Rec breaks" value={data.recBreaks.breaks} />
            <Statistic title="Clients with rec breaks" value={data.recBreaks.clients} />
          </div>
        }
        columns={[
          { title: 'Figure', dataIndex: 'figure' },
          { title: 'Count', dataIndex: 'count', align: 'right' },
          { title: 'Clients', dataIndex: 'clients', align: 'right' },
        ]}
      />
      <FigureCard
        id="logs-by-severity"
        title="ACT monitor logs by severity"
        rowKey="severityId"
        rows={data.monitorLogsBySeverity.some((l) => l.count > 0) ? data.monitorLogsBySeverity : []}
        empty="No monitor logs in the period"
        chart={
          <CountBars
            rows={data.monitorLogsBySeverity.map((l) => ({
              name: l.severity,
              count: l.count,
              fill: SEVERITY_COLOURS[l.severityId],
            }))}
          />
        }
        columns={[
          { title: 'Severity', dataIndex: 'severity' },
          { title: 'Logs', dataIndex: 'count', align: 'right' },
        ]}
      />
    </div>
  );
}

/** The MI Dashboard (seed 000 §2.1): the organisation's management figures in a frame of 1030 by 720. */
export function MiDashboardView({
  organisationUuid,
  organisationName,
}: {
  organisationUuid: string;
  organisationName: string;
}) {
  const query = useMiDashboard(organisationUuid);
  return (
    <div className="gains-mi-frame" data-testid="mi-dashboard">
      {query.isPending ? (
        <div className="gains-mi-loading">
          <Spin tip="Loading figures" size="large">
            <div style={{ padding: 48 }} />
          </Spin>
        </div>
      ) : query.isError ? (
        <ApiErrorAlert
          title={`There was a problem fetching the MI Dashboard for ${organisationName}`}
          error={query.error}
        />
      ) : (
        <>
          <Typography.Text type="secondary" className="gains-mi-caption">
            Assets at month ends and today ({formatDate(query.data.asAt)}); jobs and monitor logs from{' '}
            {formatDate(query.data.from)} to {formatDate(query.data.to)}; {formatNumber(String(query.data.clients))}{' '}
            clients.
          </Typography.Text>
          <Figures data={query.data} />
        </>
      )}
    </div>
  );
}
