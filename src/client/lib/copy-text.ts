import { toast } from '../components/ui/use-toast';

/**
 * Copies `text`, then says so. The async clipboard needs a secure context and a focused page; when
 * it is missing or refused, a hidden textarea and the older copy command take over.
 */
export async function copyText(text: string, doneTitle = 'Link copied', what = 'the link'): Promise<boolean> {
  let copied = false;
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      copied = true;
    }
  } catch {
    copied = false;
  }
  if (!copied) copied = copyWithTextarea(text);
  if (copied) {
    toast({ title: doneTitle });
  } else {
    toast({
      title: 'Could not copy',
      description: `Your browser blocked the clipboard. Select ${what} and copy it yourself.`,
      variant: 'destructive',
    });
  }
  return copied;
}

function copyWithTextarea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
