/**
 * The size to ask an image model for, closest to the wanted ratio; the answer is then cropped to
 * the exact pixels (`cover`). OpenAI's models take a few fixed sizes only and refuse others:
 * https://platform.openai.com/docs/api-reference/images/create (size: gpt-image-1 1024x1024,
 * 1536x1024, 1024x1536; dall-e-3 1024x1024, 1792x1024, 1024x1792; dall-e-2 1024x1024 and smaller).
 * Other servers (Stable Diffusion, Flux) take any multiple of 64: the ratio at about 1 megapixel.
 */
export function modelSizeFor(model: string, width: number, height: number): `${number}x${number}` {
  const ratio = width / height;
  // Within 10 % of square counts as square: 4:5 is portrait, 1:1 square.
  const shape = ratio > 1.1 ? 'landscape' : ratio < 1 / 1.1 ? 'portrait' : 'square';
  if (/^(gpt-image-|chatgpt-image-)/.test(model)) {
    return shape === 'landscape' ? '1536x1024' : shape === 'portrait' ? '1024x1536' : '1024x1024';
  }
  if (model.startsWith('dall-e-3')) {
    return shape === 'landscape' ? '1792x1024' : shape === 'portrait' ? '1024x1792' : '1024x1024';
  }
  if (model.startsWith('dall-e-2')) return '1024x1024';
  const pixels = 1024 * 1024;
  const w = Math.max(64, Math.round(Math.sqrt(pixels * ratio) / 64) * 64);
  const h = Math.max(64, Math.round(Math.sqrt(pixels / ratio) / 64) * 64);
  return `${w}x${h}`;
}
