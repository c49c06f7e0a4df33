/**
 * mqtt: the device broker. Embedded Aedes (TCP + WebSocket at /mqtt) or, with MQTT_URL, a
 * shared-subscription client of an external broker, plus the auth/ACL hook such a broker
 * calls. Knows devices only through the handlers the telemetry module gives it.
 */
export { commandTopic, maySubscribe, publishTopicOf } from './mqtt.acl.js';
export {
  type BrokerDevice,
  type BrokerHandlers,
  type CredentialGuard,
  type EmbeddedBroker,
  PortInUseError,
  startEmbeddedBroker,
} from './mqtt.embedded.js';
export { connectExternalBroker, type ExternalBroker, SHARED_SUBSCRIPTION } from './mqtt.external.js';
export { registerMqttAuthRoutes } from './mqtt.routes.js';
