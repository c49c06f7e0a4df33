/**
 * mqtt: the device broker. Embedded Aedes (TCP + WebSocket at /mqtt) or, with MQTT_URL, a
 * shared-subscription client of an external broker, plus the auth/ACL hook such a broker
 * calls, and the device simulator. Knows devices only through the DeviceGateway
 * (platform/device-gateway.ts) that modules.ts hands it; sends commands for whoever holds
 * `commands`.
 */
export {
  commandTopic,
  maySubscribe,
  otaNoticeTopic,
  otaReportApikey,
  otaReportTopic,
  publishTopicOf,
} from './mqtt.acl.js';
export { type MqttBroker, type MqttDeps, registerMqtt } from './mqtt.broker.js';
export {
  type BrokerDevice,
  type BrokerHandlers,
  type EmbeddedBroker,
  PortInUseError,
  startEmbeddedBroker,
} from './mqtt.embedded.js';
export { connectExternalBroker, type ExternalBroker, SHARED_SUBSCRIPTION } from './mqtt.external.js';
export { registerMqttAuthRoutes } from './mqtt.routes.js';
export { type Simulator, startSimulator } from './simulator.js';
