/** Joins class names, skipping falsy ones (no merging: callers add classes, they do not override). */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
