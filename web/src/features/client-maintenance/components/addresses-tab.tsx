import { useState } from 'react';
import { Alert, Button, Checkbox, Empty, Form, Input, Modal, Select, Space, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { formatBoolean } from '@/lib/format';
import {
  ADDRESS_FIELDS,
  CLIENT_MESSAGES,
  EMPTY_ADDRESS,
  primaryCopyProblem,
  withAddress,
  type AddressValues,
} from './client-form-rules';

type CodeName = { code: string; name: string };

const options = (items: CodeName[] | undefined) => (items ?? []).map((i) => ({ value: i.code, label: i.name }));
const nameOf = (items: CodeName[] | undefined, code: string) => items?.find((i) => i.code === code)?.name ?? code;
const text = (value: string) => value || '-';

/**
 * Addresses (seed 000 §2.5): a table of the client's addresses, each added or edited in a modal; exactly one is
 * the primary tax copy (marking one primary unmarks the rest). The rows' fields stay registered, hidden, so a
 * server message naming one (`addresses.1.postcode`) has a field to sit on and shows in the table.
 */
export function AddressesTab({
  statuses,
  countries,
  onEdited,
}: {
  statuses?: CodeName[];
  countries?: CodeName[];
  /** A change made here, outside the form's own inputs (the form counts it as unsaved). */
  onEdited: () => void;
}) {
  const form = Form.useFormInstance();
  const [editing, setEditing] = useState<{ index: number; values: AddressValues }>();

  const rowsOf = () => ((form.getFieldValue('addresses') ?? []) as AddressValues[]).filter(Boolean);
  const write = (next: AddressValues[]) => {
    form.setFieldValue('addresses', next);
    form.validateFields([['addresses']], { recursive: false }).catch(() => undefined);
    onEdited();
  };

  return (
    <Form.List
      name="addresses"
      rules={[{ validator: (_r, rows: AddressValues[]) => check(primaryCopyProblem(rows ?? [])) }]}
    >
      {(fields, { remove }, { errors }) => (
        <>
          {fields.map((field) => (
            <div key={field.key} hidden>
              {ADDRESS_FIELDS.map((key) => (
                <Form.Item key={key} name={[field.name, key]} noStyle>
                  <HiddenValue />
                </Form.Item>
              ))}
            </div>
          ))}
          <Form.Item noStyle shouldUpdate>
            {() => {
              const rows = rowsOf();
              const problems = form
                .getFieldsError()
                .filter((f) => f.name[0] === 'addresses' && f.name.length === 3 && f.errors.length > 0)
                .map((f) => `Address ${Number(f.name[1]) + 1}, ${labelOf(String(f.name[2]))}: ${f.errors[0]}`);
              const columns: TableColumnsType<AddressValues & { index: number }> = [
                { title: 'Address code', dataIndex: 'code', render: text },
                { title: 'Type code', dataIndex: 'typeCode', render: text },
                { title: 'OU code', dataIndex: 'ouCode', render: text },
                { title: 'Primary', dataIndex: 'primaryTaxCopy', render: (v: boolean) => formatBoolean(v) },
                { title: 'Copy', dataIndex: 'additionalCopy', render: (v: boolean) => formatBoolean(v) },
                { title: 'Addressee', dataIndex: 'name', render: text },
                { title: 'Line 1', dataIndex: 'line1', render: text },
                { title: 'Line 2', dataIndex: 'line2', render: text },
                { title: 'Line 3', dataIndex: 'line3', render: text },
                { title: 'Town/City', dataIndex: 'town', render: text },
                { title: 'County', dataIndex: 'county', render: text },
                { title: 'Postcode', dataIndex: 'postcode', render: text },
                { title: 'Country', dataIndex: 'country', render: (v: string) => text(nameOf(countries, v)) },
                { title: 'Status', dataIndex: 'status', render: (v: string) => text(nameOf(statuses, v)) },
                { title: 'Core internal ref', dataIndex: 'coreInternalRef', render: text },
                {
                  title: '',
                  key: 'actions',
                  fixed: 'right',
                  render: (_v, row) => (
                    <Space size="small">
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={`Edit address ${row.index + 1}`}
                        onClick={() => setEditing({ index: row.index, values: { ...EMPTY_ADDRESS, ...row } })}
                      />
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`Remove address ${row.index + 1}`}
                        onClick={() => {
                          remove(row.index);
                          form.validateFields([['addresses']], { recursive: false }).catch(() => undefined);
                          onEdited();
                        }}
                      />
                    </Space>
                  ),
                },
              ];
              return (
                <>
                  {problems.length > 0 && (
                    <Alert type="error" showIcon className="gains-modal-alert" message={problems.join('; ')} />
                  )}
                  <Table
                    data-testid="addresses-table"
                    size="small"
                    rowKey="index"
                    pagination={false}
                    scroll={{ x: 'max-content' }}
                    columns={columns}
                    dataSource={rows.map((r, index) => ({ ...r, index }))}
                    locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No addresses" /> }}
                  />
                </>
              );
            }}
          </Form.Item>
          <Form.ErrorList errors={errors} />
          <Button
            icon={<PlusOutlined />}
            className="gains-addresses__add"
            onClick={() =>
              setEditing({ index: -1, values: { ...EMPTY_ADDRESS, primaryTaxCopy: rowsOf().length === 0 } })
            }
          >
            Add address
          </Button>
          {editing && (
            <AddressModal
              initial={editing.values}
              adding={editing.index < 0}
              statuses={statuses}
              countries={countries}
              onCancel={() => setEditing(undefined)}
              onSave={(address) => {
                write(withAddress(rowsOf(), editing.index, address));
                setEditing(undefined);
              }}
            />
          )}
        </>
      )}
    </Form.List>
  );
}

const check = (problem: string | undefined) => (problem ? Promise.reject(new Error(problem)) : Promise.resolve());

/** Holds a registered field's value without showing it. */
function HiddenValue(_props: { value?: unknown; onChange?: (v: unknown) => void }) {
  return null;
}

const LABELS: Record<string, string> = {
  code: 'Address code',
  typeCode: 'Address type code',
  ouCode: 'OU code',
  name: 'Addressee',
  line1: 'Address line 1',
  line2: 'Address line 2',
  line3: 'Address line 3',
  town: 'Town/City',
  county: 'County',
  postcode: 'Postcode',
  country: 'Country',
  status: 'Status',
  primaryTaxCopy: 'Primary tax copy',
  additionalCopy: 'Additional copy',
  coreInternalRef: 'Core internal ref',
};
const labelOf = (key: string) => LABELS[key] ?? key;

function AddressModal({
  initial,
  adding,
  statuses,
  countries,
  onCancel,
  onSave,
}: {
  initial: AddressValues;
  adding: boolean;
  statuses?: CodeName[];
  countries?: CodeName[];
  onCancel: () => void;
  onSave: (address: AddressValues) => void;
}) {
  const [form] = Form.useForm<AddressValues>();
  return (
    <Modal
      open
      title={adding ? 'Add address' : 'Edit address'}
      okText={adding ? 'Add' : 'OK'}
      onCancel={onCancel}
      onOk={() => form.submit()}
      width={760}
      destroyOnHidden
    >
      <Form<AddressValues>
        form={form}
        name="address"
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => onSave({ ...initial, ...values })}
        data-testid="address-form"
      >
        <div className="gains-nested-row__grid">
          <Form.Item label={LABELS.code} name="code">
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item label={LABELS.typeCode} name="typeCode">
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item label={LABELS.ouCode} name="ouCode">
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item label={LABELS.coreInternalRef} name="coreInternalRef">
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item label={LABELS.name} name="name">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            label={LABELS.line1}
            name="line1"
            rules={[{ required: true, whitespace: true, message: CLIENT_MESSAGES.line1Required }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item label={LABELS.line2} name="line2">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item label={LABELS.line3} name="line3">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item label={LABELS.town} name="town">
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item label={LABELS.county} name="county">
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item label={LABELS.postcode} name="postcode">
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item label={LABELS.country} name="country">
            <Select showSearch optionFilterProp="label" options={options(countries)} />
          </Form.Item>
          <Form.Item label={LABELS.status} name="status">
            <Select options={options(statuses)} />
          </Form.Item>
        </div>
        <Space>
          <Form.Item name="primaryTaxCopy" valuePropName="checked" noStyle>
            <Checkbox>{LABELS.primaryTaxCopy}</Checkbox>
          </Form.Item>
          <Form.Item name="additionalCopy" valuePropName="checked" noStyle>
            <Checkbox>{LABELS.additionalCopy}</Checkbox>
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
