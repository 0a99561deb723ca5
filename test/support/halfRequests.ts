/**
 * Another user holding the preview's sockets (issue 47): opens `count` sockets to 127.0.0.1:`port`,
 * each sending half a request head and nothing more, prints "holding <count>" once all are open,
 * then "closed <n>" each time the server closes one. Runs until it is killed.
 * Usage: halfRequests.ts <port> <count>
 */
import net from 'node:net';

const port = Number(process.argv[2]);
const count = Number(process.argv[3]);
let open = 0;
let closed = 0;
for (let index = 0; index < count; index += 1) {
  const socket = net.connect(port, '127.0.0.1', () => {
    socket.write(`GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Half: `);
    open += 1;
    if (open === count) process.stdout.write(`holding ${count}\n`);
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    closed += 1;
    process.stdout.write(`closed ${closed}\n`);
  });
}
