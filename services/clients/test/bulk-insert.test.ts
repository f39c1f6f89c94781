import type { RunningPostgres } from '@gains/db';
import { startTestPostgres } from '@gains/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkInsert, unnestSelectRows } from '../src/store/bulk-insert';

// The array literals bulkInsert writes itself, read back by a real PostgreSQL: every awkward text survives.
let postgres: RunningPostgres;
let db: pg.Client;

beforeAll(async () => {
  postgres = await startTestPostgres();
  db = new pg.Client({ connectionString: postgres.connectionString });
  await db.connect();
  await db.query('CREATE TABLE t (n int, note text, amount numeric, day date, flag boolean, tags text[])');
});

afterAll(async () => {
  await db?.end();
  await postgres?.stop();
});

describe('bulk insert', () => {
  it('when texts carry quotes, backslashes, commas, braces, spaces, line breaks, NULL or nothing, then each is stored as given', async () => {
    const notes = [
      'plain',
      'say "hello"',
      'back\\slash',
      'a,b',
      '{braces}',
      ' leading and trailing ',
      'line\nbreak',
      'NULL',
      'null',
      '',
      'café £1,000',
      null,
    ];
    await bulkInsert(
      db,
      't',
      [
        { name: 'n', type: 'int' },
        { name: 'note', type: 'text' },
        { name: 'amount', type: 'numeric' },
        { name: 'day', type: 'date' },
        { name: 'flag', type: 'boolean' },
        { name: 'tags', type: 'text', expr: (p) => `string_to_array(${p}, '|')` },
      ],
      notes.map((note, i) => [i, note, i % 2 ? '-12.345678' : null, '2024-02-29', i % 2 === 0, 'x|y z']),
    );
    const { rows } = await db.query('SELECT n, note, amount::text, day::text, flag, tags FROM t ORDER BY n');
    expect(rows.map((r) => r.note)).toEqual(notes);
    expect(rows[1]).toMatchObject({ amount: '-12.345678', day: '2024-02-29', flag: false, tags: ['x', 'y z'] });
    expect(rows[0]).toMatchObject({ amount: null, flag: true });
  });

  it('when columns are the same in every row, then each is one parameter and every row still reads back as given', async () => {
    const columns = [
      { name: 'n', type: 'int' },
      { name: 'note', type: 'text' },
      { name: 'amount', type: 'numeric' },
      { name: 'day', type: 'date' },
      { name: 'flag', type: 'boolean' },
      { name: 'tags', type: 'text', expr: (p: string) => `string_to_array(${p}, '|')` },
    ];
    const insert = async (rows: unknown[][]) => {
      const select = unnestSelectRows(columns, rows, 1);
      await db.query(
        `INSERT INTO t (${select.into}) SELECT ${select.expressions.join(', ')} FROM ${select.from}`,
        select.values,
      );
      return select;
    };
    await db.query('TRUNCATE t');
    // Only n differs: the note (with a comma and quotes), the amount, null day, flag and tags are one value each.
    const select = await insert([100, 101, 102].map((n) => [n, 'say "a,b"', '1.50', null, true, 'x|y z']));
    expect(select.values.filter((v) => typeof v === 'string' && v.startsWith('{'))).toHaveLength(1);
    // Every column the same (two equal rows), and a single row: one column stays an array.
    await insert([
      [200, 'same', '2', '2024-01-01', false, ''],
      [200, 'same', '2', '2024-01-01', false, ''],
    ]);
    await insert([[300, null, null, null, null, 'only']]);
    const { rows } = await db.query('SELECT n, note, amount::text, day::text, flag, tags FROM t ORDER BY n');
    expect(rows).toEqual([
      ...[100, 101, 102].map((n) => ({
        n,
        note: 'say "a,b"',
        amount: '1.50',
        day: null,
        flag: true,
        tags: ['x', 'y z'],
      })),
      ...[1, 2].map(() => ({ n: 200, note: 'same', amount: '2', day: '2024-01-01', flag: false, tags: [] })),
      { n: 300, note: null, amount: null, day: null, flag: null, tags: ['only'] },
    ]);
  });
});
