import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Collapse,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import { DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { DocumentType, LineDefinition } from '@gains/contracts';
import { isApiError } from '@/lib/api-client';
import { formatExactQuantity } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useLayers } from '../api/get-layers';
import type { HeaderBody } from '../api/save-header';
import {
  addLine,
  canAddLine,
  canRemoveLine,
  headerBody,
  orderedDefinitions,
  serverFieldError,
  showsApportionment,
  showsParentPrice,
  showsFractionPrice,
  validateDraft,
  type ChosenSecurity,
  type DraftErrors,
  type HeaderDraft,
  type LineDraft,
} from './ca-header-form-rules';
import { SecurityChooserModal } from './security-chooser-modal';
import { nDaysProblem, OVERRIDE_FLAGS } from '../../document-types/components/document-type-form-rules';

const securityLabel = (s: ChosenSecurity | null) =>
  s ? [s.sedol, s.isin, s.securityName].filter(Boolean).join(' · ') : '';
const toDay = (iso: string) => (iso ? dayjs(iso) : null);
const fromDay = (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : '');

/** Who the chooser is choosing for: the header's security, or a new-security line (by its key). */
type Choosing = { for: 'header' } | { for: 'line'; key: string } | undefined;

/**
 * Seed 001 §2, a corporate action's terms as a form (the Add page, the edit page): Security (the chooser), Ex, Pay
 * and Start Dates, Layer (the security's layers), Parent Security Price where the type makes it mandatory, and the
 * Rates: one block per line definition with its lines in an editable grid. The checks of §5 run before a save; a
 * refusal from the server shows under the field it names. `onSave` throws what the call threw.
 */
export function CorporateActionHeaderForm({
  organisationUuid,
  type,
  initial,
  readOnly = false,
  saving,
  submitText,
  onSave,
  onCancel,
  onDirtyChange,
}: {
  organisationUuid: string;
  type: DocumentType;
  initial: HeaderDraft;
  readOnly?: boolean;
  saving: boolean;
  submitText: string;
  onSave: (body: HeaderBody) => Promise<unknown>;
  /** none in the header modal, which has its own Done */
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [choosing, setChoosing] = useState<Choosing>();
  const layers = useLayers(organisationUuid, draft.security?.id);
  const definitions = useMemo(() => orderedDefinitions(type), [type]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const change = (next: Partial<HeaderDraft>, ...cleared: string[]) => {
    setDraft((d) => ({ ...d, ...next }));
    if (cleared.some((f) => errors[f]))
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([f]) => !cleared.includes(f))));
  };
  const changeLine = (key: string, next: Partial<LineDraft>) => {
    const i = draft.lines.findIndex((l) => l.key === key);
    change(
      { lines: draft.lines.map((l) => (l.key === key ? { ...l, ...next } : l)) },
      ...Object.keys(next).map((f) => `lines[${i}].${f === 'security' ? 'securityId' : f}`),
    );
  };

  const save = async () => {
    const found = validateDraft(type, draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await onSave(headerBody(type, draft));
    } catch (error) {
      // seed 001 §8: the server's message ('Unknown error' when none), under its field where the form has one
      const message = isApiError(error) ? error.typeDescription : 'Unknown error';
      setErrors(serverFieldError(isApiError(error) ? error.field : undefined, message));
      notify.error(message);
    }
  };

  const fieldError = (field: string) =>
    errors[field] ? { validateStatus: 'error' as const, help: errors[field] } : {};
  const lineErrors = Object.entries(errors).filter(([f]) => f === 'lines' || f === 'form');

  return (
    <div data-testid="ca-header-form" data-dirty={dirty}>
      <Form layout="vertical" disabled={readOnly} onFinish={() => void save()} component="div">
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <Form.Item label="Security" required {...fieldError('securityId')}>
              <Space.Compact style={{ width: '100%' }}>
                <Input
                  id="security"
                  readOnly
                  value={securityLabel(draft.security)}
                  placeholder="Choose the security"
                  data-testid="ca-security"
                  onClick={() => !readOnly && setChoosing({ for: 'header' })}
                />
                <Button
                  icon={<SearchOutlined />}
                  data-testid="ca-choose-security"
                  onClick={() => setChoosing({ for: 'header' })}
                >
                  Choose
                </Button>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item label="Layer" required {...fieldError('layerUuid')}>
              <Select
                id="layerUuid"
                data-testid="ca-layer"
                value={draft.layerUuid || undefined}
                placeholder={draft.security ? 'Choose a layer' : 'Choose the security first'}
                loading={layers.isLoading}
                notFoundContent={layers.isError ? 'Failed to fetch the layers' : 'No layers'}
                options={(layers.data ?? []).map((l) => ({ value: l.uuid, label: l.name }))}
                onChange={(layerUuid: string) => change({ layerUuid }, 'layerUuid')}
              />
            </Form.Item>
          </Col>
          {showsParentPrice(type) && (
            <Col xs={24} sm={12} lg={6}>
              <Form.Item label="Parent Security Price" required {...fieldError('parentSecurityPrice')}>
                <Input
                  id="parentSecurityPrice"
                  inputMode="decimal"
                  value={draft.parentSecurityPrice}
                  onChange={(e) => change({ parentSecurityPrice: e.target.value }, 'parentSecurityPrice')}
                />
              </Form.Item>
            </Col>
          )}
          {showsFractionPrice(type) && (
            <Col xs={24} sm={12} lg={6}>
              <Form.Item
                label="Fraction Price"
                tooltip="Price per new share the company sold the fractions at; each holder's fraction is paid in cash. Leave empty when fractions are not paid."
                {...fieldError('fractionPrice')}
              >
                <Input
                  id="fractionPrice"
                  inputMode="decimal"
                  value={draft.fractionPrice}
                  onChange={(e) => change({ fractionPrice: e.target.value }, 'fractionPrice')}
                />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Row gutter={16}>
          {(
            [
              ['exDate', 'Ex Date', true],
              ['payDate', 'Pay Date', true],
              ['startDate', 'Start Date', false],
            ] as const
          ).map(([field, label, required]) => (
            <Col xs={24} sm={8} lg={6} key={field}>
              <Form.Item label={label} required={required} {...fieldError(field)}>
                <DatePicker
                  id={field}
                  format="DD/MM/YYYY"
                  style={{ width: '100%' }}
                  value={toDay(draft[field])}
                  onChange={(d: Dayjs | null) => change({ [field]: fromDay(d) }, field)}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Typography.Title level={5}>Rates</Typography.Title>
        {lineErrors.map(([f, message]) => (
          <Alert
            key={f}
            type="error"
            showIcon
            message={message}
            style={{ marginBottom: 12 }}
            data-testid="ca-form-error"
          />
        ))}
        <Collapse
          defaultActiveKey={definitions.map((d) => d.uuid)}
          items={definitions.map((definition) => ({
            key: definition.uuid,
            label: (
              <Space>
                <strong>{definition.transactionTypeName}</strong>
                <Typography.Text type="secondary">{definition.transactionTypeDescription}</Typography.Text>
              </Space>
            ),
            extra:
              !readOnly && canAddLine(definition) ? (
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  data-testid={`ca-add-line-${definition.ord}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    change({ lines: addLine(draft, type, definition).lines });
                  }}
                >
                  Add
                </Button>
              ) : undefined,
            children: (
              <RatesGrid
                definition={definition}
                lines={draft.lines}
                errors={errors}
                readOnly={readOnly}
                onChange={changeLine}
                onChoose={(key) => setChoosing({ for: 'line', key })}
                onRemove={(key) => change({ lines: draft.lines.filter((l) => l.key !== key) })}
              />
            ),
          }))}
        />
        <Collapse
          style={{ marginTop: 12 }}
          items={[
            {
              key: 'override',
              label: <strong>Processing override</strong>,
              children: (
                <div data-testid="ca-processing-override">
                  <Space size={[24, 0]} wrap>
                    {OVERRIDE_FLAGS.map(([key, label]) => (
                      <Checkbox
                        key={key}
                        disabled={readOnly}
                        checked={draft.processingOverride[key]}
                        onChange={(e) =>
                          change({ processingOverride: { ...draft.processingOverride, [key]: e.target.checked } })
                        }
                      >
                        {label}
                      </Checkbox>
                    ))}
                  </Space>
                  <Form.Item
                    label="Auto process N days after pay date"
                    style={{ marginTop: 12, marginBottom: 0 }}
                    {...fieldError('processingOverride.autoProcessNDaysAfterPayDate')}
                    {...(nDaysProblem(draft.processingOverride.autoProcessNDaysAfterPayDate) && {
                      validateStatus: 'error' as const,
                      help: nDaysProblem(draft.processingOverride.autoProcessNDaysAfterPayDate),
                    })}
                  >
                    <InputNumber
                      id="autoProcessNDaysAfterPayDate"
                      min={0}
                      max={365}
                      precision={0}
                      disabled={readOnly}
                      value={draft.processingOverride.autoProcessNDaysAfterPayDate}
                      onChange={(v) =>
                        change(
                          { processingOverride: { ...draft.processingOverride, autoProcessNDaysAfterPayDate: v ?? 0 } },
                          'processingOverride.autoProcessNDaysAfterPayDate',
                        )
                      }
                    />
                  </Form.Item>
                </div>
              ),
            },
          ]}
        />
      </Form>
      <Space style={{ marginTop: 16 }}>
        {!readOnly && (
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="ca-save">
            {submitText}
          </Button>
        )}
        {onCancel && (
          <Button onClick={onCancel} data-testid="ca-cancel">
            {readOnly ? 'Back' : 'Cancel'}
          </Button>
        )}
      </Space>
      <SecurityChooserModal
        organisationUuid={organisationUuid}
        open={Boolean(choosing)}
        title={choosing?.for === 'line' ? 'Choose the new security' : 'Choose the security'}
        onCancel={() => setChoosing(undefined)}
        onConfirm={(security) => {
          if (choosing?.for === 'line') changeLine(choosing.key, { security });
          // another security has other layers
          else if (security.id !== draft.security?.id) change({ security, layerUuid: '' }, 'securityId');
          setChoosing(undefined);
        }}
      />
    </div>
  );
}

/** One definition's lines: SEDOL (new-security lines), Rate, Per Parent, Price, Apportionment Factor where used. */
function RatesGrid({
  definition,
  lines,
  errors,
  readOnly,
  onChange,
  onChoose,
  onRemove,
}: {
  definition: LineDefinition;
  lines: LineDraft[];
  errors: DraftErrors;
  readOnly: boolean;
  onChange: (key: string, next: Partial<LineDraft>) => void;
  onChoose: (key: string) => void;
  onRemove: (key: string) => void;
}) {
  // the index of each line among all the header's lines: the server names fields by it
  const rows = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => line.lineDefinitionUuid === definition.uuid);
  type Row = (typeof rows)[number];
  const cellError = (index: number, field: string) => errors[`lines[${index}].${field}`];
  const figure = (field: 'rate' | 'perParent' | 'price', label: string) => ({
    key: field,
    title: label,
    render: (_: unknown, { line, index }: Row) => (
      <>
        <Input
          aria-label={label}
          data-testid={`ca-line-${field}`}
          inputMode="decimal"
          status={cellError(index, field) ? 'error' : undefined}
          value={line[field]}
          onChange={(e) => onChange(line.key, { [field]: e.target.value })}
        />
        {cellError(index, field) && <Typography.Text type="danger">{cellError(index, field)}</Typography.Text>}
      </>
    ),
  });
  const columns = [
    {
      key: 'sedol',
      title: 'SEDOL',
      render: (_: unknown, { line, index }: Row) =>
        definition.newSecurity ? (
          <>
            <Button
              size="small"
              danger={Boolean(cellError(index, 'securityId'))}
              icon={<SearchOutlined />}
              data-testid="ca-line-sedol"
              onClick={() => onChoose(line.key)}
            >
              {line.security ? `${line.security.sedol} · ${line.security.securityName}` : 'Choose'}
            </Button>
            {cellError(index, 'securityId') && (
              <div>
                <Typography.Text type="danger">{cellError(index, 'securityId')}</Typography.Text>
              </div>
            )}
          </>
        ) : (
          <Typography.Text type="secondary">The header&apos;s security</Typography.Text>
        ),
    },
    figure('rate', 'Rate'),
    figure('perParent', 'Per Parent'),
    figure('price', 'Price'),
    ...(showsApportionment(definition)
      ? [
          {
            key: 'apportionmentFactor',
            title: 'Apportionment Factor',
            render: (_: unknown, { line }: Row) =>
              line.apportionmentFactor ? formatExactQuantity(line.apportionmentFactor) : 'Worked out on save',
          },
        ]
      : []),
    ...(readOnly
      ? []
      : [
          {
            key: 'remove',
            title: '',
            width: 48,
            render: (_: unknown, { line }: Row) =>
              canRemoveLine(definition, rows.length) ? (
                <Button
                  size="small"
                  type="text"
                  aria-label="Remove the line"
                  icon={<DeleteOutlined />}
                  onClick={() => onRemove(line.key)}
                />
              ) : null,
          },
        ]),
  ];
  return (
    <Table<Row>
      size="small"
      data-testid={`ca-rates-${definition.ord}`}
      rowKey={(r) => r.line.key}
      columns={columns}
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: 'No lines: Add one if the action has it' }}
    />
  );
}
