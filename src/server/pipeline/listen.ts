import type { Server } from "node:net";

/**
 * Listens, or says why not in words an operator can act on (null once listening). Node reports a
 * taken port as an 'error' event; without a listener it became an uncaught exception.
 */
export function listenOrExplain(server: Server, port: number, host: string | undefined, setting: string): Promise<string | null> {
  return new Promise((resolve) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const where = `${host ?? "all interfaces"} port ${port}`;
      if (error.code === "EADDRINUSE") resolve(`${where} is already in use. Stop the process using it, or set ${setting} to a free port.`);
      else if (error.code === "EACCES") resolve(`no permission to listen on ${where}. Use a port above 1023, or set ${setting}.`);
      else if (error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND")
        resolve(`${host} is no address of this machine. Set ${setting === "PORT" ? "HOST" : "METRICS_HOST"} to one of its addresses.`);
      else resolve(`cannot listen on ${where} (${error.code ?? error.message}).`);
    };
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve(null);
    });
  });
}
