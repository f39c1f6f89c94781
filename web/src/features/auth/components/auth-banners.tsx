import { Alert } from 'antd';
import { isApiError } from '@/lib/api-client';

/** The server's message for a failed sign-in step (spec §2.2: errors appear in an error banner). */
export function authErrorText(
  error: unknown,
  fallback = 'Something went wrong. Please try again.',
): string | undefined {
  if (!error) return undefined;
  return isApiError(error) ? error.typeDescription : fallback;
}

/**
 * The notice of the current screen and the error banner of its last call. A notice is green only when it
 * reports something done (a password reset); an instruction ("set up your authenticator") is information.
 */
export function AuthBanners({
  notice,
  error,
  noticeType = 'info',
}: {
  notice?: string;
  error?: unknown;
  noticeType?: 'info' | 'success';
}) {
  const errorText = authErrorText(error);
  return (
    <>
      {notice && !errorText && (
        <Alert className="gains-auth__banner" type={noticeType} showIcon message={notice} data-testid="auth-notice" />
      )}
      {errorText && (
        <Alert
          className="gains-auth__banner"
          type="error"
          showIcon
          message={errorText}
          role="alert"
          data-testid="auth-error"
        />
      )}
    </>
  );
}
