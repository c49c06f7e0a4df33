/**
 * The device ACL, shared by the embedded broker and the auth hook an external broker calls:
 * a device publishes only to `{apikey}/{topic}` and subscribes only to `{apikey}/+/set`
 * or `{apikey}/{topic}/set`.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is refused in topic levels on purpose.
const LEVEL = /^[^/+#$\u0000]+$/;

/** The sensor topic (nombreNexo) of a device publish, or null when outside its prefix. */
export function publishTopicOf(apikey: string, topic: string): string | null {
  const prefix = `${apikey}/`;
  if (!topic.startsWith(prefix)) return null;
  const rest = topic.slice(prefix.length);
  return LEVEL.test(rest) ? rest : null;
}

/** Where the server leaves a device's firmware notice, retained (docs/ota.md). */
export const otaNoticeTopic = (apikey: string) => `${apikey}/ota/aviso`;
/** Where a device reports its firmware and its update's state (docs/ota.md). */
export const otaReportTopic = (apikey: string) => `${apikey}/ota/estado`;
/** The apikey of a firmware report topic `{apikey}/ota/estado` (an external broker's message), else null. */
export function otaReportApikey(topic: string): string | null {
  const match = /^([^/+#$]+)\/ota\/estado$/.exec(topic);
  return match?.[1] ?? null;
}

export function maySubscribe(apikey: string, filter: string): boolean {
  if (filter === otaNoticeTopic(apikey)) return true;
  const prefix = `${apikey}/`;
  if (!filter.startsWith(prefix) || !filter.endsWith('/set')) return false;
  const middle = filter.slice(prefix.length, -'/set'.length);
  return middle === '+' || LEVEL.test(middle);
}

/** The sensor topic of a command topic `{apikey}/{topic}/set`. */
export function commandTopic(apikey: string, nombreNexo: string): string {
  return `${apikey}/${nombreNexo}/set`;
}
