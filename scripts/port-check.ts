import net from "node:net";

// `npm start` checks its port before it builds, migrates or prints anything: a busy port used to
// print "listening" and the demo accounts, then die with EADDRINUSE once Next tried to bind.

/** Null when host:port can be listened on, else one line saying what is wrong and what to do. */
export async function describeBusyPort(host: string, port: number): Promise<string | null> {
  return await new Promise<string | null>((resolve) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => {
      resolve(
        error.code === "EADDRINUSE"
          ? `Port ${port} on ${host} is already in use (another studio or program): stop it, or start on another port with PORT=${port + 1} npm start`
          : `Can't listen on ${host}:${port} (${error.code ?? error.message}): choose another HOST or PORT, e.g. PORT=${port + 1} npm start`,
      );
    });
    probe.listen(port, host, () => probe.close(() => resolve(null)));
  });
}
