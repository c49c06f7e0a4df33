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
 * Brute-force guard for device credentials (MQTT CONNECT, the device HTTP calls and the external
 * broker's auth hook share it). A right secret is always accepted; only wrong ones are counted
 * and slowed down.
 */
export interface CredentialGuard {
  /**
   * A wrong apikey or secret: counts it and resolves after its delay. `throttled` is true past the
   * limits, where the answer is "too many attempts" (HTTP 429, CONNACK 5) instead of a plain refusal.
   */
  failed(apikey: string, ip: string): Promise<{ throttled: boolean }>;
  /** The right secret: clears the (apikey, IP) pair's count. */
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
   * deviceValue without a promise per message (the embedded broker's path): `done` gets null once
   * the value is committed or dropped, or the error when storing failed.
   */
  deviceValueThen(
    device: GatewayDevice,
    topic: string,
    payload: Buffer,
    done: (error: Error | null) => void,
  ): void;
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

/** Firmware over the air: what devices publish on `{apikey}/ota/estado` (the firmware module reads it). */
export interface FirmwareReports {
  report(device: GatewayDevice, payload: Buffer): Promise<void>;
}

/** Firmware notices to devices, retained on `{apikey}/ota/aviso`, through whichever broker runs. */
export interface FirmwareChannel {
  /** Publishes the notice retained (QoS 1); `null` clears the retained notice. */
  notify(apikey: string, payload: string | null): Promise<void>;
}

/** Commands back to devices, through whichever broker runs. */
export interface CommandChannel {
  /** Publishes `payload` (QoS 1) to `{apikey}/{nombreNexo}/set`; rejects when no broker runs. */
  sendCommand(apikey: string, nombreNexo: string, payload: string): Promise<void>;
}
