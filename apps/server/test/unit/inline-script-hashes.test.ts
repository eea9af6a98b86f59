import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../src/platform/inline-script-hashes';

// Expected values from `printf '<script body>' | openssl dgst -sha256 -binary | base64`.
describe('inlineScriptHashes', () => {
  it('hashes the exact text between the tags of each inline script, whitespace included', () => {
    const html = '<head><script>alert(1)</script></head><body><script>\n  x();\n</script></body>';
    expect(inlineScriptHashes(html)).toEqual([
      "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
      "'sha256-+n2kn/eG6CUk/dUvuLVWktqz67pNwIvrqrg+7Bh+VUA='",
    ]);
  });

  it('leaves scripts loaded from a file to script-src self', () => {
    const html = '<script type="module" crossorigin src="/assets/index.js"></script>';
    expect(inlineScriptHashes(html)).toEqual([]);
  });
});
