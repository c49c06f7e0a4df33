import { describe, expect, it } from 'vitest';
import { type DestinationKind, realtimeEventSchemas, realtimeTipos } from './realtime.js';

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
