import { type RealtimeEventMap, type SensorValorEvent, topics } from '@nexo/contracts';
import { describe, expect, it } from 'vitest';
import type { RealtimePublisher } from './realtime.js';

const valor: SensorValorEvent = {
  tipo: 'sensor.valor',
  idEquipo: 1,
  idSensor: 2,
  valor: '21.5',
  valorNumerico: 21.5,
  fecha: 0,
};

const chat: RealtimeEventMap['consulta'] = {
  tipo: 'chat.mensaje',
  idConsulta: 4,
  mensaje: { id: 1, cuerpo: 'hola', fecha: 0, esMsgDeUser: true },
  estado: { id: 1, descripcion: 'Abierta' },
};

describe('typed live events', () => {
  // tsc -b type-checks this file (apps/server/tsconfig.test.json): an @ts-expect-error that
  // no longer meets an error fails the build, so each line below proves a refusal.
  it('accepts on each destination only the events of its kind', () => {
    const sent: string[] = [];
    const hub: RealtimePublisher = {
      publish(destination) {
        sent.push(destination);
      },
    };

    hub.publish(topics.equipo(1), valor);
    hub.publish(topics.usuario(3), { tipo: 'token.actualizado' });
    // @ts-expect-error a device event does not fit a user destination
    hub.publish(topics.usuario(3), valor);
    // @ts-expect-error a user event does not fit a device destination
    hub.publish(topics.equipo(1), { tipo: 'token.actualizado' });
    // @ts-expect-error a chat message belongs to /topic/consulta{id}, not to a program
    hub.publish(topics.programa(4), chat);
    // @ts-expect-error a bare string is not a destination: build it with topics.*
    hub.publish('/topic/1', valor);

    // Nothing is filtered at run time: the type checker is the guard.
    expect(sent).toEqual(['/topic/1', '/topic/user3', '/topic/user3', '/topic/1', '/topic/pro4', '/topic/1']);
  });
});
