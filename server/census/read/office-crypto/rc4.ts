/** RC4, the stream cipher of the legacy XLS encryption (MS-OFFCRYPTO 2.3.6, 2.3.5): a few lines, not a dependency. */
export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array<ArrayBuffer> {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  // An empty key schedules as zeros (crypto-js, which officecrypto-tool uses, reads its missing bytes as 0).
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + (key.length ? key[i % key.length] : 0)) & 0xff;
    [s[i], s[j]] = [s[j], s[i]];
  }
  const out = new Uint8Array(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]) & 0xff;
    [s[i], s[j]] = [s[j], s[i]];
    out[n] = data[n] ^ s[(s[i] + s[j]) & 0xff];
  }
  return out;
}
