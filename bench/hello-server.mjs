// The baseline of the HTTP benchmarks: a bare Fastify `hello` route (no plugins, no logger), in its own child
// process exactly like the app server, on 127.0.0.1:0.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
process.send({ type: 'ready', port: app.server.address().port, pid: process.pid });
process.on('disconnect', () => {
  void app.close().finally(() => process.exit(0));
});
process.once('SIGTERM', () => {
  void app.close().finally(() => process.exit(0));
});
