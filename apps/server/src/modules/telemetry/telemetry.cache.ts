import type { DeviceInfo, SensorInfo, TelemetryDirectory } from '../devices/index.js';

export interface DeviceEntry {
  device: DeviceInfo;
  sensorsByTopic: Map<string, SensorInfo>;
}

/**
 * apikey → device and topic → sensor lookups for the hot path. The devices module calls
 * invalidateDevice (through modules.ts) whenever a device or one of its sensors changes.
 */
export function createLookupCache(directory: TelemetryDirectory) {
  const byApikey = new Map<string, Promise<DeviceEntry | null>>();
  /** The entries already loaded, for a lookup without a promise (the MQTT hot path). */
  const loaded = new Map<string, DeviceEntry>();
  const apikeyById = new Map<number, string>();

  async function load(apikey: string): Promise<DeviceEntry | null> {
    const device = await directory.deviceByApikey(apikey);
    if (!device) return null;
    const sensors = await directory.sensorsOfDevice(device.id);
    apikeyById.set(device.id, apikey);
    return { device, sensorsByTopic: new Map(sensors.map((s) => [s.nombreNexo, s])) };
  }

  return {
    byApikey(apikey: string): Promise<DeviceEntry | null> {
      let entry = byApikey.get(apikey);
      if (!entry) {
        entry = load(apikey);
        byApikey.set(apikey, entry);
        // Unknown apikeys and failures are not kept, so a device created later is found.
        const current = entry;
        entry.then(
          (found) => {
            if (byApikey.get(apikey) !== current) return;
            if (found) loaded.set(apikey, found);
            else byApikey.delete(apikey);
          },
          () => byApikey.delete(apikey),
        );
      }
      return entry;
    },

    /** The loaded entry of an apikey, or undefined when it must be loaded (use byApikey then). */
    loadedEntry(apikey: string): DeviceEntry | undefined {
      return loaded.get(apikey);
    },

    async byDeviceId(deviceId: number): Promise<DeviceEntry | null> {
      const apikey = apikeyById.get(deviceId) ?? (await directory.deviceById(deviceId))?.apikey;
      return apikey ? this.byApikey(apikey) : null;
    },

    /** The cached entry if loaded, without touching the database. */
    peek(deviceId: number): Promise<DeviceEntry | null> | undefined {
      const apikey = apikeyById.get(deviceId);
      return apikey ? byApikey.get(apikey) : undefined;
    },

    invalidateDevice(deviceId: number): void {
      const apikey = apikeyById.get(deviceId);
      apikeyById.delete(deviceId);
      if (apikey) {
        byApikey.delete(apikey);
        loaded.delete(apikey);
      }
    },

    clear(): void {
      byApikey.clear();
      loaded.clear();
      apikeyById.clear();
    },
  };
}

export type LookupCache = ReturnType<typeof createLookupCache>;
