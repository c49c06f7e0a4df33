import { mensajes } from '@nexo/contracts';
import { badRequest } from '../../../platform/http/errors.js';
import type { CardGateway, PaypalGateway } from './gateway.js';

/**
 * A provider that is off: it has no credentials, and the sandbox is not allowed (production
 * without PAYMENTS_SANDBOX=true). The shop does not offer it, and any call that still reaches it is
 * refused with the catalogue's Spanish text; its webhooks are never genuine.
 */
export function createDisabledCardGateway(): CardGateway {
  const refuse = async (): Promise<never> => {
    throw badRequest(mensajes.tarjetaNoHabilitada);
  };
  return {
    name: 'deshabilitado',
    modoPrueba: false,
    publicKey: null,
    pay: refuse,
    getPayment: refuse,
    createPreference: refuse,
    subscribe: refuse,
    getSubscription: refuse,
    getSubscriptionCharge: refuse,
    setSubscriptionActive: refuse,
    verifyNotification: () => null,
  };
}

export function createDisabledPaypalGateway(): PaypalGateway {
  const refuse = async (): Promise<never> => {
    throw badRequest(mensajes.paypalNoHabilitado);
  };
  return {
    name: 'deshabilitado',
    modoPrueba: false,
    clientId: null,
    getSubscription: refuse,
    suspend: refuse,
    activate: refuse,
    verifyNotification: async () => null,
  };
}
