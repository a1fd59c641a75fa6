// A tiny authoritative DNS server on loopback UDP for tests: it answers TXT queries from records the test
// sets (NXDOMAIN for names it has none for), so the server's real node:dns Resolver (DNS_SERVERS) checks
// sign-up domains' verification records end to end. Only what a TXT lookup needs of RFC 1035.
import { createSocket } from 'node:dgram';

export interface DnsServer {
  /** `127.0.0.1:<port>`, for DNS_SERVERS */
  address: string;
  /** The TXT records of a name (each a string; replaces earlier ones); none → NXDOMAIN. */
  setTxt(name: string, records: string[]): void;
  close(): Promise<void>;
}

const TYPE_TXT = 16;
const CLASS_IN = 1;

/** The question's name (lower case), and where the question ends. */
function readQuestion(query: Buffer): { name: string; type: number; end: number } | null {
  let offset = 12;
  const labels: string[] = [];
  while (offset < query.length) {
    const length = query[offset];
    if (length === 0) break;
    if (length > 63) return null; // no compression in a question we accept
    labels.push(query.subarray(offset + 1, offset + 1 + length).toString('latin1'));
    offset += 1 + length;
  }
  if (offset + 5 > query.length) return null;
  return { name: labels.join('.').toLowerCase(), type: query.readUInt16BE(offset + 1), end: offset + 5 };
}

/** TXT RDATA: each record as <length><bytes>, split into strings of at most 255 bytes. */
function txtData(record: string): Buffer {
  const bytes = Buffer.from(record, 'utf8');
  const parts: Uint8Array[] = [];
  for (let i = 0; i < bytes.length || i === 0; i += 255) {
    const chunk = bytes.subarray(i, i + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
  }
  return Buffer.concat(parts);
}

/** Starts on `port` of 127.0.0.1 (0: any free port). */
export async function startDnsServer(port = 0): Promise<DnsServer> {
  const records = new Map<string, string[]>();
  const socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    if (query.length < 12) return;
    const question = readQuestion(query);
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2); // id
    const rd = query[2] & 0x01;
    const found = question ? records.get(question.name) : undefined;
    const answers = question && found && question.type === TYPE_TXT ? found : [];
    // QR, AA, RD as asked, RA; NXDOMAIN for a name with no records
    header.writeUInt16BE(0x8400 | (rd << 8) | 0x0080 | (question && !found ? 3 : 0) | (question ? 0 : 1), 2);
    header.writeUInt16BE(question ? 1 : 0, 4);
    header.writeUInt16BE(answers.length, 6);
    const parts: Uint8Array[] = [header, question ? query.subarray(12, question.end) : Buffer.alloc(0)];
    for (const record of answers) {
      const data = txtData(record);
      const fixed = Buffer.alloc(12);
      fixed.writeUInt16BE(0xc00c, 0); // the question's name
      fixed.writeUInt16BE(TYPE_TXT, 2);
      fixed.writeUInt16BE(CLASS_IN, 4);
      fixed.writeUInt32BE(60, 6);
      fixed.writeUInt16BE(data.length, 10);
      parts.push(fixed, data);
    }
    socket.send(Buffer.concat(parts), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(port, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    setTxt(name, values) {
      if (values.length) records.set(name.toLowerCase(), values);
      else records.delete(name.toLowerCase());
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
