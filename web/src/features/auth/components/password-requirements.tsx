import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { PASSWORD_RULES } from './password-rules';

export function PasswordRequirements({ password }: { password: string }) {
  return (
    <ul className="gains-password-rules" aria-label="Password requirements">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.key} className={met ? 'is-met' : undefined}>
            {met ? <CheckCircleFilled /> : <CloseCircleOutlined />} {rule.label}
          </li>
        );
      })}
    </ul>
  );
}
