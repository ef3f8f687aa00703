import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { LINK_IN_BIO } from '../../../contracts/adapt-for-platform';
import { AiGenerationError } from './ai-provider';
import type { SdkWriter } from './sdk-call';
import { sdkVariants } from './sdk-variants';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 10, text: 10, reasoning: undefined },
};
const answer = (value: unknown) => ({
  content: [{ type: 'text' as const, text: typeof value === 'string' ? value : JSON.stringify(value) }],
  finishReason: { unified: 'stop' as const, raw: 'stop' },
  usage,
  warnings: [],
});
const silentLog = { warn: () => undefined, error: () => undefined };
const writerOn = (model: MockLanguageModelV3): SdkWriter => ({
  name: 'mock model',
  options: {
    name: 'mock model',
    model,
    timeoutMs: 5_000,
    keySetting: 'OPENAI_API_KEY',
    secrets: [],
    log: silentLog,
  },
});

const longX = Array.from(
  { length: 8 },
  (_, i) => `Sentence ${i + 1} of a long story about our new bakery and its bread.`,
).join(' ');

describe('sdkVariants', () => {
  it('asks for one JSON element per network and applies the rules a model gets wrong', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: answer({
        elements: [
          { platform: 'twitter', content: longX, hashtags: ['#Bakery', 'Bread', 'not a tag'] },
          {
            platform: 'instagram',
            content: 'Fresh bread daily, order at https://example.com/order',
            hashtags: ['Bread'],
          },
        ],
      }),
    });
    const variants = await sdkVariants(
      writerOn(model),
      { text: 'Fresh bread', hashtags: [], platforms: ['twitter', 'instagram', 'pinterest'], brandKit: null },
      {},
    );
    const call = model.doGenerateCalls[0];
    expect(call?.responseFormat).toMatchObject({ type: 'json', name: 'platform_variants' });
    expect(variants.map((variant) => variant.platform)).toEqual(['twitter', 'instagram', 'pinterest']);
    expect(variants[0]?.thread.length).toBeGreaterThan(1);
    expect(variants[0]?.hashtags).toEqual(['Bakery', 'Bread']);
    expect(variants[1]?.content).toContain(LINK_IN_BIO);
    expect(variants[1]?.content).not.toContain('https://');
    // A network the model left out is adapted from the text itself.
    expect(variants[2]).toMatchObject({ platform: 'pinterest', content: 'Fresh bread' });
  });

  it('turns an answer that is no JSON into the writer’s failure', async () => {
    const model = new MockLanguageModelV3({ doGenerate: answer('Sorry, I cannot help with that.') });
    await expect(
      sdkVariants(writerOn(model), { text: 'x', hashtags: [], platforms: ['twitter'], brandKit: null }, {}),
    ).rejects.toBeInstanceOf(AiGenerationError);
  });
});
