import type { FormInstance } from 'antd';
import { isApiError } from '@/lib/api-client';

/** `customer.holdingVariance` → ['customer', 'holdingVariance']; `reportTypeMappings.1.reportTypeId` → [..., 1, ...]. */
export function fieldPath(field: string): (string | number)[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * Show a server 400/409 that names a field under that field, keeping what was typed. Returns whether it
 * found a field of the form to put the message on (otherwise the caller shows it in an alert).
 */
export function showServerFieldError(form: FormInstance, error: unknown): boolean {
  if (!isApiError(error) || !error.field) return false;
  const name = fieldPath(error.field);
  const known = form.getFieldsValue(true) as Record<string, unknown>;
  let cursor: unknown = known;
  for (const part of name) {
    if (cursor === null || typeof cursor !== 'object' || !(part in (cursor as object))) return false;
    cursor = (cursor as Record<string | number, unknown>)[part];
  }
  form.setFields([{ name, errors: [error.typeDescription] }]);
  form.scrollToField(name);
  return true;
}

/**
 * The same error with its field renamed to the form's name for it: the server names fields as its body does
 * (`transaction.quantity`), a form may name them otherwise (`quantity`).
 */
export function renameErrorField(error: unknown, rename: (field: string) => string): unknown {
  if (!isApiError(error) || !error.field) return error;
  return Object.assign(Object.create(Object.getPrototypeOf(error) as object) as object, error, {
    field: rename(error.field),
  });
}
