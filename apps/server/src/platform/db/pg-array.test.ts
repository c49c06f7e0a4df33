import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb } from './client.js';
import { pgNumberArray, pgTextArray } from './pg-array.js';

const awkwardTexts = [
  '',
  'NULL',
  'null',
  'a,b',
  '{x}',
  'say "hola"',
  'C:\\dir\\',
  '\\"',
  ' espacios ',
  'ñandú 🌡',
  '{"t":21.5}',
];
const numbers = [0, -1, 42, 1.5, -273.15, 1e21, 5e-324, null, 9007199254740991];

describe('pg-array', () => {
  it('writes the literals PostgreSQL reads', () => {
    expect(pgNumberArray([])).toBe('{}');
    expect(pgNumberArray([1, null, -2.5])).toBe('{1,NULL,-2.5}');
    expect(pgTextArray(['a', '', 'NULL'])).toBe('{"a","","NULL"}');
    expect(pgTextArray(['x"y', 'b\\c'])).toBe('{"x\\"y","b\\\\c"}');
  });

  it.runIf(process.env.TEST_DATABASE_URL)('round-trips through PostgreSQL unchanged', async () => {
    const db = createDb({ databaseUrl: process.env.TEST_DATABASE_URL as string, poolSize: 1 });
    try {
      const texts = await sql<{ v: string[] }>`select ${pgTextArray(awkwardTexts)}::text[] as v`.execute(db);
      expect(texts.rows[0]?.v).toEqual(awkwardTexts);
      const doubles = await sql<{
        v: (number | null)[];
      }>`select ${pgNumberArray(numbers)}::double precision[] as v`.execute(db);
      expect(doubles.rows[0]?.v).toEqual(numbers);
      const ids = [1, 2, 9007199254740991];
      const bigints = await sql<{ v: string[] }>`select ${pgNumberArray(ids)}::bigint[] as v`.execute(db);
      expect(bigints.rows[0]?.v.map(Number)).toEqual(ids);
    } finally {
      await db.destroy();
    }
  });
});
