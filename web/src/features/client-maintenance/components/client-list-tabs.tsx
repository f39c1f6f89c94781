import { Button, Checkbox, DatePicker, Empty, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { formatDateTime } from '@/lib/format';
import type { ClientTaxYear } from '../api/client-admin';

type CodeName = { code: string; name: string };
import { RelatedClientSelect } from './related-client-select';
import {
  CLIENT_MESSAGES,
  amountProblem,
  endBeforeStart,
  percentageProblem,
  type RelationshipValues,
  type TaxOverrideValues,
} from './client-form-rules';

const check = (problem: string | undefined) => (problem ? Promise.reject(new Error(problem)) : Promise.resolve());
const options = (items: CodeName[] | undefined) => (items ?? []).map((i) => ({ value: i.code, label: i.name }));

/** Relationships (seed 000 §2.5, §5): a spouse or civil partner, a trustee, ...; the end is not before the start. */
export function RelationshipsTab({
  organisationUuid,
  clientUuid,
  types,
}: {
  organisationUuid: string;
  clientUuid?: string;
  types?: CodeName[];
}) {
  const form = Form.useFormInstance();
  return (
    <Form.List name="relationships">
      {(fields, { add, remove }) => (
        <>
          {fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No relationships" />}
          {fields.map((field, index) => {
            const row = (form.getFieldValue(['relationships', field.name]) ?? {}) as RelationshipValues;
            const ended = row.endDate && row.endDate.isBefore(new Date(), 'day');
            return (
              <div className="gains-nested-row" key={field.key} data-testid="relationship-row">
                <div className="gains-nested-row__grid">
                  <Form.Item
                    label="Relationship type"
                    name={[field.name, 'typeCode']}
                    rules={[{ required: true, message: CLIENT_MESSAGES.relationshipTypeRequired }]}
                  >
                    <Select options={options(types)} />
                  </Form.Item>
                  <Form.Item
                    label="Client"
                    name={[field.name, 'childClientUuid']}
                    rules={[{ required: true, message: CLIENT_MESSAGES.relatedClientRequired }]}
                  >
                    <RelatedClientSelect
                      organisationUuid={organisationUuid}
                      label={row.childClientLabel}
                      exclude={clientUuid}
                    />
                  </Form.Item>
                  <Form.Item
                    label="Start date"
                    name={[field.name, 'startDate']}
                    rules={[{ required: true, message: CLIENT_MESSAGES.startRequired }]}
                  >
                    <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item
                    label="End date"
                    name={[field.name, 'endDate']}
                    dependencies={[['relationships', field.name, 'startDate']]}
                    rules={[
                      ({ getFieldValue }) => ({
                        validator: (_r, end: Dayjs | null) =>
                          check(
                            endBeforeStart(
                              getFieldValue(['relationships', field.name, 'startDate']) as Dayjs | null,
                              end,
                            )
                              ? CLIENT_MESSAGES.endBeforeStart
                              : undefined,
                          ),
                      }),
                    ]}
                  >
                    <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item label="Notes" name={[field.name, 'notes']}>
                    <Input maxLength={1000} />
                  </Form.Item>
                </div>
                <Space>
                  <Tag color={ended ? 'default' : 'green'}>{ended ? 'Ended' : 'Active'}</Tag>
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                    aria-label={`Remove relationship ${index + 1}`}
                  >
                    Remove
                  </Button>
                </Space>
              </div>
            );
          })}
          <Button icon={<PlusOutlined />} onClick={() => add({ notes: '' })}>
            Add relationship
          </Button>
        </>
      )}
    </Form.List>
  );
}

const OVERRIDE_TYPES = [
  { value: 'ANNUAL_EXEMPTION', label: 'Annual exemption' },
  { value: 'BROUGHT_FORWARD_LOSS', label: 'Brought-forward loss' },
];

/** Taxes (seed 000 §2.5): annual exemption and brought-forward loss overrides, one of each per tax year. */
export function TaxesTab({ taxYears }: { taxYears?: ClientTaxYear[] }) {
  return (
    <Form.List name="taxOverrides">
      {(fields, { add, remove }) => (
        <>
          {fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No tax overrides" />}
          {fields.map((field, index) => (
            <div className="gains-nested-row" key={field.key} data-testid="tax-override-row">
              <div className="gains-nested-row__grid">
                <Form.Item
                  label="Tax year"
                  name={[field.name, 'taxYear']}
                  rules={[
                    { required: true, message: CLIENT_MESSAGES.taxYearRequired },
                    ({ getFieldValue }) => ({
                      validator: (_r, year: string) => {
                        const rows = (getFieldValue('taxOverrides') ?? []) as TaxOverrideValues[];
                        const type = rows[index]?.overrideType;
                        const first = rows.findIndex((r) => r?.taxYear === year && r?.overrideType === type);
                        return check(year && type && first !== index ? CLIENT_MESSAGES.overrideOnce : undefined);
                      },
                    }),
                  ]}
                >
                  <Select options={(taxYears ?? []).map((y) => ({ value: y.label, label: y.label }))} />
                </Form.Item>
                <Form.Item
                  label="Override type"
                  name={[field.name, 'overrideType']}
                  rules={[{ required: true, message: CLIENT_MESSAGES.overrideTypeRequired }]}
                >
                  <Select options={OVERRIDE_TYPES} />
                </Form.Item>
                <Form.Item
                  label="Amount (£)"
                  name={[field.name, 'amount']}
                  dependencies={[['taxOverrides', field.name, 'percentage']]}
                  rules={[
                    ({ getFieldValue }) => ({
                      validator: (_r, v: string) =>
                        check(
                          amountProblem(v) ??
                            (!v?.trim() &&
                            !(getFieldValue(['taxOverrides', field.name, 'percentage']) as string)?.trim()
                              ? CLIENT_MESSAGES.amountOrPercentage
                              : undefined),
                        ),
                    }),
                  ]}
                >
                  <Input inputMode="decimal" />
                </Form.Item>
                <Form.Item
                  label="%"
                  name={[field.name, 'percentage']}
                  rules={[{ validator: (_r, v: string) => check(percentageProblem(v)) }]}
                >
                  <Input inputMode="decimal" />
                </Form.Item>
                <Form.Item label="Notes" name={[field.name, 'notes']}>
                  <Input maxLength={1000} />
                </Form.Item>
              </div>
              <Space>
                <Form.Item name={[field.name, 'rollover']} valuePropName="checked" noStyle>
                  <Checkbox>Rollover</Checkbox>
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {({ getFieldValue }) => {
                    const row = (getFieldValue(['taxOverrides', field.name]) ?? {}) as TaxOverrideValues;
                    return row.dateAdded ? (
                      <Typography.Text type="secondary">
                        Added {formatDateTime(row.dateAdded)} {row.userName && `by ${row.userName}`}
                      </Typography.Text>
                    ) : (
                      <Typography.Text type="secondary">New</Typography.Text>
                    );
                  }}
                </Form.Item>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => remove(field.name)}
                  aria-label={`Remove override ${index + 1}`}
                >
                  Remove
                </Button>
              </Space>
            </div>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add({ rollover: false, notes: '' })}>
            Add tax override
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** Reporting preferences: how and how often the client's reports go out. */
export function ReportingTab({ frequencies }: { frequencies?: CodeName[] }) {
  return (
    <div className="gains-nested-row__grid">
      <Form.Item label="Reporting frequency" name="reportingFrequency">
        <Select options={options(frequencies)} />
      </Form.Item>
      <Form.Item label="Reporting restriction from" name="reportingRestrictionFrom">
        <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
      </Form.Item>
      {(
        [
          ['electronicReport', 'Electronic report'],
          ['paperlessReport', 'Paperless report'],
          ['printedReport', 'Printed report'],
          ['clientPortalReport', 'Client portal report'],
          ['fatcaReporting', 'FATCA reporting'],
          ['crsReporting', 'CRS reporting'],
          ['isaReporting', 'ISA reporting'],
          ['overrideReportTypeMapping', 'Override the service level report types'],
        ] as const
      ).map(([name, label]) => (
        <Form.Item key={name} name={name} valuePropName="checked">
          <Checkbox>{label}</Checkbox>
        </Form.Item>
      ))}
    </div>
  );
}
