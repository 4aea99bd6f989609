/**
 * A guard for a crash in the multipart parser (@fastify/busboy 3.2.6, used by @fastify/multipart).
 *
 * When a multipart body ends inside a file part (a truncated upload), busboy emits 'error' on its
 * internal part stream and then on the file stream it handed out; by then @fastify/multipart has
 * removed that stream's listeners, so Node turns the event into an uncaught exception and the whole
 * server would exit - one cut-off request from anyone would do it. The truncation is also reported
 * through the parser itself (the census route answers 400), so these copies carry nothing new. This
 * guard drops an 'error' event on those two stream types only when nobody listens to it.
 * Remove it when busboy stops emitting unheard errors (tests/server/census-case.test.ts catches it).
 */
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';

type Emitting = { emit: (event: string | symbol, ...args: unknown[]) => boolean; listenerCount(e: string): number };

let installed = false;

function guard(proto: Emitting): void {
  if (proto === Readable.prototype || Object.prototype.hasOwnProperty.call(proto, 'emit')) return;
  const emit = proto.emit;
  proto.emit = function guardedEmit(this: Emitting, event: string | symbol, ...args: unknown[]) {
    if (event === 'error' && this.listenerCount('error') === 0) return false;
    return emit.call(this, event, ...args);
  };
}

export function installMultipartGuard(): void {
  if (installed) return;
  installed = true;
  // Resolve busboy the way @fastify/multipart does (its own dependency).
  const require = createRequire(createRequire(import.meta.url).resolve('@fastify/multipart'));
  guard((require('@fastify/busboy/deps/dicer/lib/PartStream.js') as { prototype: Emitting }).prototype);
  // The file stream type is not exported: parse a tiny body once and take it from the stream it gives.
  const Busboy = require('@fastify/busboy') as (o: { headers: Record<string, string> }) => NodeJS.WritableStream & {
    on(e: 'file', cb: (name: string, file: Readable) => void): void;
  };
  const bb = Busboy({ headers: { 'content-type': 'multipart/form-data; boundary=x' } });
  bb.on('file', (_name, file) => {
    guard(Object.getPrototypeOf(file) as Emitting);
    file.resume();
  });
  bb.end(Buffer.from('--x\r\nContent-Disposition: form-data; name="f"; filename="a.csv"\r\n\r\na\r\n--x--\r\n'));
}
