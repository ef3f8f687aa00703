import type { AiPlan } from '../../../contracts/ai-plan';
import type { AiProvider } from '../../integrations/ai/ai-provider';
import type { AiPlanItemRow, AiPlanRow } from './plan.repository';

/** A plan and its items as the API answers them. */
export function planView(
  plan: AiPlanRow,
  items: AiPlanItemRow[],
  writer: Pick<AiProvider, 'name' | 'sandbox'>,
): AiPlan {
  return {
    id: plan.id,
    status: plan.status,
    startsOn: plan.startsOn,
    weeks: plan.weeks,
    timeZone: plan.timeZone,
    plannedCount: plan.plannedCount,
    writtenCount: plan.writtenCount,
    notice: plan.notice,
    generator: plan.generator,
    // The offline composer's plans are labelled Sandbox while it is the writer.
    sandbox: writer.sandbox && plan.generator === writer.name,
    items: items.map((item) => ({
      id: item.id,
      position: item.position,
      platform: item.platform,
      socialAccountId: item.socialAccountId,
      plannedAt: item.plannedAt.toISOString(),
      contentType: item.contentType,
      occasion: item.occasion,
      content: item.content,
      hashtags: item.hashtags,
      thread: item.thread,
      suggestedImagePrompt: item.suggestedImagePrompt,
      problems: item.problems,
      brandFindings: item.brandFindings,
      postId: item.postId,
    })),
  };
}
