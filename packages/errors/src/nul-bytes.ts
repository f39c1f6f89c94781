import { invalidArgument } from './domain-error';

/**
 * Where the first NUL byte is in a value (a string, or any string or key nested in arrays and
 * objects), as a dotted path such as `customer.notes` or `organisationUuids.1`; undefined when there
 * is none. PostgreSQL text cannot hold a NUL byte, and no field of ours means one.
 */
export function nulBytePath(value: unknown, path = ''): string | undefined {
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if (typeof value === 'string') return value.includes('\0') ? path || 'value' : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulBytePath(value[i], at(String(i)));
      if (found) return found;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return undefined;
  const record = value as Record<string, unknown>;
  // A oneof of a proto message ({case, value}) is named by its case.
  const oneofCase = Object.keys(record).length === 2 && typeof record.case === 'string' && 'value' in record;
  for (const [key, child] of Object.entries(record)) {
    if (key === '$typeName' || (oneofCase && key === 'case')) continue;
    if (key.includes('\0')) return path || 'value';
    const found = nulBytePath(child, oneofCase ? at(record.case as string) : at(key));
    if (found) return found;
  }
  return undefined;
}

/** Refuses a value holding a NUL byte anywhere, naming the field: 400 at the BFF, INVALID_ARGUMENT in a service. */
export function assertNoNulBytes(value: unknown, root = ''): void {
  const path = nulBytePath(value, root);
  if (path) throw invalidArgument(path, `${path} must not contain a NUL (zero) character`);
}
