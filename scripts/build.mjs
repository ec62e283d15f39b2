// `npm run build`: shared + server (tsc -b), then the client when it has a build script.
// Node 20, node:* only. `npm start` runs the same steps, the client one only when it is stale.
import { buildClient, buildServer, clientHasBuildScript, say } from './lib/build-steps.mjs';

const SCRIPT = 'build';

buildServer(SCRIPT);
if (clientHasBuildScript()) buildClient(SCRIPT);
else say(SCRIPT, 'client: no build script yet, nothing to build');
