import { Form, Input } from 'antd';
import { MFA_CODE_LENGTH, mfaCodeProblem } from '@gains/access';

/** The authenticator's six-digit code: 'Code is required' / 'Code must be 6 digits'. */
export function CodeField({ autoFocus }: { autoFocus?: boolean }) {
  return (
    <Form.Item
      label="Code"
      name="code"
      normalize={(value: string) => value.replace(/\s+/g, '')}
      rules={[
        {
          validator: (_, value: string | undefined) => {
            const problem = mfaCodeProblem(value);
            return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
          },
        },
      ]}
    >
      <Input
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={MFA_CODE_LENGTH}
        autoFocus={autoFocus}
        size="large"
        className="gains-auth__code"
        placeholder="123456"
      />
    </Form.Item>
  );
}
