import { Button, Form, Input, type FormInstance } from 'antd';
import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { POUNDS, isTaxYear, type YearAmount } from './taxpayer-form';

/**
 * A list of tax year + pounds rows under `taxpayer.<name>` (annual exempt amount overrides, the basic-rate band
 * left, attributed gains): each year once.
 */
export function YearAmountsList({
  form,
  name,
  what,
  noun,
  yearLabel,
  removeLabel,
  addLabel,
  addAnotherLabel,
  testId,
}: {
  form: FormInstance;
  name: string;
  /** What the amount is, for its label and messages: "Annual exempt amount to use". */
  what: string;
  /** The amount in a message's sentence: "An annual exempt amount", "Attributed gains". */
  noun: string;
  /** The tax year input's accessible name: "Tax year of the override". */
  yearLabel: string;
  /** The remove button's accessible name: "Remove the override". */
  removeLabel: string;
  addLabel: string;
  addAnotherLabel: string;
  testId: string;
}) {
  return (
    <Form.List name={['taxpayer', name]}>
      {(rows, { add, remove }) => (
        <div className="gains-calc-form__aea-rows">
          {rows.map((row) => (
            <div key={row.key} className="gains-calc-form__aea-row" data-testid={testId}>
              <Form.Item
                name={[row.name, 'year']}
                rules={[
                  { required: true, message: 'The tax year, e.g. 2024-25' },
                  {
                    validator: async (_, value: string) => {
                      if (value && !isTaxYear(value)) throw new Error('A tax year is written 2024-25');
                      const years = ((form.getFieldValue(['taxpayer', name]) ?? []) as YearAmount[]).map((o) =>
                        o?.year?.trim(),
                      );
                      if (value && years.filter((y) => y === value.trim()).length > 1)
                        throw new Error('Each tax year once');
                    },
                  },
                ]}
              >
                <Input placeholder="2024-25" aria-label={yearLabel} />
              </Form.Item>
              <Form.Item
                name={[row.name, 'amount']}
                rules={[
                  { required: true, message: `${noun} for the year is needed` },
                  { pattern: POUNDS, message: `${noun} must be pounds and pence, not negative, e.g. 1,500.00` },
                ]}
              >
                <Input prefix="£" inputMode="decimal" placeholder="0.00" aria-label={what} />
              </Form.Item>
              <Button type="text" icon={<CloseOutlined />} onClick={() => remove(row.name)} aria-label={removeLabel} />
            </div>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ year: '', amount: '' })}
            data-testid={`add-${testId}`}
          >
            {rows.length ? addAnotherLabel : addLabel}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
