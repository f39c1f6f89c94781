import { invalidArgument } from './domain-error';

// Half of a UTF-16 surrogate pair without its other half: not a character, and stored as U+FFFD.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type TextProblem = 'NUL' | 'LONE_SURROGATE';

function problemOf(text: string): TextProblem | undefined {
  if (text.includes('\0')) return 'NUL';
  if (LONE_SURROGATE.test(text)) return 'LONE_SURROGATE';
  return undefined;
}

/**
 * The first text in a value (a string, or any string or key nested in arrays and objects) that no field
 * of ours may hold: a NUL byte (PostgreSQL text cannot store one) or half a character (a lone UTF-16
 * surrogate, which would be stored silently changed). Its path is dotted, such as `customer.notes` or
 * `organisationUuids.1`; undefined when all text is clean.
 */
export function uncleanTextAt(value: unknown, path = ''): { path: string; problem: TextProblem } | undefined {
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if (typeof value === 'string') {
    const problem = problemOf(value);
    return problem && { path: path || 'value', problem };
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = uncleanTextAt(value[i], at(String(i)));
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
    const keyProblem = problemOf(key);
    if (keyProblem) return { path: path || 'value', problem: keyProblem };
    const found = uncleanTextAt(child, oneofCase ? at(record.case as string) : at(key));
    if (found) return found;
  }
  return undefined;
}

/** Refuses a value holding unclean text anywhere, naming the field: 400 at the BFF, INVALID_ARGUMENT in a service. */
export function assertCleanText(value: unknown, root = ''): void {
  const found = uncleanTextAt(value, root);
  if (!found) return;
  throw invalidArgument(
    found.path,
    found.problem === 'NUL'
      ? `${found.path} must not contain a NUL (zero) character`
      : `${found.path} must be valid Unicode text: it holds half of a character (a lone surrogate)`,
  );
}
