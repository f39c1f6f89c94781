import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { raw, sqltag as sql } from '@prisma/client/runtime/library';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres';
import { compileSql, inRawTransaction, rawSql } from './raw-sql';

// Prisma's raw calls over plain pg: the stores of the recalculation loop moved onto them, so each statement must
// mean what it meant under Prisma, parameters and answers alike.
let postgres: RunningPostgres;
let dir: string;
let pool: pg.Pool;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gains-raw-sql-'));
  postgres = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg') });
  pool = new pg.Pool({ connectionString: postgres.connectionString, max: 2 });
  await pool.query(`CREATE TABLE item (id bigserial primary key, name text, amount numeric(20,2), tags text[])`);
});
afterAll(async () => {
  await pool?.end();
  await postgres?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('rawSql', () => {
  it("when a statement nests Prisma's fragments, then they are inlined and only values become parameters", () => {
    const columns = raw('id, name');
    const where = sql`name = ${'a'} AND amount > ${1}`;
    const strings = Object.assign(['SELECT ', ' FROM item WHERE ', ' AND id = ANY(', '::bigint[])'], {
      raw: [],
    }) as unknown as TemplateStringsArray;
    expect(compileSql(strings, [columns, where, [1n, 2n]])).toEqual({
      text: 'SELECT id, name FROM item WHERE name = $1 AND amount > $2 AND id = ANY($3::bigint[])',
      params: ['a', 1, '{1,2}'],
    });
  });

  it('when rows are written and read, then texts survive as given, int8 comes back as bigint and numeric as text', async () => {
    const db = rawSql(pool);
    const names = ['plain', 'say "hi"', 'a,b', '{x}', 'NULL', '', null];
    const written = await db.$executeRaw`
      INSERT INTO item (name, amount, tags)
      SELECT n, 12.5, ARRAY['t'] FROM unnest(${names}::text[]) AS n`;
    expect(written).toBe(names.length);
    const rows = await db.$queryRaw<{ id: bigint; name: string | null; amount: string; n: bigint }[]>`
      SELECT id, name, amount, count(*) OVER () AS n FROM item ORDER BY id`;
    expect(rows.map((r) => r.name)).toEqual(names);
    expect(typeof rows[0]!.id).toBe('bigint');
    expect(rows[0]!.n).toBe(BigInt(names.length));
    expect(rows[0]!.amount).toBe('12.50');
  });

  it('when the work in a transaction fails, then nothing it wrote stays', async () => {
    const before = (await pool.query('SELECT count(*)::int AS n FROM item')).rows[0].n;
    await expect(
      inRawTransaction(pool, async (tx) => {
        await tx.$executeRaw`INSERT INTO item (name) VALUES (${'gone'})`;
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect((await pool.query('SELECT count(*)::int AS n FROM item')).rows[0].n).toBe(before);
  });
});
