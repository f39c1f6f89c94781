import { Button, Form, Typography } from 'antd';
import { useConfirmMfa } from '../api/confirm-mfa';
import { useApplyAnswer } from '../hooks/use-answer';
import { useAuth } from '../hooks/use-auth';
import { AuthBanners } from './auth-banners';
import { AuthLayout } from './auth-layout';
import { BackToSignIn } from './back-to-sign-in';
import { CodeField } from './code-field';

/** MFA: the six-digit code from the user's authenticator app. */
export function MfaForm() {
  const { auth } = useAuth();
  const apply = useApplyAnswer();
  const confirm = useConfirmMfa();

  const onFinish = ({ code }: { code: string }) => {
    confirm.mutate(
      { session: auth.challengeSession ?? '', code },
      { onSuccess: (answer) => apply(answer, auth.email) },
    );
  };

  return (
    <AuthLayout title="Enter your verification code">
      <AuthBanners notice={auth.notice} error={confirm.error} />
      <Typography.Paragraph type="secondary">
        Open your authenticator app and enter the 6-digit code it shows for Gains.
      </Typography.Paragraph>
      <Form<{ code: string }>
        name="mfa"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={confirm.isPending}
      >
        <CodeField autoFocus />
        <Button type="primary" htmlType="submit" block size="large" loading={confirm.isPending}>
          Verify
        </Button>
      </Form>
      <BackToSignIn />
    </AuthLayout>
  );
}
