import type { RunningPostgres } from '@gains/db';
import { startTestPostgres } from '@gains/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkInsert } from '../src/store/bulk-insert';

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
});
