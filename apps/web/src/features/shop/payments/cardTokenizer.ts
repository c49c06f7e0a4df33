import {
  type ConfigPagos,
  campoErrorTarjeta,
  type ErrorItem,
  erroresTarjeta,
  mensajes,
} from '@nexo/contracts';
import { api, isApiError } from '../../../shared/api/httpClient';
import { loadScript } from './loadScript';

/** The card fields the form holds; the card number and code go to the gateway only, never to Nexo. */
export interface CardData {
  cardNumber: string;
  cardholderName: string;
  cardExpirationMonth: string;
  cardExpirationYear: string;
  securityCode: string;
  docType: string;
  docNumber: string;
}

export interface PaymentMethod {
  id: string;
  name: string;
  issuerId: string | null;
}

/** A tokenization refusal, per form field, with the spec's texts (spec 2 §8). */
export class CardError extends Error {
  constructor(readonly errores: ErrorItem[]) {
    super(errores[0]?.mensaje ?? mensajes.tarjetaNoEncontrada);
    this.name = 'CardError';
  }
}

export interface CardTokenizer {
  /** The card's brand and issuer from its first digits; throws CardError when the lookup fails. */
  paymentMethod(bin: string): Promise<PaymentMethod>;
  createToken(card: CardData): Promise<string>;
}

const lookupFailure = () => new CardError([{ campo: 'cardNumber', mensaje: mensajes.tarjetaNoEncontrada }]);

/** The built-in sandbox: the same calls MercadoPago.js makes, answered by the Nexo server. */
function sandboxTokenizer(): CardTokenizer {
  return {
    async paymentMethod(bin) {
      try {
        const answer = await api.get<{
          results: Array<{ id: string; name: string; issuer: { id: number } }>;
        }>(`/api/ventas/sandbox/payment_methods?bin=${encodeURIComponent(bin)}`);
        const method = answer.results[0];
        if (!method) throw lookupFailure();
        return { id: method.id, name: method.name, issuerId: String(method.issuer.id) };
      } catch (error) {
        if (error instanceof CardError) throw error;
        throw lookupFailure();
      }
    },
    async createToken(card) {
      try {
        const answer = await api.post<{ id: string }>('/api/ventas/sandbox/card_tokens', {
          card_number: card.cardNumber.replace(/\s+/g, ''),
          expiration_month: Number(card.cardExpirationMonth),
          expiration_year: Number(card.cardExpirationYear),
          security_code: card.securityCode,
          cardholder: {
            name: card.cardholderName,
            identification: { type: card.docType, number: card.docNumber },
          },
        });
        return answer.id;
      } catch (error) {
        if (isApiError(error) && error.errores.length > 0) throw new CardError(error.errores);
        throw error;
      }
    },
  };
}

interface MercadoPagoJs {
  getPaymentMethods(input: {
    bin: string;
  }): Promise<{ results: Array<{ id: string; name: string; issuer?: { id: number } }> }>;
  createCardToken(input: Record<string, string>): Promise<{ id: string }>;
}
declare global {
  interface Window {
    MercadoPago?: new (publicKey: string, options?: { locale: string }) => MercadoPagoJs;
  }
}

/** MercadoPago.js (the provider's SDK): the card is tokenized in the browser with the public key. */
function mercadoPagoTokenizer(publicKey: string): CardTokenizer {
  let sdk: Promise<MercadoPagoJs> | null = null;
  const load = () => {
    sdk ??= loadScript('https://sdk.mercadopago.com/js/v2').then(() => {
      if (!window.MercadoPago) throw new Error('MercadoPago.js no se cargó');
      return new window.MercadoPago(publicKey, { locale: 'es-AR' });
    });
    return sdk;
  };
  return {
    async paymentMethod(bin) {
      try {
        const { results } = await (await load()).getPaymentMethods({ bin });
        const method = results[0];
        if (!method) throw lookupFailure();
        return {
          id: method.id,
          name: method.name,
          issuerId: method.issuer ? String(method.issuer.id) : null,
        };
      } catch {
        throw lookupFailure();
      }
    },
    async createToken(card) {
      try {
        return (
          await (
            await load()
          ).createCardToken({
            cardNumber: card.cardNumber.replace(/\s+/g, ''),
            cardholderName: card.cardholderName,
            cardExpirationMonth: card.cardExpirationMonth,
            cardExpirationYear: card.cardExpirationYear,
            securityCode: card.securityCode,
            identificationType: card.docType,
            identificationNumber: card.docNumber,
          })
        ).id;
      } catch (error) {
        // MercadoPago.js rejects with a list of { code } (or { cause: [{ code }] }).
        const list = Array.isArray(error) ? error : ((error as { cause?: unknown[] })?.cause ?? []);
        const errores = (list as Array<{ code?: string }>).flatMap((item) => {
          const code = String(item.code ?? '');
          const mensaje = erroresTarjeta[code];
          return mensaje ? [{ campo: campoErrorTarjeta[code] ?? 'cardNumber', mensaje }] : [];
        });
        throw new CardError(
          errores.length > 0 ? errores : [{ campo: 'cardNumber', mensaje: mensajes.tarjetaNoEncontrada }],
        );
      }
    },
  };
}

export function createCardTokenizer(config: ConfigPagos): CardTokenizer {
  return config.mercadoPagoPublicKey ? mercadoPagoTokenizer(config.mercadoPagoPublicKey) : sandboxTokenizer();
}
