// A running Node process seen through its inspector (started with --inspect=HOST:PORT), for the soak
// benchmark: its heap figures, a full garbage collection, and heap snapshots summed by constructor.
import fs from "node:fs";
import { WebSocket } from "undici";

export interface MemoryFigures {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

interface Reply {
  id?: number;
  method?: string;
  params?: { chunk?: string };
  result?: { result?: { value?: unknown } };
  error?: { message: string };
}

export class Inspector {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  private onChunk: ((chunk: string) => void) | null = null;

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener("message", (event) => {
      const reply = JSON.parse(String(event.data)) as Reply;
      if (reply.method === "HeapProfiler.addHeapSnapshotChunk") this.onChunk?.(reply.params!.chunk!);
      if (reply.id === undefined) return;
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.error) waiting?.reject(new Error(reply.error.message));
      else waiting?.resolve(reply);
    });
  }

  static async connect(port: number): Promise<Inspector> {
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
    const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener("open", () => resolve(), { once: true });
      socket.addEventListener("error", () => reject(new Error("The inspector refused the connection")), { once: true });
    });
    return new Inspector(socket);
  }

  private send(method: string, params: Record<string, unknown> = {}): Promise<Reply> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** The JSON value of an expression evaluated in the process's main context. */
  async evaluate<T>(expression: string): Promise<T> {
    const reply = await this.send("Runtime.evaluate", { expression: `JSON.stringify(${expression})`, returnByValue: true });
    return JSON.parse(reply.result!.result!.value as string) as T;
  }

  memory(): Promise<MemoryFigures> {
    return this.evaluate<MemoryFigures>("process.memoryUsage()");
  }

  /** A full, compacting collection (what a heap snapshot starts with), so what is left is what is retained. */
  async collectGarbage(): Promise<void> {
    await this.send("HeapProfiler.collectGarbage");
  }

  /** Writes a .heapsnapshot (open it in Chrome DevTools › Memory to compare two). */
  async heapSnapshot(file: string): Promise<void> {
    const out = fs.createWriteStream(file);
    this.onChunk = (chunk) => out.write(chunk);
    await this.send("HeapProfiler.enable");
    await this.send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
    this.onChunk = null;
    await new Promise<void>((resolve) => out.end(resolve));
  }

  close(): void {
    this.socket.close();
  }
}

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** Self size by node type and constructor name ("object Map", "string", "closure handle"): what a heap holds, grouped. */
export function heapByConstructor(file: string): Map<string, { count: number; bytes: number }> {
  const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as Snapshot;
  const fields = parsed.snapshot.meta.node_fields;
  const types = parsed.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = [fields.indexOf("type"), fields.indexOf("name"), fields.indexOf("self_size")];
  const groups = new Map<string, { count: number; bytes: number }>();
  for (let i = 0; i < parsed.nodes.length; i += fields.length) {
    const type = types[parsed.nodes[i + typeAt]!]!;
    const key =
      type === "object" || type === "closure" || type === "native" ? `${type} ${parsed.strings[parsed.nodes[i + nameAt]!]}` : type;
    const group = groups.get(key) ?? { count: 0, bytes: 0 };
    group.count += 1;
    group.bytes += parsed.nodes[i + sizeAt]!;
    groups.set(key, group);
  }
  return groups;
}
