import { Checkbox, Col, DatePicker, Form, Input, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { todayIso } from '@/lib/format';
type CodeName = { code: string; name: string };
import { CLIENT_MESSAGES, niNumberProblem, utrProblem, yearEndProblem } from './client-form-rules';

const notFuture = (d: Dayjs) => d.format('YYYY-MM-DD') > todayIso();
const check = (problem: string | undefined) => (problem ? Promise.reject(new Error(problem)) : Promise.resolve());
const options = (items: CodeName[] | undefined) => (items ?? []).map((i) => ({ value: i.code, label: i.name }));

/** The client's own fields (seed 000 §3 full client). */
export function ClientDetailsTab({
  lists,
}: {
  lists: { types?: CodeName[]; states?: CodeName[]; countries?: CodeName[]; serviceLevels?: CodeName[] };
}) {
  const deceased = Form.useWatch('deceased') as boolean | undefined;
  const probateCompleted = Form.useWatch('probateCompleted') as boolean | undefined;
  const yearEndOverride = Form.useWatch('yearEndOverride') as boolean | undefined;
  const company = Form.useWatch('company') as boolean | undefined;
  return (
    <Row gutter={16}>
      <Col xs={24} md={6}>
        <Form.Item
          label="Client code"
          name="code"
          rules={[{ required: true, whitespace: true, message: CLIENT_MESSAGES.codeRequired }]}
        >
          <Input maxLength={40} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item label="IMS code" name="imsCode">
          <Input maxLength={40} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label="Name"
          name="name"
          rules={[{ required: true, whitespace: true, message: CLIENT_MESSAGES.nameRequired }]}
        >
          <Input maxLength={200} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item label="Salutation" name="salutation">
          <Input maxLength={40} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item label="First name" name="firstName">
          <Input maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item label="Middle names" name="middleNames">
          <Input maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item label="Surname" name="surname">
          <Input maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Reporting name" name="reportingName">
          <Input maxLength={200} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item label="Date of birth" name="dateOfBirth">
          <DatePicker format="DD/MM/YYYY" disabledDate={notFuture} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item
          label="NI number"
          name="niNumber"
          rules={[{ validator: (_r, v: string) => check(niNumberProblem(v)) }]}
        >
          <Input maxLength={13} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item
          label="UTR"
          name="uniqueTaxPayerReference"
          rules={[{ validator: (_r, v: string) => check(utrProblem(v)) }]}
        >
          <Input maxLength={13} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item
          label="Client type"
          name="typeCode"
          rules={[{ required: true, message: CLIENT_MESSAGES.typeRequired }]}
        >
          <Select options={options(lists.types)} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item
          label="Client state"
          name="stateCode"
          rules={[{ required: true, message: CLIENT_MESSAGES.stateRequired }]}
        >
          <Select options={options(lists.states)} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item label="Service level" name="serviceLevelCode">
          <Select allowClear options={options(lists.serviceLevels)} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item label="Country of residence" name="countryOfResidenceCode">
          <Select showSearch optionFilterProp="label" options={options(lists.countries)} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item label="Country of domicile" name="countryOfDomicileCode">
          <Select showSearch optionFilterProp="label" options={options(lists.countries)} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item label="Relationship manager code" name="relationshipManagerCode">
          <Input maxLength={40} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item label="Relationship manager" name="relationshipManagerName">
          <Input maxLength={200} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item label="Family group" name="familyGroup">
          <Input maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item label="End date" name="endDate">
          <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item label="Telephone" name="telephone">
          <Input maxLength={40} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item label="Mobile" name="mobile">
          <Input maxLength={40} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Email" name="email" rules={[{ type: 'email', message: 'Email must be an email address' }]}>
          <Input maxLength={200} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item name="company" valuePropName="checked" label="Company">
          <Checkbox>A company (corporation tax rules)</Checkbox>
        </Form.Item>
      </Col>
      {company && (
        <>
          <Col xs={24} md={6}>
            <Form.Item name="yearEndOverride" valuePropName="checked" label="Accounting year end">
              <Checkbox>Not 31 March</Checkbox>
            </Form.Item>
          </Col>
          {yearEndOverride && (
            <Col xs={24} md={6}>
              <Form.Item
                label="Year end (MM-DD)"
                name="yearEndInput"
                rules={[{ validator: (_r, v: string) => check(yearEndProblem(v)) }]}
              >
                <Input placeholder="12-31" maxLength={5} />
              </Form.Item>
            </Col>
          )}
        </>
      )}
      <Col xs={24}>
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item name="deceased" valuePropName="checked" label="Deceased">
              <Checkbox>Deceased</Checkbox>
            </Form.Item>
          </Col>
          {deceased && (
            <>
              <Col xs={24} md={6}>
                <Form.Item
                  label="Date deceased"
                  name="dateDeceased"
                  rules={[{ required: true, message: CLIENT_MESSAGES.dateDeceasedRequired }]}
                >
                  <DatePicker format="DD/MM/YYYY" disabledDate={notFuture} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item label="Personal representative" name="deceasedRepresentative">
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item name="probateCompleted" valuePropName="checked" label="Probate">
                  <Checkbox>Probate completed</Checkbox>
                </Form.Item>
              </Col>
              {probateCompleted && (
                <Col xs={24} md={6}>
                  <Form.Item label="Probate completed date" name="probateCompletedDate">
                    <DatePicker format="DD/MM/YYYY" disabledDate={notFuture} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              )}
              <Col xs={24} md={6}>
                <Form.Item name="giaExecutorsPortfolioAdded" valuePropName="checked" label="Executors">
                  <Checkbox>GIA executors portfolio added</Checkbox>
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
      </Col>
      <Col xs={24}>
        <Form.Item label="Notes" name="notes">
          <Input.TextArea rows={3} maxLength={4000} />
        </Form.Item>
      </Col>
    </Row>
  );
}
