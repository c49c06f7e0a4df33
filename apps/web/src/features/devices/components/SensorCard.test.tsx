import { mensajes, type Shadow } from '@nexo/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sensorDePrueba } from '../../../test/devices';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { SensorCard } from './SensorCard';

afterEach(cleanup);

const shadow: Shadow = {
  id: 100,
  nombre: 'Numérico',
  tipoWidget: { id: 1 },
  valorMinReferencia: 0,
  valorMaxReferencia: 50,
  cantidadHoras: 24,
};
const sensor = sensorDePrueba(10, 1, {
  ultimoValor: '21.5',
  fechaUV: Date.UTC(2026, 10, 27, 15, 30),
  shadows: [shadow],
});

function drawCard(narrow: boolean) {
  renderWithProviders(
    <SensorCard
      sensor={sensor}
      shadow={shadow}
      compact={false}
      narrow={narrow}
      canManage={false}
      moveHelpId="ayuda"
      onSend={() => {}}
      onInfo={() => {}}
      onEdit={() => {}}
      onDelete={() => {}}
      onResize={() => {}}
      onNudge={() => {}}
    />,
  );
  return within(screen.getByRole('group', { name: 'Temperatura' })).getByText(
    `${mensajes.ultimaActualizacion}:`,
    { exact: false },
  );
}

describe('SensorCard', () => {
  it("shows 'Última actualización:' before the date in a card wider than 320 px", () => {
    expect(drawCard(false)).not.toHaveStyle({ position: 'absolute' });
  });

  it('leaves it to screen readers in a narrow card, so the date shows whole', () => {
    const prefix = drawCard(true);
    expect(prefix).toHaveStyle({ position: 'absolute', width: '1px', overflow: 'hidden' });
    expect(prefix).toBeInTheDocument();
  });
});
