import { Form, Input, Select, Space, Typography } from 'antd';
import { isaSubscribedProblem } from '@gains/access';

export type RebuyWhere = 'NONE' | 'ISA' | 'SPOUSE';

/** Where a plan buys back what it sells, as the page holds it (text as typed). */
export interface RebuyState {
  where: RebuyWhere;
  portfolioUuid?: string;
  isaSubscribed: string;
}

export const NO_REBUY: RebuyState = { where: 'NONE', isaSubscribed: '' };

/** The rebuy's part of a plan request, or why it cannot be sent (naming the field). */
export function rebuyRequest(
  state: RebuyState,
): { body: { rebuy?: RebuyWhere; rebuyPortfolioUuid?: string; isaSubscribed?: string } } | { problem: string } {
  if (state.where === 'NONE') return { body: {} };
  if (!state.portfolioUuid)
    return {
      problem:
        state.where === 'ISA'
          ? 'Choose the ISA portfolio to buy back in'
          : 'Choose the spouse’s portfolio to buy back in',
    };
  const subscribed = state.isaSubscribed.trim();
  if (state.where === 'ISA' && subscribed !== '') {
    const problem = isaSubscribedProblem(subscribed);
    if (problem) return { problem };
  }
  return {
    body: {
      rebuy: state.where,
      rebuyPortfolioUuid: state.portfolioUuid,
      ...(state.where === 'ISA' && subscribed !== '' && { isaSubscribed: subscribed.replace(/,/g, '') }),
    },
  };
}

/**
 * Bed and ISA / bed and spouse: buy back what the plan sells in the client's ISA (within the allowance left) or in
 * the spouse's or civil partner's account, so the sales' gains and losses stand (the 30-day rule does not match
 * them).
 */
export function RebuyChoice({
  state,
  onChange,
  canIsa,
  spouse,
  choices,
}: {
  /** the portfolio already chosen for the user where there is one choice */
  state: RebuyState;
  onChange: (next: RebuyState) => void;
  /** the client has an ISA portfolio */
  canIsa: boolean;
  spouse: { code: string; name: string } | undefined;
  /** the portfolios to buy back in: the client's ISAs, or the spouse's general accounts */
  choices: { uuid: string; code: string; name: string }[];
}) {
  const subscribedProblem =
    state.where === 'ISA' && state.isaSubscribed.trim() !== '' ? isaSubscribedProblem(state.isaSubscribed) : null;
  return (
    <section className="gains-grid-panel" data-testid="taximiser-rebuy">
      <Space wrap size="large" align="start">
        <Form.Item label="Buy back" htmlFor="taximiser-rebuy-where" layout="vertical">
          <Select<RebuyWhere>
            id="taximiser-rebuy-where"
            data-testid="taximiser-rebuy-where"
            value={state.where}
            onChange={(where) => onChange({ ...NO_REBUY, where })}
            options={[
              { value: 'NONE', label: 'No' },
              {
                value: 'ISA',
                label: 'In the client’s ISA (bed and ISA)',
                disabled: !canIsa,
              },
              {
                value: 'SPOUSE',
                label: spouse
                  ? `By ${spouse.name} (bed and spouse)`
                  : 'By a spouse or civil partner (none named by a plan)',
                disabled: !spouse,
              },
            ]}
            style={{ width: 300 }}
          />
        </Form.Item>
        {state.where !== 'NONE' && (
          <Form.Item label="In portfolio" htmlFor="taximiser-rebuy-portfolio" layout="vertical">
            <Select<string>
              id="taximiser-rebuy-portfolio"
              data-testid="taximiser-rebuy-portfolio"
              placeholder="Choose a portfolio"
              value={state.portfolioUuid}
              onChange={(portfolioUuid) => onChange({ ...state, portfolioUuid })}
              options={choices.map((p) => ({ value: p.uuid, label: `${p.code} ${p.name}` }))}
              style={{ width: 280 }}
            />
          </Form.Item>
        )}
        {state.where === 'ISA' && (
          <Form.Item
            label="ISA subscriptions this tax year (£)"
            htmlFor="taximiser-isa-subscribed"
            layout="vertical"
            validateStatus={subscribedProblem ? 'error' : undefined}
            help={subscribedProblem}
          >
            <Input
              id="taximiser-isa-subscribed"
              data-testid="taximiser-isa-subscribed"
              placeholder="As the ledger shows"
              inputMode="decimal"
              value={state.isaSubscribed}
              onChange={(e) => onChange({ ...state, isaSubscribed: e.target.value })}
              style={{ width: 200 }}
            />
          </Form.Item>
        )}
      </Space>
      {state.where === 'ISA' && (
        <Typography.Paragraph type="secondary">
          Left empty, the subscriptions are what the client’s ISA portfolios bought less what they sold since 6 April.
        </Typography.Paragraph>
      )}
    </section>
  );
}
