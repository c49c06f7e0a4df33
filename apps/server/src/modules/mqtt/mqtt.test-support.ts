import { createServer, type Server, type Socket } from 'node:net';
import mqttPacket from 'mqtt-packet';

/**
 * The least an MQTT 5 broker must do for Nexo's external-broker mode to start: accept the
 * connection, grant the shared subscription and answer pings. Tests of that mode use it so they
 * need no real broker and never join the shared group of another test's broker.
 */
export async function startFakeMqtt5Broker(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    const parser = mqttPacket.parser({ protocolVersion: 5 });
    const send = (packet: Parameters<typeof mqttPacket.generate>[0]) =>
      socket.write(mqttPacket.generate(packet, { protocolVersion: 5 }));
    parser.on('packet', (packet) => {
      if (packet.cmd === 'connect') send({ cmd: 'connack', sessionPresent: false, reasonCode: 0 });
      else if (packet.cmd === 'subscribe')
        send({
          cmd: 'suback',
          messageId: packet.messageId ?? 1,
          granted: packet.subscriptions.map((s) => s.qos),
        });
      else if (packet.cmd === 'pingreq') send({ cmd: 'pingresp' });
      else if (packet.cmd === 'disconnect') socket.end();
    });
    socket.on('data', (chunk) => parser.parse(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `mqtt://127.0.0.1:${port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
