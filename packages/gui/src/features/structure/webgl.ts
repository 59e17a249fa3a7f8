/**
 * Whether the browser can create a WebGL context (checked once per viewer, before three loads). The probe's
 * context is released at once: browsers keep only a few contexts alive and drop the oldest beyond them.
 */
export function hasWebGL(): boolean {
  try {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    context?.getExtension('WEBGL_lose_context')?.loseContext();
    return context !== null;
  } catch {
    return false;
  }
}
