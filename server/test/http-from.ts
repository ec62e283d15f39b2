import http from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * One HTTP request to a listening test server from a chosen local address (any of 127.0.0.0/8 on Linux), so
 * the server sees a different client address without any forwarded header: `localAddress` binds the socket.
 */
export function httpFrom(
  localAddress: string,
  base: string,
  req: { method: string; path: string; body?: unknown; headers?: Record<string, string> },
): Promise<HttpAnswer> {
  const url = new URL(req.path, base);
  const payload = req.body === undefined ? undefined : JSON.stringify(req.body);
  return new Promise((resolve, reject) => {
    const r = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: req.method,
        localAddress,
        agent: false,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...req.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) }));
      },
    );
    r.on('error', reject);
    r.end(payload);
  });
}
