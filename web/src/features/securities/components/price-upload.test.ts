import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { uploadProblems } from '../api/prices';
import { badLinesText, priceFileProblem, uploadSummary } from './price-upload';

describe('the price file', () => {
  it('when the header is wrong or there are no lines, then it is refused before it is sent', () => {
    expect(priceFileProblem('')).toBe('The file is empty');
    expect(priceFileProblem('sedol,date,price\nB0YBKJ7,2026-01-02,1.5')).toMatch(/header security,date,price,currency/);
    expect(priceFileProblem('security,date,price,currency\n')).toBe('The file has a header but no prices');
    expect(priceFileProblem('\uFEFFSecurity, Date, Price, Currency\r\nB0YBKJ7,2026-01-02,1.5,GBP\r\n')).toBeUndefined();
  });

  it('when the server refuses the file, then every bad line it named is listed', () => {
    const error = new ApiError(
      400,
      {
        type_description: 'The file has 2 bad lines; nothing was stored',
        field: 'csv',
        problems: [
          { line: 3, field: 'security', message: 'No security has the code XXXXXXX' },
          { line: 7, field: 'price', message: 'price must be greater than 0' },
        ],
      } as never,
      'Bad Request',
    );
    expect(uploadProblems(error).map((p) => p.line)).toEqual([3, 7]);
    expect(badLinesText([...uploadProblems(error), { line: 7, field: 'date', message: 'x' }])).toBe('2 lines need');
    expect(uploadProblems(new Error('x'))).toEqual([]);
  });

  it('when the upload is stored, then the summary says what was added, updated and unchanged', () => {
    expect(uploadSummary({ lines: 1200, inserted: 1000, updated: 0, unchanged: 200 })).toBe(
      '1,200 lines: 1,000 added, 0 updated, 200 unchanged',
    );
  });
});
