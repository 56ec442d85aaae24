// An in-process DNS server for tests (integration, end-to-end, test:proxy): it answers the TXT
// records a test sets, NXDOMAIN for any other name, and nothing at all for names told to stay
// silent, so a look-up's timeout can be seen. Point DOMAIN_DNS_SERVERS at `address`.
import dns2 from "dns2";

const { Packet } = dns2;

export interface TestDnsServer {
  /** "127.0.0.1:<port>", as DOMAIN_DNS_SERVERS takes it. */
  address: string;
  /** Sets the TXT records at `name` (each value one record); null removes them. */
  setTxt(name: string, values: string[] | null): void;
  /** Queries for `name` get no answer at all (true) or are answered again (false). */
  silence(name: string, silent?: boolean): void;
  close(): Promise<void>;
}

/** `port` 0 (the default) takes a free one. */
export async function startTestDnsServer(port = 0): Promise<TestDnsServer> {
  const records = new Map<string, string[]>();
  const silent = new Set<string>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = (question?.name ?? "").toLowerCase().replace(/\.$/, "");
      if (silent.has(name)) return;
      const values = records.get(name);
      if (!values) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
      } else if (question?.type === Packet.TYPE.TXT) {
        // A record's character-strings hold at most 255 bytes each; resolvers join them again.
        for (const value of values) {
          const data = value.match(/[\s\S]{1,255}/g) ?? [""];
          const answer = { name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data };
          response.answers.push(answer as unknown as (typeof response.answers)[number]);
        }
      }
      void send(response);
    },
  });
  await server.listen({ udp: { port, address: "127.0.0.1" } });
  const { udp } = server.addresses() as { udp: { port: number } };
  return {
    address: `127.0.0.1:${udp.port}`,
    setTxt: (name, values) => (values ? records.set(name.toLowerCase(), values) : records.delete(name.toLowerCase())),
    silence: (name, on = true) => (on ? silent.add(name.toLowerCase()) : silent.delete(name.toLowerCase())),
    close: () => server.close().then(() => undefined),
  };
}
