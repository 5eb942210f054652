// A SOCKS5 front for Firefox in the latency phase. Firefox has no host-resolver rules (Chromium's MAP, which
// browser.mjs uses), so it sends every connection here (network.proxy.socks, remote DNS), and this front connects
// `host:port` to the latency proxy for that origin, or straight to 127.0.0.1:port for anything else. The SOCKS
// exchange itself is on loopback and costs no simulated round trip; the latency proxy behind it prices the
// connection exactly as for Chromium.
import net from 'node:net';

/** Starts the front on a free loopback port; `routes` maps "host:port" to the loopback port to connect to instead. */
export async function startSocksFront(routes) {
  const sockets = new Set();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    let buffer = Buffer.alloc(0);
    let stage = 'greeting';
    let upstream;
    const onData = (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (stage === 'greeting') {
        if (buffer.length < 2 || buffer.length < 2 + buffer[1]) return;
        buffer = buffer.subarray(2 + buffer[1]);
        client.write(Buffer.from([5, 0])); // version 5, no authentication
        stage = 'request';
      }
      if (stage !== 'request' || buffer.length < 5) return;
      // VER CMD RSV ATYP: only CONNECT (1) to a domain name (3), as Firefox sends with remote DNS.
      if (buffer[1] !== 1 || buffer[3] !== 3) return fail(7);
      const length = buffer[4];
      if (buffer.length < 5 + length + 2) return;
      const host = buffer.subarray(5, 5 + length).toString('latin1');
      const port = buffer.readUInt16BE(5 + length);
      const rest = buffer.subarray(5 + length + 2);
      client.off('data', onData);
      stage = 'connected';
      upstream = net.connect({ host: '127.0.0.1', port: routes.get(`${host}:${port}`) ?? port });
      sockets.add(upstream);
      upstream.setNoDelay(true);
      upstream.on('close', () => {
        sockets.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => fail(5));
      upstream.on('connect', () => {
        client.write(Buffer.from([5, 0, 0, 1, 127, 0, 0, 1, 0, 0]));
        if (rest.length) upstream.write(rest);
        client.pipe(upstream);
        upstream.pipe(client);
      });
    };
    const fail = (code) => {
      client.end(Buffer.from([5, code, 0, 1, 0, 0, 0, 0, 0, 0]));
    };
    client.on('close', () => upstream?.destroy());
    client.on('data', onData);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: server.address().port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
