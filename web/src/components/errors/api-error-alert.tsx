import { Alert } from 'antd';
import { isApiError, UNKNOWN_ERROR_ID } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

/** A failed data call (spec §8): the title, then the server's type_description, time (DD/MM/YYYY HH:mm) and id. */
export function ApiErrorAlert({ title, error }: { title: string; error: unknown }) {
  const description = isApiError(error)
    ? error.typeDescription
    : error instanceof Error
      ? error.message
      : String(error);
  const timestamp = isApiError(error) ? error.timestamp : new Date().toISOString();
  const id = isApiError(error) ? error.id : UNKNOWN_ERROR_ID;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="api-error"
      message={title}
      description={
        <div className="gains-error-lines">
          <div>{description}</div>
          <div>{formatDateTime(timestamp)}</div>
          <div>{id}</div>
        </div>
      }
    />
  );
}
