import { Typography } from 'antd';
import { CalculatorOutlined } from '@ant-design/icons';

const COLUMNS = ['date', 'type', 'security', 'quantity', 'price', 'expenses'];
const OPTIONAL = ['amount', 'portfolio', 'acquired', 'counterparty', 'class', 'ref'];
const EXAMPLE = `date,type,security,quantity,price,expenses
2014-04-01,BUY,LOBSTER,1000,4.00,150
2018-05-01,SELL,LOBSTER,700,4.80,100`;

/** Before the first calculation: what the ledger file holds, in a few lines. */
export function LedgerFileGuide() {
  return (
    <section className="gains-panel gains-calc-guide" data-testid="ledger-guide">
      <CalculatorOutlined className="gains-calc-guide__icon" />
      <div className="gains-calc-guide__text">
        <Typography.Title level={5} className="gains-calc-section__title">
          Calculate gains from a ledger file
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="gains-calc-guide__lead">
          A CSV with a header row and one transaction a row, in any order. Shares are matched same day, then 30 days,
          then the Section 104 pool; nothing is stored.
        </Typography.Paragraph>
        <div className="gains-calc-guide__columns">
          {COLUMNS.map((c) => (
            <code key={c}>{c}</code>
          ))}
          <Typography.Text type="secondary">and, where needed,</Typography.Text>
          {OPTIONAL.map((c) => (
            <code key={c} className="is-optional">
              {c}
            </code>
          ))}
        </div>
      </div>
      <pre className="gains-calc-guide__example" aria-label="An example ledger file">
        {EXAMPLE}
      </pre>
    </section>
  );
}
