/** sharp, loaded at the first image rather than at start (cold start); an immutable module. */
let sharpModule: Promise<typeof import('sharp')['default']> | undefined;
export function loadSharp() {
  sharpModule ??= import('sharp').then((loaded) => loaded.default);
  return sharpModule;
}
