import { Button, DatePicker, Form, Input, Modal, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import type { DocumentHeader } from '@gains/contracts';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useCreateHeader } from '../api/create-header';
import type { MovementDirection } from '../api/search-movement-parties';
import { MovementClientSelect, MovementPortfolioSelect } from './movement-party-select';

interface Row {
  clientUuid: string;
  clientLabel: string;
  portfolioUuid: string;
  transferPercentage: string;
}
interface Values {
  tradeDate: Dayjs | null;
  outPortfolios: Row[];
  inPortfolios: Row[];
}

/** A row's fields side by side, wrapping on a narrow screen. */
const ROW: React.CSSProperties = { display: 'flex', gap: 12, alignItems: 'flex-start', flexWrap: 'wrap' };

const emptyRow = (transferPercentage = ''): Row => ({
  clientUuid: '',
  clientLabel: '',
  portfolioUuid: '',
  transferPercentage,
});

/**
 * Seed 001 §2 "Add Header modal", portfolio movement: Trade Date, then the Out and In lists, each row a client
 * search, that client's portfolio and a Transfer Percentage (§5's messages). The server checks the rest (the In
 * percentages add up to 100, the type's clients) and its message is shown; 'Header created' on success.
 */
export function AddMovementHeaderModal({
  organisationUuid,
  typeUuid,
  open,
  onClose,
}: {
  organisationUuid: string;
  typeUuid: string;
  open: boolean;
  /** the created header, or nothing when cancelled */
  onClose: (created?: DocumentHeader) => void;
}) {
  const [form] = Form.useForm<Values>();
  const create = useCreateHeader(organisationUuid);

  const submit = (values: Values) => {
    const rows = (list: Row[]) =>
      list.map((r) => ({
        clientUuid: r.clientUuid,
        portfolioUuid: r.portfolioUuid,
        transferPercentage: r.transferPercentage.trim(),
      }));
    create.mutate(
      {
        typeUuid,
        tradeDate: values.tradeDate!.format('YYYY-MM-DD'),
        outPortfolios: rows(values.outPortfolios),
        inPortfolios: rows(values.inPortfolios),
      },
      {
        onSuccess: (header) => {
          notify.success('Header created');
          form.resetFields();
          onClose(header);
        },
        onError: (error) => notify.error(isApiError(error) ? error.typeDescription : 'Unknown error'),
      },
    );
  };

  const list = (direction: MovementDirection, name: 'outPortfolios' | 'inPortfolios', title: string) => (
    <div data-testid={`movement-${direction}`} style={{ marginBottom: 16 }}>
      <Typography.Title level={5}>{title}</Typography.Title>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, i) => (
              <div key={field.key} style={ROW} data-testid={`movement-${direction}-row`}>
                <Form.Item name={[field.name, 'clientLabel']} hidden>
                  <Input />
                </Form.Item>
                <Form.Item name={[field.name, 'clientUuid']} hidden>
                  <Input />
                </Form.Item>
                <Form.Item
                  shouldUpdate={(a: Values, b: Values) => a[name][i]?.clientUuid !== b[name][i]?.clientUuid}
                  noStyle
                >
                  {() => {
                    const row = form.getFieldValue([name, field.name]) as Row | undefined;
                    return (
                      <div style={ROW}>
                        {/* the client only narrows the portfolio search; the portfolio is what is required */}
                        <Form.Item label="Client">
                          <MovementClientSelect
                            organisationUuid={organisationUuid}
                            typeUuid={typeUuid}
                            direction={direction}
                            testId={`movement-${direction}-client-${i}`}
                            value={row?.clientUuid ?? ''}
                            label={row?.clientLabel ?? ''}
                            onChange={(c) =>
                              form.setFieldValue([name, field.name], {
                                ...row,
                                clientUuid: c.uuid,
                                clientLabel: c.label,
                                portfolioUuid: '',
                              })
                            }
                          />
                        </Form.Item>
                        <Form.Item
                          name={[field.name, 'portfolioUuid']}
                          label="Portfolio"
                          rules={[{ required: true, message: 'Portfolio is required' }]}
                        >
                          <MovementPortfolioSelect
                            organisationUuid={organisationUuid}
                            typeUuid={typeUuid}
                            direction={direction}
                            testId={`movement-${direction}-portfolio-${i}`}
                            clientUuid={row?.clientUuid ?? ''}
                            value={row?.portfolioUuid ?? ''}
                            onChange={(p) => form.setFieldValue([name, field.name, 'portfolioUuid'], p)}
                          />
                        </Form.Item>
                      </div>
                    );
                  }}
                </Form.Item>
                <Form.Item
                  name={[field.name, 'transferPercentage']}
                  label="Transfer Percentage"
                  rules={[
                    { required: true, whitespace: true, message: 'Transfer percentage is required' },
                    { pattern: /^\s*\d+(\.\d+)?\s*$/, message: 'Transfer percentage must be a number, such as 50' },
                  ]}
                >
                  <Input data-testid={`movement-${direction}-percentage-${i}`} suffix="%" style={{ width: 120 }} />
                </Form.Item>
                {fields.length > 1 && (
                  <Button
                    style={{ marginTop: 30 }}
                    aria-label={`Remove ${title} row ${i + 1}`}
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                  />
                )}
              </div>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add(emptyRow())} data-testid={`movement-${direction}-add`}>
              Add
            </Button>
          </>
        )}
      </Form.List>
    </div>
  );

  return (
    <Modal
      open={open}
      title="Add Portfolio Movement Header"
      width={1000}
      destroyOnHidden
      onCancel={() => onClose()}
      okText="Save"
      okButtonProps={{ loading: create.isPending, 'data-testid': 'movement-save' } as never}
      onOk={() => form.submit()}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        data-testid="add-movement-form"
        initialValues={{ tradeDate: null, outPortfolios: [emptyRow('100')], inPortfolios: [emptyRow('100')] }}
        onFinish={submit}
      >
        <Form.Item label="Trade Date" name="tradeDate" rules={[{ required: true, message: 'Trade Date is required' }]}>
          <DatePicker data-testid="movement-trade-date" format="DD/MM/YYYY" />
        </Form.Item>
        {list('out', 'outPortfolios', 'Out')}
        {list('in', 'inPortfolios', 'In')}
      </Form>
    </Modal>
  );
}
