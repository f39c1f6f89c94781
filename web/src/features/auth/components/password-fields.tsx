import { Form, Input } from 'antd';
import { confirmationProblem, passwordProblem } from '@gains/access';
import { PasswordRequirements } from './password-requirements';

/**
 * Password and Confirm password with the §5 rules and the requirement list that turns green as you type.
 * Used inside a Form with fields `password` and `confirmPassword`.
 */
export function PasswordFields({ size }: { size?: 'large' }) {
  const form = Form.useFormInstance();
  const password = (Form.useWatch('password', form) as string | undefined) ?? '';
  return (
    <>
      <Form.Item
        label="Password"
        name="password"
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const problem = passwordProblem(value);
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" size={size} />
      </Form.Item>
      <PasswordRequirements password={password} />
      <Form.Item
        label="Confirm password"
        name="confirmPassword"
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) => {
              const problem = confirmationProblem((getFieldValue('password') as string | undefined) ?? '', value);
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" size={size} />
      </Form.Item>
    </>
  );
}
