import { describe, expect, it } from 'vitest';
import {
  type DestinationKind,
  RealtimeEventSchema,
  realtimeEventSchemas,
  realtimeTipos,
} from './realtime.js';

describe('realtimeTipos', () => {
  it('lists exactly the tipos of each destination kind’s schemas', () => {
    for (const kind of Object.keys(realtimeEventSchemas) as DestinationKind[]) {
      const fromSchemas = realtimeEventSchemas[kind].map(
        (schema: { shape: { tipo: { value: string } } }) => schema.shape.tipo.value,
      );
      expect([...realtimeTipos[kind]].sort()).toEqual([...fromSchemas].sort());
    }
  });
});

describe('RealtimeEventSchema', () => {
  it('lists every event of every destination kind (it is written out, not spread from the map)', () => {
    const listed = new Set(RealtimeEventSchema.options);
    const mapped = Object.values(realtimeEventSchemas).flat();
    expect(mapped.filter((schema) => !listed.has(schema as never))).toEqual([]);
    expect(listed.size).toBe(new Set(mapped).size);
  });
});
