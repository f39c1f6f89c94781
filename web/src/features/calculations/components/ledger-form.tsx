import { Button, Checkbox, DatePicker, Form, Input, Select, type FormInstance } from 'antd';
import { CalculatorOutlined } from '@ant-design/icons';
import { isApiError } from '@/lib/api-client';
import { showServerFieldError } from '@/components/forms/server-field-error';
import type { useComputeLedger } from '../api/compute-ledger';
import { TAXPAYER_KINDS, fileErrorLines } from './calculation-text';
import { CsvUpload } from './csv-upload';
import {
  FILE_FIELDS,
  INITIAL,
  POUNDS,
  SETTLEMENTS,
  TAXPAYER_FIELDS,
  YEAR_MAPS,
  isDayMonth,
  toTaxpayer,
  yearMapErrorTarget,
  type Values,
} from './taxpayer-form';
import { YearAmountsList } from './year-amounts-list';

/** Whether a refusal names a field of this form (the form shows it there; anything else is for the page's alert). */
export function isFormFieldError(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 400 || !error.field) return false;
  const [head, tail] = error.field.split('.');
  return head === 'taxpayer'
    ? TAXPAYER_FIELDS.includes(tail) || tail in YEAR_MAPS
    : FILE_FIELDS.includes(head) && !tail;
}

/** A file's errors one a line under its upload; a taxpayer error on its field. */
function showFieldError(form: FormInstance<Values>, error: unknown): void {
  if (!isFormFieldError(error) || !isApiError(error) || !error.field) return;
  const yearRow = yearMapErrorTarget(error.field, form.getFieldsValue(true) as Values);
  if (error.field === 'ledgerCsv' || error.field === 'pricesCsv') {
    form.setFields([{ name: error.field, errors: fileErrorLines(error.typeDescription) }]);
  } else if (yearRow) {
    (form as FormInstance).setFields([{ name: yearRow, errors: [error.typeDescription] }]);
    form.scrollToField(yearRow);
  } else showServerFieldError(form, error);
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
        {kind === 'trust' && (
          <Form.Item
            name={['taxpayer', 'settlementsInGroup']}
            label={<Optional label="Settlements in the group" />}
            tooltip="The settlor's qualifying settlements, this one included: the exempt amount is divided by it"
            rules={[{ pattern: SETTLEMENTS, message: 'Settlements in the group must be a whole number from 1' }]}
          >
            <Input inputMode="numeric" placeholder="1" aria-label="Settlements in the group" />
          </Form.Item>
        )}
        {kind === 'company' && (
          <Form.Item
            name={['taxpayer', 'accountingYearEnd']}
            label={<Optional label="Accounting year end" />}
            extra="Results are then by accounting period"
            rules={[
              {
                validator: async (_, value: string) => {
                  if (value && !isDayMonth(value))
                    throw new Error('The accounting year end must be a day and month, e.g. 31/12');
                },
              },
            ]}
          >
            <Input placeholder="DD/MM" aria-label="Accounting year end" />
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
          <YearAmountsList
            form={form}
            name="aeaOverrides"
            what="Annual exempt amount to use"
            noun="An annual exempt amount"
            yearLabel="Tax year of the override"
            removeLabel="Remove the override"
            addLabel="Override for a tax year"
            addAnotherLabel="Override another year"
            testId="aea-override"
          />
        </Form.Item>
        {kind === 'individual' && (
          <Form.Item
            label={<Optional label="Basic-rate band left" />}
            tooltip="The basic-rate band left after the year's taxable income: the tax due is then worked out"
            className="gains-calc-form__aea"
          >
            <YearAmountsList
              form={form}
              name="basicRateBandRemaining"
              what="Basic-rate band left"
              noun="The basic-rate band left"
              yearLabel="Tax year of the band"
              removeLabel="Remove the year's band"
              addLabel="Band for a tax year"
              addAnotherLabel="Band for another year"
              testId="basic-rate-band"
            />
          </Form.Item>
        )}
        {kind !== 'company' && (
          <Form.Item
            label={<Optional label="Attributed gains" />}
            tooltip="Gains attributed to the taxpayer from elsewhere (s87, s13), by tax year"
            className="gains-calc-form__aea"
          >
            <YearAmountsList
              form={form}
              name="attributedGains"
              what="Attributed gains"
              noun="Attributed gains"
              yearLabel="Tax year of the attributed gains"
              removeLabel="Remove the year's attributed gains"
              addLabel="Gains for a tax year"
              addAnotherLabel="Gains for another year"
              testId="attributed-gains"
            />
          </Form.Item>
        )}
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
