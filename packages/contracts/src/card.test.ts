import { describe, expect, it } from 'vitest';
import { mensajes } from './messages.js';
import { FormularioTarjetaSchema, luhnValido } from './shop.js';

const valid = {
  cantidadMeses: 1,
  email: 'ana@nexo.test',
  docType: 'DNI',
  docNumber: '12345678',
  cardholderName: 'APRO',
  cardExpirationMonth: '11',
  cardExpirationYear: String(new Date().getFullYear() + 4),
  securityCode: '123',
  cardNumber: '5031 7557 3453 0604',
};

const messageFor = (patch: Record<string, string>) => {
  const result = FormularioTarjetaSchema.safeParse({ ...valid, ...patch });
  return result.success ? null : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the card form (spec 2 §5, texts of §8)', () => {
  it('accepts the sandbox test card', () => {
    expect(messageFor({})).toBeNull();
  });

  it.each([
    [{ cardExpirationMonth: '13' }, 'cardExpirationMonth', 'Mes de vencimiento de tarjeta incorrecto'],
    [{ cardExpirationMonth: '0' }, 'cardExpirationMonth', mensajes.tarjetaMesInvalido],
    [{ cardExpirationYear: '2001' }, 'cardExpirationYear', mensajes.tarjetaAnioInvalido],
    [{ cardNumber: '1234' }, 'cardNumber', mensajes.tarjetaNumeroInvalido],
    [{ cardNumber: '5031 7557 3453 0605' }, 'cardNumber', mensajes.tarjetaNumeroInvalido],
    [{ securityCode: '1' }, 'securityCode', mensajes.tarjetaCodigoInvalido],
    [{ cardholderName: '1' }, 'cardholderName', mensajes.tarjetaNombreInvalido],
    [{ docNumber: '12' }, 'docNumber', mensajes.tarjetaDocumentoInvalido],
  ])('%o → %s: the spec text', (patch, campo, mensaje) => {
    expect(messageFor(patch)).toEqual([`${campo}: ${mensaje}`]);
  });

  it('asks for an empty field with "requerido"', () => {
    expect(messageFor({ cardNumber: '' })).toEqual([`cardNumber: ${mensajes.requerido}`]);
  });

  it('checks the Luhn digit', () => {
    expect(luhnValido('4509953566233704')).toBe(true);
    expect(luhnValido('4509953566233705')).toBe(false);
  });
});
