// A latency-injecting TCP proxy on loopback, for the benchmark's "under real network latency" phase. It forwards
// bytes and never looks inside them, so TLS stays end to end between the browser and the server behind it.
//
// The model, for a round trip RTT fixed per connection when it is accepted (the current `rttMs`):
// - connection setup costs one RTT: the client's bytes leave no earlier than RTT after the accept (the client's
//   TCP handshake), and the upstream connection is made then;
// - every chunk, in each direction, arrives RTT/2 after it was sent (or after the handshake, for the client's
//   first bytes), in order; end-of-stream (FIN) travels the same way;
// - no bandwidth limit, no loss. On loopback the chunks are what the kernel hands over, so a response that
//   fits a few chunks costs RTT/2 on the way back, as on a fast link with a warm congestion window.
// So a cold HTTPS request costs 3 RTT (TCP, TLS 1.3, request/response) and one on a kept-alive connection 1 RTT.
import net from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * A one-way delay line into `socket`: `push(chunk, at)` writes `chunk` at `at` (performance.now() time), in
 * push order; `end(at)` half-closes the socket then. `at` never decreases between pushes (callers ensure it).
 */
function delayLine(socket) {
  const queue = [];
  let timer;
  function drain() {
    timer = undefined;
    const now = performance.now();
    while (queue.length && queue[0].at <= now) {
      const { chunk } = queue.shift();
      if (socket.destroyed) continue;
      if (chunk === null) socket.end();
      else socket.write(chunk);
    }
    schedule();
  }
  function schedule() {
    if (timer || !queue.length) return;
    timer = setTimeout(drain, Math.max(0, queue[0].at - performance.now()));
  }
  return {
    push(chunk, at) {
      queue.push({ chunk, at });
      schedule();
    },
    end(at) {
      queue.push({ chunk: null, at });
      schedule();
    },
    cancel() {
      clearTimeout(timer);
      queue.length = 0;
    },
  };
}

/**
 * Starts a proxy on 127.0.0.1 (a free port) to `127.0.0.1:targetPort`. `rttMs` can be changed at any time
 * (`proxy.rttMs = 300`); it applies to connections accepted from then on. `stats()` counts connections and bytes
 * (client -> server = up) since the start, for the caller to take differences. `close()` ends every connection.
 */
export async function startLatencyProxy({ targetPort, rttMs = 100 }) {
  const sockets = new Set();
  const totals = { connections: 0, bytesUp: 0, bytesDown: 0 };

  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    const rtt = proxy.rttMs;
    const acceptedAt = performance.now();
    const handshakeDone = acceptedAt + rtt;
    totals.connections += 1;
    let upstream;
    const pendingUp = [];
    const toClient = delayLine(client);
    let toUpstream;
    sockets.add(client);
    client.setNoDelay(true);

    const teardown = () => {
      toClient.cancel();
      toUpstream?.cancel();
      client.destroy();
      upstream?.destroy();
      sockets.delete(client);
      if (upstream) sockets.delete(upstream);
    };
    client.on('error', teardown);
    // The client is gone (both directions ended, or the browser context closed): its last bytes to the server
    // are at most half a round trip out (or waiting for the handshake), so end the upstream side after that.
    client.on('close', (hadError) =>
      hadError ? teardown() : setTimeout(teardown, Math.max(0, handshakeDone - performance.now()) + rtt),
    );

    // The client's bytes leave once its handshake is done, then take half a round trip.
    const upAt = () => Math.max(performance.now(), handshakeDone) + rtt / 2;
    client.on('data', (chunk) => {
      totals.bytesUp += chunk.length;
      if (toUpstream) toUpstream.push(chunk, upAt());
      else pendingUp.push({ chunk, at: upAt() });
    });
    client.on('end', () => {
      if (toUpstream) toUpstream.end(upAt());
      else pendingUp.push({ chunk: null, at: upAt() });
    });

    setTimeout(
      () => {
        if (client.destroyed) return;
        upstream = net.connect({ host: '127.0.0.1', port: targetPort, allowHalfOpen: true });
        sockets.add(upstream);
        upstream.setNoDelay(true);
        toUpstream = delayLine(upstream);
        for (const { chunk, at } of pendingUp) {
          if (chunk === null) toUpstream.end(at);
          else toUpstream.push(chunk, at);
        }
        pendingUp.length = 0;
        upstream.on('data', (chunk) => {
          totals.bytesDown += chunk.length;
          toClient.push(chunk, performance.now() + rtt / 2);
        });
        upstream.on('end', () => toClient.end(performance.now() + rtt / 2));
        upstream.on('error', teardown);
        // A server that ends normally has its FIN queued for the client behind the data; only an error cuts short.
        upstream.on('close', (hadError) => (hadError ? teardown() : sockets.delete(upstream)));
      },
      Math.max(0, handshakeDone - performance.now()),
    );
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  const proxy = {
    port: server.address().port,
    rttMs,
    stats: () => ({ ...totals }),
    /** Cuts every open connection (the browser's pooled ones too), so the next request starts cold. */
    dropConnections() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return proxy;
}
