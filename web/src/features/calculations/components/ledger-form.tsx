import { Button, Checkbox, DatePicker, Form, Input, Select, type FormInstance } from 'antd';
import { CalculatorOutlined, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { isApiError } from '@/lib/api-client';
import { showServerFieldError } from '@/components/forms/server-field-error';
import type { CsvFile, Taxpayer, TaxpayerKind, useComputeLedger } from '../api/compute-ledger';
import { TAXPAYER_KINDS, fileErrorLines } from './calculation-text';
import { CsvUpload } from './csv-upload';

interface Values {
  ledgerCsv?: CsvFile;
  pricesCsv?: CsvFile;
  taxpayer: {
    kind: TaxpayerKind;
    vulnerableBeneficiaryTrust: boolean;
    dateOfDeath: Dayjs | null;
    lossesBroughtForward: string;
    /** The annual exempt amount to use instead of the year's, for some tax years. */
    aeaOverrides: { year: string; amount: string }[];
  };
}

const INITIAL: Values = {
  taxpayer: {
    kind: 'individual',
    vulnerableBeneficiaryTrust: false,
    dateOfDeath: null,
    lossesBroughtForward: '',
    aeaOverrides: [],
  },
};

/** Pounds and pence, grouped or not: 2500, 2,500.00. */
const POUNDS = /^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;
/** A tax year as HMRC writes it: 2024-25, the second year the one after the first. */
const isTaxYear = (text: string) => {
  const m = /^(\d{4})-(\d{2})$/.exec(text.trim());
  return !!m && (Number(m[1]) + 1) % 100 === Number(m[2]);
};
const poundsText = (text: string) => text.trim().replace(/,/g, '');
const FILE_FIELDS = ['ledgerCsv', 'pricesCsv'];
const TAXPAYER_FIELDS = ['kind', 'vulnerableBeneficiaryTrust', 'dateOfDeath', 'lossesBroughtForward'];

/** Whether a refusal names a field of this form (the form shows it there; anything else is for the page's alert). */
export function isFormFieldError(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 400 || !error.field) return false;
  const [head, tail] = error.field.split('.');
  return head === 'taxpayer' ? TAXPAYER_FIELDS.includes(tail) : FILE_FIELDS.includes(head) && !tail;
}

/** A file's errors one a line under its upload; a taxpayer error on its field. */
function showFieldError(form: FormInstance<Values>, error: unknown): void {
  if (!isFormFieldError(error) || !isApiError(error) || !error.field) return;
  if (error.field === 'ledgerCsv' || error.field === 'pricesCsv') {
    form.setFields([{ name: error.field, errors: fileErrorLines(error.typeDescription) }]);
  } else showServerFieldError(form, error);
}

function toTaxpayer({ taxpayer }: Values): Taxpayer {
  const losses = poundsText(taxpayer.lossesBroughtForward);
  const overrides = taxpayer.aeaOverrides.filter((o) => o.year.trim());
  return {
    kind: taxpayer.kind,
    ...(taxpayer.kind === 'trust' ? { vulnerableBeneficiaryTrust: taxpayer.vulnerableBeneficiaryTrust } : {}),
    ...(taxpayer.kind === 'personal-representatives' && taxpayer.dateOfDeath
      ? { dateOfDeath: taxpayer.dateOfDeath.format('YYYY-MM-DD') }
      : {}),
    ...(losses ? { lossesBroughtForward: losses } : {}),
    ...(overrides.length
      ? {
          annualExemptAmountOverrides: Object.fromEntries(overrides.map((o) => [o.year.trim(), poundsText(o.amount)])),
        }
      : {}),
  };
}

function Optional({ label }: { label: string }) {
  return (
    <>
      {label}
      <span className="gains-calc-form__optional">optional</span>
    </>
  );
}

/** The ledger file, optional prices and the taxpayer; Calculate sends them to the tax engine. */
export function LedgerForm({
  organisationUuid,
  calculation,
}: {
  organisationUuid: string;
  calculation: ReturnType<typeof useComputeLedger>;
}) {
  const [form] = Form.useForm<Values>();
  const ledger = Form.useWatch('ledgerCsv', form);
  const kind = Form.useWatch(['taxpayer', 'kind'], form);

  const onFinish = (values: Values) => {
    if (!values.ledgerCsv) return;
    calculation.mutate(
      { organisationUuid, ledger: values.ledgerCsv, prices: values.pricesCsv, taxpayer: toTaxpayer(values) },
      { onError: (error) => showFieldError(form, error) },
    );
  };

  /** A changed field drops the server's complaint about what it held. */
  const onValuesChange = (changed: Partial<Values>) => {
    const { taxpayer, ...files } = changed;
    const names = [...Object.keys(files).map((f) => [f]), ...Object.keys(taxpayer ?? {}).map((f) => ['taxpayer', f])];
    (form as FormInstance).setFields(names.map((name) => ({ name, errors: [] })));
  };

  return (
    <Form<Values>
      form={form}
      name="ledger-calculation"
      layout="vertical"
      initialValues={INITIAL}
      onFinish={onFinish}
      onValuesChange={onValuesChange}
      requiredMark={false}
      className="gains-panel gains-calc-form"
      data-testid="ledger-form"
    >
      <div className="gains-calc-form__files">
        <Form.Item
          name="ledgerCsv"
          label="Ledger file"
          rules={[{ required: true, message: 'Choose the ledger file' }]}
          className="gains-calc-form__ledger"
        >
          <CsvUpload
            testId="ledger-file"
            prompt="Drop the ledger CSV here, or click to choose it"
            hint="One transaction a row: date, type, security, quantity, price, expenses…"
            rowNoun="transaction"
          />
        </Form.Item>
        <Form.Item name="pricesCsv" label={<Optional label="Prices file" />} className="gains-calc-form__prices">
          <CsvUpload
            testId="prices-file"
            prompt="Drop a prices CSV to value the holdings"
            hint="Columns security,price (GBP per share)"
            rowNoun="price"
          />
        </Form.Item>
      </div>
      <div className="gains-calc-form__taxpayer">
        <Form.Item name={['taxpayer', 'kind']} label="Taxpayer" className="gains-calc-form__kind">
          <Select options={TAXPAYER_KINDS} data-testid="taxpayer-kind" />
        </Form.Item>
        {kind === 'trust' && (
          <Form.Item name={['taxpayer', 'vulnerableBeneficiaryTrust']} valuePropName="checked" label=" ">
            <Checkbox>Vulnerable beneficiary trust</Checkbox>
          </Form.Item>
        )}
        {kind === 'personal-representatives' && (
          <Form.Item
            name={['taxpayer', 'dateOfDeath']}
            label="Date of death"
            rules={[{ required: true, message: 'Personal representatives need the date of death' }]}
          >
            <DatePicker format="DD/MM/YYYY" placeholder="DD/MM/YYYY" aria-label="Date of death" />
          </Form.Item>
        )}
        <Form.Item
          name={['taxpayer', 'lossesBroughtForward']}
          label={<Optional label="Losses brought forward" />}
          rules={[{ pattern: POUNDS, message: 'Pounds and pence, e.g. 2,500.00' }]}
          className="gains-calc-form__losses"
        >
          <Input prefix="£" inputMode="decimal" placeholder="0.00" aria-label="Losses brought forward" />
        </Form.Item>
        <Form.Item label={<Optional label="Annual exempt amount" />} className="gains-calc-form__aea">
          <Form.List name={['taxpayer', 'aeaOverrides']}>
            {(rows, { add, remove }) => (
              <div className="gains-calc-form__aea-rows">
                {rows.map((row) => (
                  <div key={row.key} className="gains-calc-form__aea-row" data-testid="aea-override">
                    <Form.Item
                      name={[row.name, 'year']}
                      rules={[
                        { required: true, message: 'The tax year, e.g. 2024-25' },
                        {
                          validator: async (_, value: string) => {
                            if (value && !isTaxYear(value)) throw new Error('A tax year is written 2024-25');
                            const years = (form.getFieldValue(['taxpayer', 'aeaOverrides']) as { year: string }[]).map(
                              (o) => o.year?.trim(),
                            );
                            if (value && years.filter((y) => y === value.trim()).length > 1)
                              throw new Error('Each tax year once');
                          },
                        },
                      ]}
                    >
                      <Input placeholder="2024-25" aria-label="Tax year of the override" />
                    </Form.Item>
                    <Form.Item
                      name={[row.name, 'amount']}
                      rules={[
                        { required: true, message: 'The amount to use' },
                        { pattern: POUNDS, message: 'Pounds and pence, e.g. 1,500.00' },
                      ]}
                    >
                      <Input
                        prefix="£"
                        inputMode="decimal"
                        placeholder="0.00"
                        aria-label="Annual exempt amount to use"
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<CloseOutlined />}
                      onClick={() => remove(row.name)}
                      aria-label="Remove the override"
                    />
                  </div>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ year: '', amount: '' })}
                  data-testid="add-aea-override"
                >
                  {rows.length ? 'Override another year' : 'Override for a tax year'}
                </Button>
              </div>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item label=" " className="gains-calc-form__submit">
          <Button
            type="primary"
            htmlType="submit"
            icon={<CalculatorOutlined />}
            loading={calculation.isPending}
            disabled={!ledger}
            data-testid="calculate"
          >
            {calculation.isPending ? 'Calculating' : 'Calculate'}
          </Button>
        </Form.Item>
      </div>
    </Form>
  );
}
