import { PAGE_MAX } from '@gains/access';
import { invalidArgument } from '@gains/errors';

export const PAGE_SIZE_MAX = 100;

/** A page of a list: 1-based, at most 100 rows; 0 (unset on the wire) means page 1 of 10. */
export function checkPage(input: { page: number; size: number }): { page: number; size: number } {
  const page = input.page || 1;
  const size = input.size || 10;
  if (!Number.isInteger(page) || page < 1 || page > PAGE_MAX) {
    throw invalidArgument('page', `page must be a whole number from 1 to ${PAGE_MAX}`);
  }
  if (!Number.isInteger(size) || size < 1 || size > PAGE_SIZE_MAX) {
    throw invalidArgument('size', `size must be a whole number from 1 to ${PAGE_SIZE_MAX}`);
  }
  return { page, size };
}
