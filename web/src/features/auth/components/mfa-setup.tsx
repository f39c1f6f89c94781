import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Skeleton, Typography } from 'antd';
import QRCode from 'qrcode';
import { useSetupMfa, useVerifyMfaSetup, type MfaSetupAnswer } from '../api/setup-mfa';
import { useApplyAnswer } from '../hooks/use-answer';
import { useAuth } from '../hooks/use-auth';
import { AuthBanners } from './auth-banners';
import { AuthLayout } from './auth-layout';
import { BackToSignIn } from './back-to-sign-in';
import { CodeField } from './code-field';

/** The otpauth URL as a QR code image (drawn in the browser; the secret never leaves it). */
function QrCode({ url }: { url: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, { width: 184, margin: 1, errorCorrectionLevel: 'M' })
      .then((data) => live && setSrc(data))
      .catch(() => live && setSrc(undefined));
    return () => {
      live = false;
    };
  }, [url]);
  return src ? (
    <img src={src} width={184} height={184} alt="QR code for your authenticator app" data-testid="mfa-qr" />
  ) : (
    <Skeleton.Image active style={{ width: 184, height: 184 }} />
  );
}

/** MFA_SETUP: show a new authenticator secret (QR code, link and text), then verify a first code. */
export function MfaSetup() {
  const { auth } = useAuth();
  const apply = useApplyAnswer();
  const setup = useSetupMfa();
  const verify = useVerifyMfaSetup();
  const [secret, setSecret] = useState<MfaSetupAnswer>();
  const asked = useRef(false);

  useEffect(() => {
    // ask once per challenge (a second ask would replace the secret just shown)
    if (asked.current || !auth.challengeSession) return;
    asked.current = true;
    setup.mutate({ session: auth.challengeSession }, { onSuccess: setSecret });
  }, [auth.challengeSession, setup]);

  const onFinish = ({ code }: { code: string }) => {
    if (!secret) return;
    verify.mutate({ session: secret.session, code }, { onSuccess: (answer) => apply(answer, auth.email) });
  };

  return (
    <AuthLayout title="Set up your authenticator">
      <AuthBanners notice={auth.notice} error={verify.error ?? setup.error} />
      {setup.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {secret && (
        <>
          <Typography.Paragraph type="secondary">
            Scan the QR code with an authenticator app (or open the link on this device, or type the secret key), then
            enter the 6-digit code it shows.
          </Typography.Paragraph>
          <div className="gains-mfa-setup">
            <QrCode url={secret.otpauthUrl} />
            <div className="gains-mfa-setup__details">
              <Typography.Text type="secondary">Secret key</Typography.Text>
              <Typography.Text
                code
                copyable={{ text: secret.secret }}
                className="gains-mfa-setup__secret"
                data-testid="mfa-secret"
              >
                {secret.secret}
              </Typography.Text>
              <Typography.Link href={secret.otpauthUrl} className="gains-mfa-setup__link" data-testid="mfa-link">
                Open in authenticator app
              </Typography.Link>
            </div>
          </div>
          <Form<{ code: string }>
            name="mfa-setup"
            layout="vertical"
            requiredMark={false}
            onFinish={onFinish}
            disabled={verify.isPending}
          >
            <CodeField />
            <Button type="primary" htmlType="submit" block size="large" loading={verify.isPending}>
              Verify and sign in
            </Button>
          </Form>
        </>
      )}
      {!auth.challengeSession && <Alert type="warning" showIcon message="Please sign in again." />}
      <BackToSignIn />
    </AuthLayout>
  );
}
