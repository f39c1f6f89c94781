import { useEffect } from 'react';
import { act, render, screen } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { fieldPath, showServerFieldError } from './server-field-error';

/** A form with a code and a nested customer field, as the administration forms have. */
function TestForm({ onForm }: { onForm: (form: FormInstance) => void }) {
  const [form] = Form.useForm();
  useEffect(() => {
    onForm(form);
  }, [form, onForm]);
  return (
    <Form form={form} initialValues={{ code: 'ASHW', customer: { holdingVariance: 'abc' } }}>
      <Form.Item label="Code" name="code">
        <Input />
      </Form.Item>
      <Form.Item label="Holding variance" name={['customer', 'holdingVariance']}>
        <Input />
      </Form.Item>
    </Form>
  );
}

function renderForm(): FormInstance {
  let instance: FormInstance | undefined;
  render(<TestForm onForm={(f) => (instance = f)} />);
  return instance!;
}

const rejected = (field: string | undefined, message: string) =>
  new ApiError(400, { type_description: message, field, id: 'e1', timestamp: '2026-11-23T12:00:00Z' }, 'failed');

describe('a server error on a form field', () => {
  it('when a field name is dotted, then it becomes the form path, with list positions as numbers', () => {
    expect(fieldPath('code')).toEqual(['code']);
    expect(fieldPath('customer.holdingVariance')).toEqual(['customer', 'holdingVariance']);
    expect(fieldPath('reportTypeMappings.1.reportTypeId')).toEqual(['reportTypeMappings', 1, 'reportTypeId']);
  });

  it('when the server names a field of the form, then its message shows under that field and the value stays', async () => {
    const form = renderForm();
    let shown = false;
    await act(async () => {
      shown = showServerFieldError(form, rejected('customer.holdingVariance', 'Holding variance must be a number'));
    });
    expect(shown).toBe(true);
    expect(await screen.findByText('Holding variance must be a number')).toBeTruthy();
    expect(form.getFieldValue(['customer', 'holdingVariance'])).toBe('abc');
  });

  it('when the error names no field, or one the form does not have, then the caller is told to show it elsewhere', async () => {
    const form = renderForm();
    await act(async () => {
      expect(showServerFieldError(form, rejected(undefined, 'Something failed'))).toBe(false);
      expect(showServerFieldError(form, rejected('serviceLevelId', 'Unknown service level'))).toBe(false);
      expect(showServerFieldError(form, new Error('network down'))).toBe(false);
    });
    expect(screen.queryByText('Unknown service level')).toBeNull();
  });
});
