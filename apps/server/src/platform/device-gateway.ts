/*
 * The seam between the device broker (the mqtt module) and the device side of Nexo (the
 * telemetry module). Both implement or call these interfaces and neither imports the other;
 * modules.ts connects them: values and sessions go in through a DeviceGateway, commands go back
 * out through a CommandChannel.
 */

/** A device as the broker authenticates it (MQTT username = apikey, password = secret). */
export interface GatewayDevice {
  id: number;
  apikey: string;
  secret: string;
}

/**
 * Brute-force guard for device credentials (MQTT CONNECT and the device HTTP calls share it):
 * checked before the secret, fed with every failure and success.
 */
export interface CredentialGuard {
  isBlocked(apikey: string, ip: string): Promise<boolean>;
  failed(apikey: string, ip: string): Promise<void>;
  succeeded(apikey: string, ip: string): Promise<void>;
}

/** What a broker hands the device side: who devices are, what they publish, when they come and go. */
export interface DeviceGateway {
  findDevice(apikey: string): Promise<GatewayDevice | null>;
  /** The device's current credentials (null once deleted): sessions opened with older ones end. */
  deviceById(deviceId: number): Promise<GatewayDevice | null>;
  credentialGuard: CredentialGuard;
  /**
   * A value an authenticated device published to `{apikey}/{topic}`. Resolves once it is
   * committed or dropped: the QoS 1 PUBACK waits for it, so an acknowledged reading is stored.
   */
  deviceValue(device: GatewayDevice, topic: string, payload: Buffer): Promise<void>;
  /**
   * A message of an external broker's shared subscription, topic `{apikey}/{topic}` (the broker
   * authenticated the sender through the auth hook). Same commit rule as deviceValue.
   */
  brokerMessage(topic: string, payload: Buffer): Promise<void>;
  sessionOpened(device: GatewayDevice): void;
  sessionClosed(device: GatewayDevice): void;
  /** Connect/disconnect an external broker reports through its hook (EMQX webhook). */
  brokerEvent(apikey: string, connected: boolean): Promise<void>;
  /** Called before the embedded broker accepts sessions: no session survives a restart. */
  brokerStarting(embedded: boolean): Promise<void>;
  brokerStarted(): void;
  /** Called once the broker stopped accepting and closed its sessions: commit what is pending. */
  brokerStopped(): Promise<void>;
}

/** Commands back to devices, through whichever broker runs. */
export interface CommandChannel {
  /** Publishes `payload` (QoS 1) to `{apikey}/{nombreNexo}/set`; rejects when no broker runs. */
  sendCommand(apikey: string, nombreNexo: string, payload: string): Promise<void>;
}
