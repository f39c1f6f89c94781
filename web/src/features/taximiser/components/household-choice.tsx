import { Select, Space, Switch, Typography } from 'antd';

/** Plan for the household too: the client's spouse or civil partner, and which of their portfolios. */
export function HouseholdChoice({
  spouse,
  on,
  onToggle,
  portfolios,
  portfolioUuid,
  onPortfolio,
}: {
  spouse: { code: string; name: string };
  on: boolean;
  onToggle: (on: boolean) => void;
  portfolios: { uuid: string; code: string; name: string }[];
  portfolioUuid: string | undefined;
  onPortfolio: (uuid: string) => void;
}) {
  return (
    <section className="gains-grid-panel" data-testid="taximiser-household">
      <Space wrap size="large" align="center">
        <Space>
          <Switch checked={on} onChange={onToggle} data-testid="taximiser-household-switch" />
          <span>
            Plan for the household with {spouse.code} {spouse.name} (spouse or civil partner), using both exempt amounts
          </span>
        </Space>
        {on && (
          <Select<string>
            aria-label="Spouse's portfolio"
            data-testid="taximiser-spouse-portfolio"
            placeholder={`Choose ${spouse.name}'s portfolio`}
            value={portfolioUuid}
            onChange={onPortfolio}
            options={portfolios.map((p) => ({ value: p.uuid, label: `${p.code} ${p.name}` }))}
            style={{ width: 280 }}
          />
        )}
      </Space>
      {on && (
        <Typography.Paragraph type="secondary" className="gains-taximiser__household-note">
          Each person is planned on their own ledger with their own exempt amount. A cash or pound target is split
          between them for the least tax across both.
        </Typography.Paragraph>
      )}
    </section>
  );
}
